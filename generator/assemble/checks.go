package assemble

import (
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// mergeChecks puts the checks into the handbook and links each to the
// variables and options its message names (NAME, NAME=option) and to the
// tests that expect its message.
func mergeChecks(h *model.Handbook, cs []model.Check, tests []model.ExpectedError, d *derived) {
	// Copies: gen serve merges the same facts again after a change, and
	// what is linked here must not pile up on the facts' checks.
	h.Checks = make([]*model.Check, len(cs))
	for i := range cs {
		c := new(model.Check)
		*c = cs[i]
		h.Checks[i] = c
		text := strings.Join(c.Pieces, " ")
		if !strings.Contains(text, "NVFUSER_") {
			continue
		}
		for _, loc := range mention.FindAllStringSubmatchIndex(text, -1) {
			name, value, _ := strings.Cut(text[loc[0]:loc[1]], "=")
			if v := h.Variable(name); v != nil && !containsVar(c.Variables, v) {
				c.Variables = append(c.Variables, v)
			}
			for _, o := range strings.Split(value, ",") {
				if opt := h.Option(name, o); opt != nil && !containsOpt(c.Options, opt) {
					c.Options = append(c.Options, opt)
				}
			}
		}
	}
	for i, xs := range d.expectedBy(h.Checks, tests) {
		h.Checks[i].Tests = xs
	}
	hintChecks(h)
}

// hintChecks ties each hint of a variable or option to the check that
// prints its message (same file, the hint's line within the call), so
// that a page says "nvFuser suggests this" with a link to the check's
// page and the check's own line: one fact, shown the same way twice.
func hintChecks(h *model.Handbook) {
	byFile := map[string][]*model.Check{}
	for _, c := range h.Checks {
		byFile[c.Where.File] = append(byFile[c.Where.File], c)
	}
	tie := func(hs []model.Hint) {
		for i := range hs {
			w := hs[i].Where
			for _, c := range byFile[w.File] {
				if w.Line >= c.Where.Line && w.Line <= max(c.EndLine, c.Where.Line) {
					hs[i].CheckID, hs[i].Where = c.ID, c.Where
					break
				}
			}
		}
	}
	for _, v := range h.Variables {
		tie(v.Hints)
	}
	for _, o := range h.Options {
		tie(o.Hints)
	}
}

func containsVar(vs []*model.Variable, v *model.Variable) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

func containsOpt(os []*model.Option, o *model.Option) bool {
	for _, x := range os {
		if x == o {
			return true
		}
	}
	return false
}

// quoteChecks links each check to the notes that quote its error: the
// note's text, matched as a pasted error would be (generator/checks).
func quoteChecks(h *model.Handbook, d *derived, store *QuoteStore) error {
	if len(h.Checks) == 0 {
		return nil
	}
	ranked := d.checkIndex(h.Checks)
	store.forIndex(d.indexSum)
	byID := make(map[string]*model.Check, len(h.Checks))
	for _, c := range h.Checks {
		byID[c.ID] = c
	}
	// Matching notes against thousands of checks is the costly part:
	// the index scores each note against the checks its words and
	// frames name only, and notes are independent: matched on every
	// core, recorded in note order.
	quoted := make([][]string, len(h.Notes))
	texts := make([]string, len(h.Notes))
	for i, n := range h.Notes {
		texts[i] = n.Title + "\n" + n.Body
	}
	match := func(text string) []string {
		var ids []string
		for _, hit := range d.matches(ranked, text) {
			ids = append(ids, hit.Entry.ID)
		}
		return ids
	}
	parallel.For(len(h.Notes), func(i int) {
		quoted[i] = store.quotes(texts[i], match)
	})
	d.retain(texts)
	for i, n := range h.Notes {
		for _, id := range quoted[i] {
			if c := byID[id]; c != nil {
				c.Notes = append(c.Notes, n)
			}
		}
	}
	if _, err := store.Save(); err != nil {
		return fmt.Errorf("saving the checks the notes quote in %s: %w", store.file, err)
	}
	return nil
}
