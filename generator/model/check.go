package model

import "strings"

// Check is one place in nvFuser's C++ that raises an error or prints a
// warning through a checking macro: NVF_ERROR(cond, "text ", value),
// NVF_CHECK_EQ(a, b, ...), NVF_THROW(...), TORCH_WARN(...).
type Check struct {
	// ID names the check across lines moving, files being renamed and
	// small rewordings (generator/checks documents the scheme); it is the
	// last segment of the check's URL.
	ID string
	// Base is the id before collisions are numbered (checks.BaseID),
	// kept by the extractor that computed it: the history and emit ask for
	// it of every check, and gen serve after every note edit.
	Base  string
	Macro string // "NVF_ERROR_EQ"
	Kind  string // CheckInternal, CheckUser, CheckThrow, CheckWarning
	// Pieces are the message's literal runs, in order, with one run-time
	// value between two pieces: "Found ", " vs ", ". " for NVF_ERROR_EQ
	// with no message of its own. len(Pieces) is one more than the
	// number of values; a message starting with a value has Pieces[0] "".
	Pieces []string
	// Values are what nvFuser prints at each value of the message, in
	// order, as the source spells it (a compared operand, an argument,
	// what was streamed into a stream): a check page labels its slots with
	// them. One per value when the extractor could tell them all apart;
	// nil otherwise.
	Values []string
	// Condition is the checked expression as nvFuser prints it after
	// "Expected " (the macro argument's text, spaces as the preprocessor
	// keeps them); "" for NVF_THROW and warnings.
	Condition string
	// Args are the message's arguments as written (after the condition or
	// the compared values), spelled as Condition is: what the quality
	// report reads to tell whether a message prints the compared values.
	Args    []string
	Where   Location // the macro name's line
	EndLine int      // the line of the call's closing parenthesis
	// Function is the name nvFuser prints in "Exception raised from F at
	// FILE:LINE" (__func__: unqualified, "operator()" inside a lambda);
	// "" when the check sits in a macro body or outside any function.
	Function string
	// Within is the named function around a lambda's check (the one a
	// reader knows it by); equal to Function outside lambdas.
	Within string
	// Macro body the check is written in (#define NAME ...), if any: it
	// then raises from wherever NAME is used.
	InMacro string
	// Via is the macro written at Where that expands to the check
	// (GROUP_REDUCTION_CHECK, NVFUSER_NVRTC_SAFE_CALL): the check users
	// see fire from this line. "" for a check written out.
	Via string
	// Legacy is the id the check had before the extractor read it right
	// (its function or message was wrong): its page answers there too.
	// "" when the reading did not change.
	Legacy string
	// Caught are what the check's message prints before each error
	// nvFuser caught and carries in it, as templates
	// ("Error from segmentation group {}:"): the check wraps other
	// errors, and a paste is cut at each (generator/checks, caught.go).
	Caught []string

	// History is when its id first appeared (generator/history); nil
	// without git. Formerly lists the ids it had before being reworded,
	// oldest first: its page answers at those URLs too.
	History  *History
	Formerly []string

	// Code is the source around the check (a few lines before the call to
	// a few after), starting at line CodeStart: what its page shows.
	Code      string
	CodeStart int
	// CodeSpans are Code cut into tokens by what each is (the extract
	// stage lexes the whole file, so a snippet starting inside a comment
	// is still read right); joined, they are Code. Emit highlights the
	// code from them.
	CodeSpans []CodeSpan

	// Comment is the comment block right above the call, as nvFuser's
	// authors wrote it (markers off); FuncDoc the one right above the
	// declaration of the named function the check is in, which spans
	// lines FuncStart to FuncEnd (0 in a macro body).
	// ConditionWords says the condition in words where it is a plain
	// comparison ("a must equal b"); nil otherwise.
	ConditionWords     []Phrase
	Comment            SourceComment
	FuncDoc            SourceComment
	FuncStart, FuncEnd int

	// Found by later stages (assemble), each sorted by place.
	Tests     []ExpectedError // tests in the checkout expecting this error
	Notes     []*Note         // notes quoting its message
	Variables []*Variable     // variables its message names
	Options   []*Option       // options its message names (NAME=option)
	// Try are the options and variables read on its code path (in its
	// function, then in its file) and the dump options its area reads:
	// what to try, each with where nvFuser reads it.
	Try []CheckTry
	// Explanation is what people wrote about the check in the handbook's
	// explanations/ folder, if anything (a file named by its id, or by an
	// id it had before).
	Explanation *Explanation
	// FunctionChanges are the last commits that changed the function the
	// check is in (its named function), newest first, from the history:
	// for "it started after I updated".
	FunctionChanges []Event
}

// SourceComment is a comment block of the checkout: its text with the
// comment markers taken off, and the lines it spans in the check's file.
type SourceComment struct {
	Text          string
	Line, EndLine int
}

// Phrase is a piece of a sentence about code: words, or an expression
// from the source (Code), which a page sets in code type.
type Phrase struct {
	Text string
	Code bool
}

// Check kinds. They are part of the JSON API; do not rename.
const (
	CheckInternal = "internal-assert" // NVF_ERROR and its comparison forms: a bug in nvFuser
	CheckUser     = "user-check"      // NVF_CHECK and its forms: the caller's input is refused
	CheckThrow    = "throw"           // NVF_THROW: reached code that should be unreachable
	CheckWarning  = "warning"         // TORCH_WARN, TORCH_WARN_ONCE
)

// CheckKinds lists every kind in the order index pages show them, with a
// title for readers.
var CheckKinds = []struct{ Kind, Title string }{
	{CheckUser, "User-facing checks"},
	{CheckInternal, "Internal asserts"},
	{CheckThrow, "Throws"},
	{CheckWarning, "Warnings"},
}

// Placeholder stands for a run-time value in Message.
const Placeholder = "{}"

// Message is the message template: the pieces joined by Placeholder.
func (c *Check) Message() string { return strings.Join(c.Pieces, Placeholder) }

// Area is the folder under csrc/ the check is in ("device_lower",
// "scheduler"), "csrc" for a file directly in it, or the top folder
// ("python") outside csrc/.
func (c *Check) Area() string {
	f := c.Where.File
	if rest, ok := strings.CutPrefix(f, "csrc/"); ok {
		if dir, _, ok := strings.Cut(rest, "/"); ok {
			return dir
		}
		return "csrc"
	}
	dir, _, _ := strings.Cut(f, "/")
	return dir
}

// ExpectedError is a test in the checkout that expects an error: the text
// it matches the message against, and where the expectation is written.
type ExpectedError struct {
	Text  string // the substring or pattern the test expects
	Regex bool   // Text is a regular expression (pytest.raises(match=...))
	Where Location
	Name  string // the test's name, when found ("TEST_F(Suite, Name)" -> "Suite.Name")
	// Body is the test's code up to a little after the expectation (at
	// most a screenful), from line BodyStart; BodySpans the same cut
	// into tokens for a C++ test (none for Python: shown plain).
	Body      string
	BodyStart int
	BodySpans []CodeSpan

	// Set per check by checks.ExpectedBy. Shared is the number of checks
	// the text fits when nothing in the test tells them apart (the test is
	// then listed on each as "expects this text, which N checks share");
	// 0 when the test reaches this check. Evidence says how the test was
	// told apart when its text fits several checks.
	Shared   int
	Evidence string
}

// RemovedCheck is a check id the git history saw go away and not come
// back: what is known of it, for the API and lookups of older errors.
type RemovedCheck struct {
	ID         string
	Function   string
	Added      Event
	Removed    Event
	ReplacedBy string // the id it was reworded into, if any
	// Where it was last seen (file and line), when the history knows.
	Where Location
	// Last is the check as the last revision that had it wrote it: nil
	// when the history could not read that revision.
	Last *RemovedCode
	// SameMessage are today's checks that print its last message
	// elsewhere (what took its place, when it was not reworded).
	SameMessage []*Check
	// Explanation written for it while it existed, now orphaned.
	Explanation *Explanation
}

// RemovedCode is a removed check in the last revision that had it.
type RemovedCode struct {
	// At is the commit that made that revision of its file: the file at
	// At holds the check at Where.Line (pinned links point there).
	At        Event
	Macro     string
	Kind      string
	Pieces    []string // as Check.Pieces
	Condition string
	EndLine   int
	// Code, CodeStart and CodeSpans are as a Check's.
	Code      string
	CodeStart int
	CodeSpans []CodeSpan
}

// Message is the message with its values as Placeholder, as Check's.
func (r *RemovedCode) Message() string { return strings.Join(r.Pieces, Placeholder) }

// Explanation is a file of the handbook's explanations/ folder: what a
// check means, an example that fails, the fix, in Markdown.
type Explanation struct {
	ID   string // the id its file is named by
	File string // "explanations/<id>.md"
	Body string
	// Summary is its first paragraph as plain text (Markdown's marks
	// off), at most about 300 characters: what the lookup shows.
	Summary string
}

// PastSpot is a file and line where a check that exists today sat in
// past revisions (generator/history): an error from an older build names
// the line it had then.
type PastSpot struct {
	File  string
	Line  int
	Check string // the check's id today, or a removed check's id
	// Removed: the check is gone (its page is a removed check's).
	Removed bool
	// From and To are the first and last nvFuser versions whose revisions
	// had it at this line ("" when the history knew no version).
	From, To string
	// Current: the check's line today (kept for its versions only).
	Current bool
}

// Where a check's "what to try" line comes from.
const (
	TryFunction = "function" // read in the check's function
	TryFile     = "file"     // read elsewhere in its file
	TryArea     = "area"     // a dump option read in its area
)

// CheckTry is an option or variable to try for a check: a setting one can
// paste, where nvFuser reads it, and the notes that name it.
type CheckTry struct {
	Setting  string // "NVFUSER_DISABLE=parallel_compile", or a variable's name
	Option   *Option
	Variable *Variable
	Scope    string   // TryFunction, TryFile, TryArea
	Where    Location // a place nvFuser reads it (the first in its scope)
	Notes    []*Note  // notes that name the option
}

// CheckStep is a step every check of some kinds shares (config.toml's
// [[params.handbook.check_steps]]), what it names found in the checkout.
type CheckStep struct {
	Kinds   []string
	Text    string
	Setting string  // a setting to paste, its option or variable checked
	Option  *Option // the option Setting sets, if one
	Guide   *Note   // the page that explains it
	URL     string  // an outside page
	Rule    Location
}

// StepsFor returns the steps for checks of kind k.
func (h *Handbook) StepsFor(k string) []CheckStep {
	var out []CheckStep
	for _, s := range h.CheckSteps {
		for _, x := range s.Kinds {
			if x == k {
				out = append(out, s)
				break
			}
		}
	}
	return out
}
