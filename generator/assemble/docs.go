package assemble

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/internal/pathglob"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// overrides are the configuration's [[params.handbook.overrides]], each
// with its compiled glob.
type overrides struct {
	list  []config.Override
	globs []*pathglob.Glob
}

func compileOverrides(list []config.Override) (*overrides, error) {
	o := &overrides{list: list}
	for _, e := range list {
		g, err := pathglob.Compile(e.Match)
		if err != nil { // config.Load checked them; a hand-made Facts may not have
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		o.globs = append(o.globs, g)
	}
	return o, nil
}

// preset is what the handbook says about one file before it is parsed: a
// doc of the checkout is a guide with an id from its checkout path, and
// every override whose glob matches the file's path (the one its page
// shows) applies, a later entry winning field by field.
func (o *overrides) preset(f sources.File) notes.Preset {
	var p notes.Preset
	if f.Doc {
		p.ID, p.DefaultKind, p.Origin = notes.DocID(f.Rel), model.KindGuide, "nvFuser "+path.Dir(f.Rel)
	}
	for i, g := range o.globs {
		if !g.Match(f.Rel) {
			continue
		}
		e := o.list[i]
		if e.Kind != "" {
			p.Kind = e.Kind
		}
		if e.Title != "" {
			p.Title = e.Title
		}
		if e.Status != "" {
			p.Status = e.Status
		}
	}
	return p
}

// unmatched warns about each override that matches no file read: a typo
// in a glob would otherwise silently set nothing.
func (o *overrides) unmatched(files []sources.File) []model.Diagnostic {
	var out []model.Diagnostic
	for i, g := range o.globs {
		hit := false
		for _, f := range files {
			if g.Match(f.Rel) {
				hit = true
				break
			}
		}
		if !hit {
			out = append(out, model.Diagnostic{Where: o.list[i].At, Message: fmt.Sprintf(
				"[[params.handbook.overrides]] match = %q matches no note or doc read (it is matched against a doc's path in the checkout, doc/dev/tma.md, or a note's path in its notes folder); it sets nothing", o.list[i].Match)})
		}
	}
	return out
}

// shortNames keeps each doc reachable by its file name alone, the id it
// had when docs were given as notes (/guides/tma/, /notes/tma/,
// /runbooks/tma/ and /r/tma/ redirect to /guides/dev-tma/), when no other note or doc has that name as id,
// alias or file name. A README has no such name: it is named for its
// folder. The doc is copied before its aliases change, since parsed notes
// are shared with later runs (NoteCache).
func shortNames(ns []*model.Note) {
	taken := map[string]int{}
	for _, n := range ns {
		taken[n.ID]++
		for _, a := range n.Aliases {
			taken[a]++
		}
		for _, f := range n.Former {
			taken[f.ID]++
		}
		if n.Doc {
			taken[shortName(n)]++ // two docs of one name: neither gets it
		}
	}
	for i, n := range ns {
		a := shortName(n)
		if !n.Doc || a == "" || a == n.ID || taken[a] > 1 {
			continue
		}
		c := *n
		c.Aliases = append(append([]string(nil), n.Aliases...), a)
		// Under that name a doc given as a note was classified by its
		// text, as any kind (tmem.md was /notes/tmem/, a design doc with
		// a table of runs /runbooks/...): each keeps answering.
		c.Former = append([]model.NoteRef(nil), n.Former...)
		for _, k := range []string{model.KindRunbook, model.KindGuide, model.KindNotes} {
			if k != n.Kind {
				c.Former = append(c.Former, model.NoteRef{Kind: k, ID: a})
			}
		}
		c.Former = sortRefs(c.Former)
		ns[i] = &c
	}
}

// shortName is a doc's file name as an id ("tma" for doc/dev/tma.md),
// "" for a README or index.
func shortName(n *model.Note) string {
	switch strings.ToLower(strings.TrimSuffix(path.Base(n.Path), path.Ext(n.Path))) {
	case "readme", "index", "_index":
		return ""
	}
	return notes.IDFromSource(n.Path)
}

// disambiguate gives the notes that share a title (ignoring case) a
// ListTitle that tells them apart: the title with where each comes from,
// "nvFuser doc/dev" for a doc of the checkout and "notes" for a note;
// when that is not enough (two notes), their paths; then their ids,
// which are unique.
func disambiguate(ns []*model.Note) {
	byTitle := map[string][]*model.Note{}
	for _, n := range ns {
		n.ListTitle = ""
		k := strings.ToLower(strings.TrimSpace(n.Title))
		byTitle[k] = append(byTitle[k], n)
	}
	keys := make([]string, 0, len(byTitle))
	for k := range byTitle {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		group := byTitle[k]
		if len(group) < 2 {
			continue
		}
		for _, label := range []func(*model.Note) string{origin, func(n *model.Note) string { return n.Path }, func(n *model.Note) string { return n.ID }} {
			if distinct(group, label) {
				for _, n := range group {
					n.ListTitle = fmt.Sprintf("%s (%s)", n.Title, label(n))
				}
				break
			}
		}
	}
}

// origin says where a note comes from, as a list shows it (the same
// words as the Origin of preset).
func origin(n *model.Note) string {
	if n.Doc {
		return "nvFuser " + path.Dir(n.Path)
	}
	return "notes"
}

func distinct(group []*model.Note, label func(*model.Note) string) bool {
	seen := map[string]bool{}
	for _, n := range group {
		l := strings.ToLower(label(n))
		if l == "" || seen[l] {
			return false
		}
		seen[l] = true
	}
	return true
}
