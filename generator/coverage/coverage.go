// Package coverage measures the error index (model stage): by area and by
// kind, how many of nvFuser's checks have an explanation, a test that
// reaches them, a note that quotes them and a comment of their authors;
// the internal asserts and throws real users hit with no explanation yet;
// and the checks config.toml requires an explanation for that lack one.
package coverage

import (
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Find computes the coverage of h's checks against the rules of
// require_explanations.
func Find(h *model.Handbook, rules []config.ExplainRule) model.Coverage {
	var cov model.Coverage
	cov.All.Title = "All checks"
	byKind := map[string]*model.CoverageCount{}
	byArea := map[string]*model.CoverageCount{}
	for _, k := range model.CheckKinds {
		byKind[k.Kind] = &model.CoverageCount{Key: k.Kind, Title: k.Title}
	}
	for _, c := range h.Checks {
		a := byArea[c.Area()]
		if a == nil {
			a = &model.CoverageCount{Key: c.Area(), Title: c.Area()}
			byArea[c.Area()] = a
		}
		k := byKind[c.Kind]
		if k == nil { // a kind CheckKinds does not list: counted in all and its area
			k = &model.CoverageCount{}
		}
		for _, n := range []*model.CoverageCount{&cov.All, k, a} {
			add(n, c)
		}
		if gap, ok := hit(c); ok && c.Explanation == nil && (c.Kind == model.CheckInternal || c.Kind == model.CheckThrow) {
			cov.Unexplained = append(cov.Unexplained, gap)
		}
	}
	for _, k := range model.CheckKinds {
		if n := byKind[k.Kind]; n.Checks > 0 {
			cov.ByKind = append(cov.ByKind, *n)
		}
	}
	for _, a := range byArea {
		cov.ByArea = append(cov.ByArea, *a)
	}
	sort.Slice(cov.ByArea, func(i, j int) bool { return cov.ByArea[i].Key < cov.ByArea[j].Key })
	// Most hit first: notes (users wrote them up) before tests, then by
	// place, so the order is the same build to build.
	sort.SliceStable(cov.Unexplained, func(i, j int) bool {
		a, b := cov.Unexplained[i], cov.Unexplained[j]
		if a.Notes != b.Notes {
			return a.Notes > b.Notes
		}
		return a.Tests > b.Tests
	})
	cov.Missing = missing(h, cov.Unexplained, rules)
	return cov
}

// add counts c in n.
func add(n *model.CoverageCount, c *model.Check) {
	n.Checks++
	if c.Explanation != nil {
		n.Explained++
	}
	if reached(c) > 0 {
		n.Tested++
	}
	if len(c.Notes) > 0 {
		n.Noted++
	}
	if c.Comment.Text != "" || c.FuncDoc.Text != "" {
		n.Commented++
	}
}

// reached is the number of tests that reach c: those only sharing its
// text do not count.
func reached(c *model.Check) int {
	n := 0
	for _, t := range c.Tests {
		if t.Shared == 0 {
			n++
		}
	}
	return n
}

// hit says whether real users are known to hit c: a note quotes it or a
// test reaches it.
func hit(c *model.Check) (model.CoverageGap, bool) {
	g := model.CoverageGap{Check: c, Notes: len(c.Notes), Tests: reached(c)}
	return g, g.Notes+g.Tests > 0
}

// missing lists what require_explanations names without an explanation,
// in the rules' order, each check once; users-hit names the unexplained
// checks users hit, most hit first.
func missing(h *model.Handbook, unexplained []model.CoverageGap, rules []config.ExplainRule) []model.RequiredExplanation {
	var out []model.RequiredExplanation
	seen := map[*model.Check]bool{}
	need := func(r config.ExplainRule, c *model.Check) {
		if c.Explanation == nil && !seen[c] {
			seen[c] = true
			out = append(out, model.RequiredExplanation{Rule: r.Value, At: r.At, ID: c.ID, Check: c})
		}
	}
	for _, r := range rules {
		switch {
		case r.Value == config.RuleUsersHit:
			for _, g := range unexplained {
				need(r, g.Check)
			}
		case r.Value == config.RuleQuoted:
			for _, c := range h.Checks {
				if len(c.Notes) > 0 {
					need(r, c)
				}
			}
		case strings.HasPrefix(r.Value, config.RuleKind):
			for _, c := range h.Checks {
				if c.Kind == strings.TrimPrefix(r.Value, config.RuleKind) {
					need(r, c)
				}
			}
		default:
			c := byID(h, r.Value)
			if c == nil {
				out = append(out, model.RequiredExplanation{Rule: r.Value, At: r.At, ID: r.Value})
				continue
			}
			need(r, c)
		}
	}
	return out
}

// byID is the check whose id, or an id it had before, is id.
func byID(h *model.Handbook, id string) *model.Check {
	for _, c := range h.Checks {
		if c.ID == id {
			return c
		}
	}
	for _, c := range h.Checks {
		for _, old := range c.Formerly {
			if old == id {
				return c
			}
		}
	}
	return nil
}

// Line says what a missing explanation is, for gen check: the rule's
// place, the check and its page.
func Line(m model.RequiredExplanation, page string) string {
	if m.Check == nil {
		return m.At.String() + ": require_explanations: no check has the id " + m.ID
	}
	return m.At.String() + ": require_explanations (" + m.Rule + "): " + m.ID + " has no explanation (explanations/" + m.ID + ".md); " + page
}
