package emit

import (
	"sort"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// indexInbound groups the handbook URLs written in nvFuser's tree by the
// site path they ask for, so each page can list where nvFuser links to it.
func (e *emitter) indexInbound() {
	e.inbound = map[string][]model.Location{}
	for _, l := range e.h.Inbound {
		e.inbound[l.Path] = append(e.inbound[l.Path], l.Where)
	}
}

// linkedFrom lists, as pinned source links, the places in nvFuser that
// link to any of paths (a page's own path, its short link, its aliases).
// model.Handbook.Inbound is sorted, so each list is too.
func (e *emitter) linkedFrom(paths ...string) []model.Location {
	var out []model.Location
	seen := map[model.Location]bool{}
	for _, p := range paths {
		for _, loc := range e.inbound[p] {
			if !seen[loc] {
				seen[loc] = true
				out = append(out, loc)
			}
		}
	}
	sortLocs(out)
	return out
}

// notePaths are every path that answers for a note: its page first, its
// short link, both for each earlier id, and the pages it was published as
// under another kind or id (model.Note.Former, movedPaths), each once.
func (e *emitter) notePaths(n *model.Note) []string {
	out := []string{urls.Note(n.Kind, n.ID), urls.Short(n.ID)}
	for _, a := range n.Aliases {
		out = append(out, urls.Note(n.Kind, a), urls.Short(a))
	}
	for _, f := range n.Former {
		out = append(out, urls.Note(f.Kind, f.ID), urls.Short(f.ID))
	}
	out = append(out, e.moved[n]...)
	seen := map[string]bool{}
	kept := out[:0]
	for _, p := range out {
		if !seen[p] {
			seen[p] = true
			kept = append(kept, p)
		}
	}
	return kept
}

func sortLocs(l []model.Location) {
	sort.Slice(l, func(i, j int) bool {
		if l[i].File != l[j].File {
			return l[i].File < l[j].File
		}
		return l[i].Line < l[j].Line
	})
}

// movedPaths finds, for each note, its pages under another kind that the
// last published build served (Site.Published): a note classified again
// (a runbook now read as a guide, a doc once given as a note) keeps its
// old address as a redirect, so nobody's link breaks. A path that is now
// another note's own page stays that page.
func movedPaths(h *model.Handbook, published map[string]bool) map[*model.Note][]string {
	if len(published) == 0 {
		return nil
	}
	own := map[string]bool{}
	for _, n := range h.Notes {
		own[urls.Note(n.Kind, n.ID)] = true
	}
	out := map[*model.Note][]string{}
	for _, n := range h.Notes {
		ids := append([]string{n.ID}, n.Aliases...)
		for _, kind := range []string{model.KindRunbook, model.KindGuide, model.KindNotes} {
			if kind == n.Kind {
				continue
			}
			for _, id := range ids {
				if p := urls.Note(kind, id); published[p] && !own[p] {
					out[n] = append(out[n], p)
				}
			}
		}
	}
	return out
}
