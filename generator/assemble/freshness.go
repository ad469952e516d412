package assemble

import (
	"github.com/nvfuser-handbook/handbook/generator/freshness"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// Freshen gives every dated note's file references a freshness verdict
// when the source is a git checkout (see generator/freshness), caching the
// verdicts in cachePath. A note without a date in its front matter or text
// takes the day it was first committed to its own repository, when it is
// in one. It returns the number of references checked.
func Freshen(in *sources.Inputs, notes []*model.Note, cachePath string) (int, error) {
	if in.Revision.Commit == "" || in.Shallow {
		return 0, nil // a plain tree (or none), or a shallow clone: no history to compare with
	}
	repo := freshness.At(in.Dir, in.Revision.Commit)
	cache := freshness.LoadCache(cachePath)
	checked := 0
	for _, n := range notes {
		if len(n.Files) == 0 {
			continue
		}
		since := n.Date
		if since == "" {
			since = cache.NoteDate(n.Source)
		}
		n.Freshness = repo.Check(since, n.Files, cache)
		if since != "" {
			checked += len(n.Files)
		}
	}
	return checked, cache.Save()
}
