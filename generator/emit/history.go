package emit

import (
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// historyParams is what a reference page shows of its git history; the
// model computed every fact, this only formats it.
type historyParams struct {
	Since         string    `toml:"since,omitempty"` // "0.2.10, 2024-09-10"
	SinceCommit   Link      `toml:"since_commit,omitempty"`
	Earliest      bool      `toml:"earliest,omitempty"` // present in the first revision read
	Removed       string    `toml:"removed,omitempty"`  // "0.2.10, 2024-09-10" when gone
	RemovedCommit Link      `toml:"removed_commit,omitempty"`
	ReplacedBy    []Ref     `toml:"replaced_by,omitempty"`
	Replaces      []Ref     `toml:"replaces,omitempty"`
	Wordings      []wording `toml:"wordings,omitempty"` // earlier descriptions, when it had several
}

type wording struct {
	Since string `toml:"since"`
	Text  string `toml:"text"`
}

func (e *emitter) historyParams(h *model.History) historyParams {
	var p historyParams
	if h == nil {
		return p
	}
	p.Since, p.SinceCommit, p.Earliest = h.Added.Since(), e.commitLink(h.Added), h.Earliest
	if h.Removed != nil {
		p.Removed, p.RemovedCommit = h.Removed.Since(), e.commitLink(*h.Removed)
	}
	p.ReplacedBy, p.Replaces = e.nameRefs(h.ReplacedBy), e.nameRefs(h.Replaces)
	if len(h.Descriptions) > 1 {
		for _, d := range h.Descriptions {
			p.Wordings = append(p.Wordings, wording{Since: d.Since(), Text: d.Text})
		}
	}
	return p
}

// commitLink links a commit of the checkout to the repository browser,
// with its subject.
func (e *emitter) commitLink(ev model.Event) Link {
	if ev.Commit == "" {
		return Link{}
	}
	return Link{Text: shortHash(ev.Commit), URL: urls.Commit(e.site.RepoURL, ev.Commit), Subject: ev.Subject}
}

// nameRefs turns "NVFUSER_ENABLE=kernel_lineinfo" and "NVFUSER_DUMP" into
// links to their pages, when the handbook has them.
func (e *emitter) nameRefs(names []string) []Ref {
	var out []Ref
	for _, n := range names {
		out = append(out, Ref{Title: n, URL: e.namePath(n)})
	}
	return out
}

// namePath is the page of an option ("ENV=name") or variable, or "".
func (e *emitter) namePath(n string) string {
	if env, name, ok := strings.Cut(n, "="); ok {
		if o := e.h.Option(env, name); o != nil {
			return urls.Option(o.Family, o.Name)
		}
		return ""
	}
	if e.h.Variable(n) != nil {
		return urls.Var(n)
	}
	return ""
}

// apiEvent is an Event for the JSON API, nil when unknown.
func apiEvent(ev *model.Event) *model.Event {
	if ev == nil || ev.Commit == "" {
		return nil
	}
	c := *ev
	return &c
}

// apiLife fills the history and hint fields every option and variable
// entry of the API carries.
func apiLife(h *model.History, hints []model.Hint) APILife {
	l := APILife{ReplacedBy: []string{}, Replaces: []string{}, Hints: apiHints(hints)}
	if h != nil {
		l.Added, l.Removed = apiEvent(&h.Added), apiEvent(h.Removed)
		l.ReplacedBy, l.Replaces = append(l.ReplacedBy, h.ReplacedBy...), append(l.Replaces, h.Replaces...)
	}
	return l
}

// changesFront is the "what changed" page: additions, removals and renames
// grouped by nvFuser version, newest first.
type changesFront struct {
	Title       string        `toml:"title"`
	Description string        `toml:"description"`
	Layout      string        `toml:"layout"`
	Weight      int           `toml:"weight"`
	Params      changesParams `toml:"params"`
}

type changesParams struct {
	Kind     string          `toml:"kind"`
	First    string          `toml:"first"` // the earliest revision read
	Versions []changeVersion `toml:"versions"`
}

type changeVersion struct {
	Version string       `toml:"version"` // "" when the revision had no version file
	Anchor  string       `toml:"anchor"`
	Changes []changeItem `toml:"changes"`
}

type changeItem struct {
	Date    string `toml:"date"`
	Commit  Link   `toml:"commit"`
	Kind    string `toml:"kind"`
	Subject Ref    `toml:"subject"`
	To      []Ref  `toml:"to,omitempty"`
}

// changesPage is written only when the git history was read: a plain tree
// builds as it always did.
func (e *emitter) changesPage() error {
	if !e.h.HasHistory {
		return nil
	}
	f := changesFront{Title: "What changed", Layout: "changes", Weight: 65,
		Description: "Options and variables added, removed and renamed in nvFuser, by version, from the checkout's git history."}
	f.Params.Kind = "changes"
	if first := e.firstEvent(); first != nil {
		f.Params.First = first.Since()
	}
	// Newest version first; within one, newest change first.
	for i := len(e.h.Changes) - 1; i >= 0; i-- {
		c := e.h.Changes[i]
		vs := &f.Params.Versions
		if len(*vs) == 0 || (*vs)[len(*vs)-1].Version != c.Version {
			*vs = append(*vs, changeVersion{Version: c.Version, Anchor: "v" + strings.ReplaceAll(c.Version, ".", "-")})
		}
		it := changeItem{Date: c.Date, Commit: e.commitLink(c.Event), Kind: c.Kind, Subject: Ref{Title: c.Subject, URL: e.namePath(c.Subject)}}
		if c.To != "" {
			it.To = e.nameRefs(strings.Split(c.To, ", "))
		}
		v := &(*vs)[len(*vs)-1]
		v.Changes = append(v.Changes, it)
	}
	return e.put(strings.Trim(urls.Changes, "/")+".md", page{front: f})
}

// firstEvent is the oldest addition the model knows, for "since" wording.
func (e *emitter) firstEvent() *model.Event {
	var first *model.Event
	for _, o := range e.h.Options {
		if o.History != nil && (first == nil || o.History.Added.Date < first.Date) {
			ev := o.History.Added
			first = &ev
		}
	}
	return first
}

// staleText is the flag a note shows beside a name that went away.
func staleText(h *model.History) string {
	if !h.IsRemoved() {
		return ""
	}
	s := "removed in " + h.Removed.Version
	if h.Removed.Version == "" {
		s = "removed " + h.Removed.Date
	}
	if len(h.ReplacedBy) > 0 {
		s += ", use " + strings.Join(h.ReplacedBy, ", ")
	}
	return s
}
