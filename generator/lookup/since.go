package lookup

import (
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/rank"
)

// "Is it fixed in my version?" For a check matched in a paste from a
// build older than the handbook's, what happened to it since: moved (the
// line the build had, the line today), reworded (found by an older
// wording), removed, and the commits after that build that changed the
// function it is in, newest first, each with its date and version. The
// browser says the same (since in lookup.js).

// since lists what happened to the hit's check after version v ("" says
// nothing: the build is unknown).
func (idx *Index) since(h rank.Hit, v string) []string {
	if v == "" {
		return nil
	}
	e := h.Entry
	var out []string
	for _, ev := range h.Evidence {
		if rest, ok := strings.CutPrefix(ev, "build:"); ok {
			place, _, _ := strings.Cut(rest, "@")
			if e.Kind != "removed" && place != e.File+":"+strconv.Itoa(e.Lines[0]) {
				out = append(out, "moved: "+place+" in "+v+", "+e.File+":"+strconv.Itoa(e.Lines[0])+" now")
			}
		}
		if strings.HasPrefix(ev, "wording:") && e.Kind != "removed" {
			out = append(out, "reworded since: it now prints \u201c"+strings.Trim(e.Message, asciiSpace)+"\u201d")
		}
	}
	if e.Kind == "removed" {
		out = append(out, "removed since: its page says when, and what replaced it")
	}
	return out
}

// SinceChange is a commit after the paste's build that changed the
// function of the check matched.
type SinceChange struct {
	Commit  string `json:"commit"` // short hash
	Date    string `json:"date"`
	Version string `json:"version"`
	Subject string `json:"subject,omitempty"`
	URL     string `json:"url,omitempty"`
}

// String is how text output lists it: "changed: Subject (2025-03-01,
// 0.2.26, abc123456)".
func (c SinceChange) String() string {
	s := "changed: "
	if c.Subject != "" {
		s += c.Subject + " "
	}
	return s + "(" + c.Date + ", " + c.Version + ", " + c.Commit + ")"
}

// changes lists the commits after version v that changed the hit's
// function, newest first ("" says nothing).
func (idx *Index) changes(h rank.Hit, v string) []SinceChange {
	if v == "" {
		return nil
	}
	var out []SinceChange
	for _, c := range idx.FnChanges[h.Entry.File+"#"+h.Entry.Fn] {
		f := strings.Fields(c)
		if len(f) == 3 && model.CompareVersions(f[2], v) > 0 {
			sc := SinceChange{Commit: f[0], Date: f[1], Version: f[2], Subject: idx.Subjects[f[0]]}
			if idx.CommitURL != "" {
				sc.URL = idx.CommitURL + f[0]
			}
			out = append(out, sc)
		}
	}
	return out
}

func shortCommit(h string) string {
	if len(h) > 9 {
		return h[:9]
	}
	return h
}
