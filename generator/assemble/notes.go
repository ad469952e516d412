package assemble

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// Notes parses every note against the reference model h (to tell known
// options from stale ones) and returns them sorted by id. Two notes with the
// same id are an error: their URLs would collide.
func Notes(in *sources.Inputs, h *model.Handbook) ([]*model.Note, error) {
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
		parsed[i], failed[i] = notes.Parse(in.Notes[i].Path, in.Notes[i].Data, opt)
		if parsed[i] != nil {
			parsed[i].Path = in.Notes[i].Rel
			if parsed[i].Path == "" {
				parsed[i].Path = filepath.Base(in.Notes[i].Path)
			}
		}
	})
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
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%d note(s) could not be read:\n  %s", len(errs), strings.Join(errs, "\n  "))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}
