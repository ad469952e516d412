package model

import "strings"

// Revision is the nvFuser commit a checkout was at when the handbook was
// built. It is zero for a plain tree (no git) and for the embedded example.
type Revision struct {
	Commit string // full hash
	Date   string // the commit's committer date, ISO 8601 (from git, not the build clock)
}

// IsZero reports whether no commit is known.
func (r Revision) IsZero() bool { return r.Commit == "" }

// Short is the abbreviated hash shown to readers.
func (r Revision) Short() string {
	if len(r.Commit) > 12 {
		return r.Commit[:12]
	}
	return r.Commit
}

// Day is the date part of Date ("2026-04-03").
func (r Revision) Day() string {
	d, _, _ := strings.Cut(r.Date, "T")
	return d
}

// Hint is a message nvFuser prints (an error, a check failure, a warning)
// that names a variable or an option: nvFuser suggesting it to whoever reads
// the message.
type Hint struct {
	Kind    string   // HintError, HintWarning, HintRejection, HintMessage
	Macro   string   // the macro that prints it: "NVF_ERROR", "TORCH_WARN"
	Message string   // the message's literal text; "…" stands for values computed at run time
	Where   Location // the line of the literal that names the variable or option
	// CheckID is the handbook's check that prints the message, when it is
	// one (NVF_ERROR, TORCH_WARN, ...; assemble's mergeChecks); Where is
	// then the check's own line, the one its page shows.
	CheckID string `json:",omitempty"`
}

// Hint kinds.
const (
	HintError     = "error"     // a failed check: NVF_ERROR, NVF_CHECK, NVF_THROW
	HintWarning   = "warning"   // TORCH_WARN, TORCH_WARN_ONCE
	HintRejection = "rejection" // a scheduler's reason for turning a fusion down
	HintMessage   = "message"   // other text nvFuser prints or returns: NAME=value in a string literal
)

// InboundLink is a handbook URL written somewhere in nvFuser's tree (a
// comment, an error message, a doc): nvFuser linking into the handbook.
type InboundLink struct {
	URL   string   // as written
	Path  string   // relative to the handbook's base URL, with its leading "/", query dropped
	Where Location // file and line in the checkout
}
