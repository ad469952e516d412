package assemble

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// Notes parses every note against the reference model h (to tell known
// options from stale ones) and returns them sorted by id. Two notes with the
// same id are an error: their URLs would collide. Docs of the checkout are
// guides by default, and the configuration's overrides (set, nil for none)
// set kinds, titles and statuses by path; one that matches nothing is a
// warning in in.Warnings, as is each note's own (model.Note.Warnings). A
// note that copies a doc is published as the doc (foldCopies). Notes
// sharing a title get a ListTitle.
//
// A cache (nil for none) holds the notes a run before parsed against the
// same reference model: those whose bytes are unchanged are not parsed
// again. A store (nil for none) does the same across builds (ParseStore).
func Notes(in *sources.Inputs, h *model.Handbook, cache *NoteCache, store *ParseStore, set []config.Override) ([]*model.Note, error) {
	ov, err := compileOverrides(set)
	if err != nil {
		return nil, err
	}
	in.Warnings = append(in.Warnings, ov.unmatched(in.Notes)...)
	opt := notes.Options{
		KnownOption: func(env, name string) (known, isFamily bool) {
			if h.Family(env) == nil {
				return false, false
			}
			o := h.Option(env, name)
			return o != nil && !o.DefinedAt.IsZero(), true
		},
		KnownVariable: func(name string) bool { return h.Variable(name) != nil },
		FileExists:    in.FileExists,
	}
	// Notes parse independently: all at once, then checked in input order.
	parsed := make([]*model.Note, len(in.Notes))
	failed := make([]error, len(in.Notes))
	parallel.For(len(in.Notes), func(i int) {
		if n := cache.get(in.Notes[i]); n != nil {
			parsed[i] = n
			return
		}
		parsed[i], failed[i] = store.parse(in.Notes[i], opt, ov.preset(in.Notes[i]))
		if parsed[i] != nil {
			parsed[i].Path, parsed[i].Doc = in.Notes[i].Rel, in.Notes[i].Doc
			if parsed[i].Path == "" {
				parsed[i].Path = filepath.Base(in.Notes[i].Path)
			}
		}
	})
	// Before anything below changes a note: the store keeps them as
	// parsed.
	if _, err := store.Save(); err != nil {
		return nil, fmt.Errorf("saving the notes' parses in %s: %w", store.file, err)
	}
	var out []*model.Note
	byID := map[string]string{}
	var errs []string
	for i, f := range in.Notes {
		n, err := parsed[i], failed[i]
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		if prev, dup := byID[n.ID]; dup {
			errs = append(errs, fmt.Sprintf("%s:1: note id %q is already used by %s (set a different id in front matter)", f.Path, n.ID, prev))
			continue
		}
		byID[n.ID] = f.Path
		out = append(out, n)
		in.Warnings = append(in.Warnings, n.Warnings...)
		cache.put(f, n)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%d note(s) could not be read:\n  %s", len(errs), strings.Join(errs, "\n  "))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	out = foldCopies(out, cache)
	shortNames(out)
	disambiguate(out)
	return out, nil
}

// NoteCache keeps parsed notes between runs against the same checkout
// (gen serve): parsing is most of the cost of reading a note, and an edit
// touches one. It is only valid while the reference model the notes were
// parsed against (options, variables, files of the checkout) is the same;
// a run that reads the checkout again starts a new one.
type NoteCache struct {
	mu sync.Mutex
	m  map[string]cachedNote // by note path
	// shingled are foldCopies' word runs of each note's and doc's text,
	// by the text: a note edit changes one.
	shingled map[string]map[uint64]struct{}
}

// shingles is shingles(text), computed once per text while a run has it.
// The set is only read.
func (c *NoteCache) shingles(text string) map[uint64]struct{} {
	if c == nil {
		return shingles(text)
	}
	c.mu.Lock()
	set, ok := c.shingled[text]
	c.mu.Unlock()
	if ok {
		return set
	}
	set = shingles(text)
	c.mu.Lock()
	if c.shingled == nil {
		c.shingled = map[string]map[uint64]struct{}{}
	}
	c.shingled[text] = set
	c.mu.Unlock()
	return set
}

// keepShingles forgets the word runs of every text but the bodies of ns,
// this run's notes: the cache holds at most one run's texts.
func (c *NoteCache) keepShingles(ns []*model.Note) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	keep := make(map[string]map[uint64]struct{}, len(ns))
	for _, n := range ns {
		if set, ok := c.shingled[n.Body]; ok {
			keep[n.Body] = set
		}
	}
	c.shingled = keep
}

type cachedNote struct {
	rel  string
	data []byte
	note *model.Note
}

// NewNoteCache returns an empty cache.
func NewNoteCache() *NoteCache { return &NoteCache{m: map[string]cachedNote{}} }

// Parsed is how many notes the cache holds.
func (c *NoteCache) Parsed() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

func (c *NoteCache) get(f sources.File) *model.Note {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[f.Path]
	if !ok || e.rel != f.Rel || !bytes.Equal(e.data, f.Data) {
		return nil
	}
	return e.note
}

func (c *NoteCache) put(f sources.File, n *model.Note) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[f.Path] = cachedNote{rel: f.Rel, data: f.Data, note: n}
}
