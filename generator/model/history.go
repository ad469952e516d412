package model

// Event is the commit of the source checkout's git history at which
// something changed.
type Event struct {
	Commit  string `json:"commit"`  // full hash
	Date    string `json:"date"`    // YYYY-MM-DD, the commit's (committer) date
	Version string `json:"version"` // python/version.txt (earlier: version.txt) at that commit; "" if absent
	// Subject is the first line of the commit's message. The history keeps
	// each commit's subject once and fills it in when applied (so its
	// cache does not repeat it per event); "" when unknown.
	Subject string `json:"subject,omitempty"`
}

// Since renders "0.2.18, 2024-09-10" (or just the date when the version is
// unknown), the form pages show.
func (e Event) Since() string {
	switch {
	case e.Version == "":
		return e.Date
	case e.Date == "":
		return e.Version
	}
	return e.Version + ", " + e.Date
}

// History is what the checkout's git history says about one option or
// variable. It is nil when the checkout is not a git repository.
type History struct {
	Added Event
	// Earliest is true when Added is the first revision read (the option
	// tables' first commit): the name may be older than that.
	Earliest bool
	Removed  *Event // nil while it exists
	// ReplacedBy names what took its place ("NVFUSER_ENABLE=kernel_lineinfo",
	// "NVFUSER_DUMP"); Replaces is the reverse link.
	ReplacedBy []string
	Replaces   []string
	// Descriptions are the descriptions it had, oldest first, each with the
	// commit that introduced the wording.
	Descriptions []Description
}

// Description is one wording of a description and when it appeared.
type Description struct {
	Event
	Text string
}

// IsRemoved says whether the history records the name as gone.
func (h *History) IsRemoved() bool { return h != nil && h.Removed != nil }

// Change kinds, listed on the "what changed" page.
const (
	ChangeAdded   = "added"
	ChangeRemoved = "removed"
	ChangeRenamed = "renamed"
)

// Change is one line of the "what changed" page: an option or variable
// added, removed or renamed at a commit.
type Change struct {
	Event
	Kind     string // ChangeAdded, ChangeRemoved, ChangeRenamed
	Subject  string // "NVFUSER_DUMP=debug_info" or "NVFUSER_NUM_THREADS"
	To       string // for renames: the new name
	IsOption bool
}
