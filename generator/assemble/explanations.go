package assemble

import (
	"fmt"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// attachExplanations gives each explanation to the check its id names
// today, following the history: an id a check had before being reworded
// or its function renamed names that check; an id the history saw go away
// names a removed check, whose page shows it, and is reported as
// orphaned; an id nothing ever had is left out with a warning naming the
// file (with a git history to tell; without one, silently), which gen
// check --strict makes an error.
func attachExplanations(h *model.Handbook, xs []model.Explanation, warnings *[]model.Diagnostic) error {
	if len(xs) == 0 {
		return nil
	}
	byID := map[string]*model.Check{}
	for _, c := range h.Checks {
		c.Explanation = nil
		byID[c.ID] = c
	}
	for _, c := range h.Checks {
		for _, old := range c.Formerly {
			if byID[old] == nil {
				byID[old] = c
			}
		}
	}
	// Only the git history can say an id never existed: without it (the
	// embedded example, a shallow clone) an explanation of a check this
	// checkout lacks is left out.
	withHistory := len(h.RemovedChecks) > 0
	for _, c := range h.Checks {
		withHistory = withHistory || c.History != nil
	}
	removed := map[string]*model.RemovedCheck{}
	for i := range h.RemovedChecks {
		h.RemovedChecks[i].Explanation = nil
		removed[h.RemovedChecks[i].ID] = &h.RemovedChecks[i]
	}
	for i := range xs {
		x := &xs[i]
		if c := byID[x.ID]; c != nil {
			if c.Explanation != nil {
				return fmt.Errorf("%s: explains %s, which %s explains already (one of them names an id the check had before)", x.File, c.ID, c.Explanation.File)
			}
			c.Explanation = x
			continue
		}
		if r := removed[x.ID]; r != nil {
			r.Explanation = x
			*warnings = append(*warnings, model.Diagnostic{Where: model.Location{File: x.File},
				Message: fmt.Sprintf("orphaned explanation: nvFuser removed the check %s in %s (%s); it is shown on the removed check's page", x.ID, shortCommit(r.Removed.Commit), r.Removed.Since())})
			continue
		}
		if !withHistory {
			continue // another checkout's check (the embedded example): nothing to follow it with
		}
		// A warning, not an error: the explanations are written for
		// nvFuser's own checkout, and a fork or a test fixture with a
		// history lacks their checks. gen check --strict fails on it.
		d := model.Diagnostic{Where: model.Location{File: x.File},
			Message: fmt.Sprintf("no check has the id %s, and the history knows of none that had it (the id is the last part of the check's URL); the explanation is left out", x.ID)}
		h.StrayExplanations = append(h.StrayExplanations, d)
		*warnings = append(*warnings, d)
	}
	return nil
}

func shortCommit(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
