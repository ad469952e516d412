package pipeline

import (
	"fmt"

	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// Copies says, one line each, which notes were published as the doc of
// the checkout they copy (assemble's foldCopies), and where their
// addresses now lead: a reader of the build output learns why a note has
// no page of its own.
func (r *Result) Copies() []string {
	if r == nil || r.Handbook == nil {
		return nil
	}
	var out []string
	for _, n := range r.Handbook.Notes {
		for _, c := range n.Copies {
			out = append(out, fmt.Sprintf("%s is a copy of nvFuser's %s (%d%% of their text the same): published once, as %s; %s redirects there",
				c.Path, n.Path, c.Percent, urls.Note(n.Kind, n.ID), urls.Note(c.Kind, c.ID)))
		}
	}
	return out
}
