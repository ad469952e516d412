package model

import (
	"slices"
	"strconv"
	"strings"
)

// Note kinds.
const (
	KindRunbook = "runbook" // an investigation of a failure
	KindGuide   = "guide"   // how-to workflows
	KindNotes   = "notes"   // anything else
)

// Runbook statuses.
const (
	StatusOpen       = "open"
	StatusWorkaround = "workaround"
	StatusResolved   = "resolved"
)

// Note is one investigation note, guide or other document, with the facts
// extracted from it. Every list is sorted and free of duplicates so output
// is deterministic.
type Note struct {
	ID      string   // from the file name (or front matter "id"); the URL slug
	Aliases []string // earlier ids from front matter, kept as redirects
	Title   string
	Kind    string // KindRunbook, KindGuide, KindNotes
	Status  string // runbooks only
	Source  string // path as given on the command line or in config
	// Path is the note's path relative to the notes folder (or glob base)
	// it came from: what published pages and the JSON API show, so no
	// path of the build machine is ever published.
	Path string
	// Doc says the note is one of nvFuser's docs, read from the checkout:
	// Path is its path there (doc/dev/tma.md), and its source is linked
	// at the checkout's commit.
	Doc bool `json:",omitempty"`
	// Former are addresses the note was published at before, under
	// another kind or id (a copy of a doc folded into it, a note whose kind
	// changed since the last build): each keeps answering as a redirect.
	// Sorted by kind, then id.
	Former []NoteRef `json:",omitempty"`
	// Copies are the notes found to be copies of this doc and published
	// as it (see assemble's copies.go), sorted by path.
	Copies []NoteCopy `json:",omitempty"`
	// ListTitle is what lists show when another note has the same title:
	// Title and where the note comes from ("Debugging (nvFuser doc/dev)",
	// "Debugging (notes)"); "" when Title alone tells it apart.
	ListTitle string `json:",omitempty"`
	Date      string // YYYY-MM-DD, from front matter or the note itself; "" if unknown

	Symptom string // first paragraph of the problem/summary section

	// Body is the markdown to render, front matter removed. Summary blocks
	// and links are added by later stages, never by changing Body.
	Body string
	// BodyLine is the line of Source on which Body starts (1-based).
	BodyLine int

	Commands   []Command
	Env        []EnvSetting
	Options    []OptionUse
	Files      []FileRef
	Symbols    []string
	Tests      []string
	Commits    []string
	Issues     []string // "#1234" PR or issue numbers
	Tools      []string
	Dates      []string
	Signatures []Signature
	Checklist  Checklist

	// Freshness has a verdict for each reference in Files that says
	// something (see freshness.Repo.Check); empty when the source is not a
	// git checkout or the note has no date (generator/freshness).
	Freshness []Freshness `json:",omitempty"`
	// UnsafeURLs are the link and image destinations that must not become
	// links (see notes.URLSafety), in document order: rendered as text,
	// reported by gen check.
	UnsafeURLs []UnsafeURL
	// Local are the body's relative link and image destinations
	// ("tma/box.svg", "../reading/x.md#y", "../../csrc/ops/alias.h"), in
	// document order: found by the notes stage, their Target filled in by
	// package localref in the model stage.
	Local []LocalRef `json:",omitempty"`
	// Warnings are what reading the note found worth telling its author
	// and did not refuse: a code fence option the handbook drops
	// (mdconf.FenceOptions), at the fence's line.
	Warnings []Diagnostic `json:",omitempty"`

	// Mentions are where Body names something a page may link to, in
	// order: found once by the extract stage, spliced into links by
	// linkify without reading the markdown again.
	Mentions []Mention
}

// ListedTitle is the title a list shows: ListTitle when another note
// shares the title, else Title.
func (n *Note) ListedTitle() string {
	if n.ListTitle != "" {
		return n.ListTitle
	}
	return n.Title
}

// NoteRef names a note's page by kind and id.
type NoteRef struct {
	Kind string
	ID   string
}

// NoteCopy is a note folded into the doc it copies.
type NoteCopy struct {
	Path    string // the note's path, as its page would have shown it
	ID      string
	Kind    string
	Percent int // how much of the two texts' 5-word runs they share (Jaccard, rounded down)
}

// UnsafeURL is a destination in a note that is rendered as inert text.
type UnsafeURL struct {
	URL  string // as the renderer receives it (escapes and entities still raw)
	Line int    // line in the note
	Why  string
}

// LocalRef is a relative destination in a note's body: a Markdown link or
// image, or the src of an HTML <img>.
type LocalRef struct {
	Dest  string // as the renderer receives it (Markdown escapes resolved, %-escapes kept)
	Line  int    // line in the note's file
	Image bool   // shown as an image, not followed as a link
	HTML  bool   // from raw HTML (<img src>), not Markdown
	// Target is what Dest resolves to (package localref).
	Target LocalTarget
}

// LocalKind says what a LocalRef resolved to.
type LocalKind uint8

// Local target kinds.
const (
	LocalUnresolved LocalKind = iota // Why says why; shown flagged, never linked
	LocalNote                        // another note: NoteKind, NoteID
	LocalSource                      // a file of the checkout: Path
	LocalSourceDir                   // a folder of the checkout: Path
	LocalAsset                       // an image published beside the page: Name, File
)

// LocalTarget is where a LocalRef leads.
type LocalTarget struct {
	Kind     LocalKind
	NoteKind string // LocalNote
	NoteID   string // LocalNote
	Path     string // LocalSource, LocalSourceDir: slash path inside the checkout
	// Name is a LocalAsset's slash path relative to the note's page: the
	// destination itself when it stays inside the note's folder.
	Name     string
	File     string // LocalAsset: the file on disk to publish
	Fragment string // "#..." of the destination, without the "#"
	Why      string // LocalUnresolved
}

// MentionKind says what a Mention names.
type MentionKind uint8

// Mention kinds.
const (
	MentionVariable   MentionKind = iota + 1 // a variable name: Name
	MentionAssignment                        // NAME=value: Name, and Options when the value is a literal option list
	MentionFile                              // a file in the nvFuser tree: File
	MentionPR                                // "#1234": Name
	MentionURL                               // a bare URL: never linked, and nothing inside it is
	MentionTest                              // a pytest or gtest id: Name, as in Note.Tests
	MentionSymbol                            // a qualified C++ name: Name, as in Note.Symbols
)

// Mention is a place in a note's Body, Body[Start:End], that names a
// variable, options, a file, a pull request, a test or a symbol. Mentions
// are found only where a reader sees plain text (not in code blocks,
// links, headings or raw HTML anchors) or in an inline code span that
// holds exactly one such thing; then Code is set and Start:End is the whole span, backticks
// included. Mentions in text may overlap (a variable inside an
// assignment): the longest, earliest one that links wins.
type Mention struct {
	Start, End int
	Kind       MentionKind
	Code       bool
	Name       string          // the variable as written; "#1234"; the test or symbol as its list records it
	Options    []MentionOption // MentionAssignment: the options of its value (for a code span, only when it is one option)
	File       FileRef         // MentionFile
}

// MentionOption is one option in an assignment's value, Body[Start:End].
type MentionOption struct {
	Start, End int
	Name       string
}

// Command is a command to reproduce or inspect the failure.
type Command struct {
	Text string
	Kind string // pytest, gtest, python, shell
	Line int
}

// EnvSetting is NAME=value seen in a note.
type EnvSetting struct {
	Name  string
	Value string
	Line  int
}

// OptionUse is an option named in the value of an option-family variable,
// e.g. fusion_ir in NVFUSER_DUMP=fusion_ir,cuda_kernel.
type OptionUse struct {
	Env   string
	Name  string
	Args  []string
	Known bool // exists in the option tables read this run
	Line  int
}

// FileRef is a reference to a file in the nvFuser tree.
type FileRef struct {
	Path   string // repo-relative: "csrc/ir/storage.cpp"
	Start  int    // 0 when no line was given
	End    int    // == Start for a single line
	Line   int    // line in the note
	Exists bool   // found in the source checkout (false when no checkout was read)
	Raw    string // the text as written, before normalisation
}

// String renders "path", "path:a" or "path:a-b".
// Variables are the names of the variables the note sets, each once, in
// the order of Env.
func (n *Note) Variables() []string {
	var out []string
	for _, s := range n.Env {
		if !slices.Contains(out, s.Name) {
			out = append(out, s.Name)
		}
	}
	return out
}

func (f FileRef) String() string {
	s := f.Path
	if f.Start > 0 {
		s += ":" + strconv.Itoa(f.Start)
		if f.End > f.Start {
			s += "-" + strconv.Itoa(f.End)
		}
	}
	return s
}

// ParseFileRef reads "path", "path:a" or "path:a-b" (FileRef.String's
// forms) back into a reference.
func ParseFileRef(s string) FileRef {
	p, lines, _ := strings.Cut(s, ":")
	r := FileRef{Path: p}
	if a, b, ok := strings.Cut(lines, "-"); lines != "" {
		r.Start, _ = strconv.Atoi(a)
		r.End = r.Start
		if ok {
			r.End, _ = strconv.Atoi(b)
		}
	}
	return r
}

// Signature is text that identifies a failure: an assertion message, a
// sanitizer headline, a signal, a stack frame. The error lookup indexes them.
type Signature struct {
	Kind string // assert, sanitizer, signal, frame, exception, gtest, compiler, oom, cuda, comm, mismatch
	Text string
	Line int
}

// Checklist counts task-list items ("- [x] ...") in the note.
type Checklist struct {
	Done  int
	Total int
	Items []ChecklistItem
}

// ChecklistItem is one "- [ ]" or "- [x]" item.
type ChecklistItem struct {
	Text string
	Done bool
}

// Freshness statuses: what became of the lines a note points at since the
// note was written.
const (
	FreshUnchanged = "unchanged" // same file, same lines, same text
	FreshChanged   = "changed"   // a commit after the note edited those lines
	FreshMoved     = "moved"     // same text, now at another path or other line numbers
	FreshDeleted   = "deleted"   // the file, or every referenced line, is gone
	FreshMissing   = "missing"   // the file did not exist at the note's date
)

// Freshness is the verdict on one file reference of a note, when the source
// is a git checkout and the note has a date.
type Freshness struct {
	Ref     string   `json:"ref"`     // "path:a-b" as the note gives it (FileRef.String)
	Status  string   `json:"status"`  // Fresh*
	Since   string   `json:"since"`   // the note's date, YYYY-MM-DD
	Commits []string `json:"commits"` // commits after Since that changed or removed the lines, oldest first
	Now     string   `json:"now"`     // "path:c-d" at the checkout's HEAD; "" when deleted or missing
}

// Stale reports whether the reference no longer shows what the note saw
// where the note says it is.
func (f Freshness) Stale() bool { return f.Status != FreshUnchanged }
