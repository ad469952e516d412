package model

import "strings"

// Check is one place in nvFuser's C++ that raises an error or prints a
// warning through a checking macro: NVF_ERROR(cond, "text ", value),
// NVF_CHECK_EQ(a, b, ...), NVF_THROW(...), TORCH_WARN(...).
type Check struct {
	// ID names the check across lines moving, files being renamed and
	// small rewordings (generator/checks documents the scheme); it is the
	// last segment of the check's URL.
	ID    string
	Macro string // "NVF_ERROR_EQ"
	Kind  string // CheckInternal, CheckUser, CheckThrow, CheckWarning
	// Pieces are the message's literal runs, in order, with one run-time
	// value between two pieces: "Found ", " vs ", ". " for NVF_ERROR_EQ
	// with no message of its own. len(Pieces) is one more than the
	// number of values; a message starting with a value has Pieces[0] "".
	Pieces []string
	// Condition is the checked expression as nvFuser prints it after
	// "Expected " (the macro argument's text, spaces as the preprocessor
	// keeps them); "" for NVF_THROW and warnings.
	Condition string
	Where     Location // the macro name's line
	EndLine   int      // the line of the call's closing parenthesis
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

	// Found by later stages (assemble), each sorted by place.
	Tests     []ExpectedError // tests in the checkout expecting this error
	Notes     []*Note         // notes quoting its message
	Variables []*Variable     // variables its message names
	Options   []*Option       // options its message names (NAME=option)
	// FunctionChanges are the last commits that changed the function the
	// check is in (its named function), newest first, from the history:
	// for "it started after I updated".
	FunctionChanges []Event
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
