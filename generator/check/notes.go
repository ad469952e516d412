package check

import (
	"fmt"
	"path"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// InNotes moves the link problems of a note's page that come from the
// note's own body to the note's file and line, where its author can fix
// them: the generated HTML's line means nothing to a note's author. A
// problem whose reference the body does not contain (a link the page's
// template made) stays at the page.
func InNotes(problems []Problem, notes []*model.Note) []Problem {
	byPage := map[string]*model.Note{}
	for _, n := range notes {
		byPage[path.Join(strings.TrimPrefix(urls.Note(n.Kind, n.ID), "/"), "index.html")] = n
	}
	out := make([]Problem, len(problems))
	for i, p := range problems {
		out[i] = p
		n := byPage[p.File]
		if n == nil || p.Ref == "" {
			continue
		}
		if line := bodyLine(n, p.Ref); line > 0 {
			out[i].File, out[i].Line = n.Source, line
			if !strings.Contains(p.Msg, p.File) {
				out[i].Msg = fmt.Sprintf("%s (on %s)", p.Msg, p.File)
			}
		}
	}
	return out
}

// bodyLine is the note's line that holds ref: as a Markdown destination
// first, then anywhere, then (for a link the generator rewrote, such as a
// relative link to another note) its fragment; 0 when the body lacks it.
func bodyLine(n *model.Note, ref string) int {
	needles := []string{"](" + ref, ref}
	if _, frag, ok := strings.Cut(ref, "#"); ok && frag != "" {
		needles = append(needles, "#"+frag)
	}
	for _, needle := range needles {
		if i := strings.Index(n.Body, needle); i >= 0 {
			return n.BodyLine + strings.Count(n.Body[:i], "\n")
		}
	}
	return 0
}

// UnresolvedLocal reports every relative link or image of a note that did
// not resolve (package localref), at the note's file and line: pages show
// them flagged, and the author still has to fix them.
func UnresolvedLocal(notes []*model.Note) []Problem {
	var out []Problem
	for _, n := range notes {
		for _, r := range n.Local {
			if r.Target.Kind != model.LocalUnresolved {
				continue
			}
			what := "link"
			if r.Image {
				what = "image"
			}
			out = append(out, Problem{File: n.Source, Line: r.Line, Ref: r.Dest,
				Msg: fmt.Sprintf("%s %q shown flagged, not linked: %s", what, r.Dest, r.Target.Why)})
		}
	}
	return out
}
