package coverage

import (
	"fmt"
	"slices"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// check makes a check of kind k in file f with what is known about it:
// x an explanation, n notes, t tests reaching it, s tests sharing its
// text, c a comment.
func check(id, k, f string, x bool, n, t, s int, c bool) *model.Check {
	ch := &model.Check{ID: id, Kind: k, Where: model.Location{File: f, Line: 1}}
	if x {
		ch.Explanation = &model.Explanation{ID: id}
	}
	for i := 0; i < n; i++ {
		ch.Notes = append(ch.Notes, &model.Note{})
	}
	for i := 0; i < t; i++ {
		ch.Tests = append(ch.Tests, model.ExpectedError{})
	}
	for i := 0; i < s; i++ {
		ch.Tests = append(ch.Tests, model.ExpectedError{Shared: 2})
	}
	if c {
		ch.FuncDoc.Text = "why"
	}
	return ch
}

func fixture() *model.Handbook {
	return &model.Handbook{Checks: []*model.Check{
		check("a-explained", model.CheckInternal, "csrc/a/x.cpp", true, 1, 0, 0, true),
		check("a-quoted", model.CheckInternal, "csrc/a/x.cpp", false, 2, 0, 0, false),
		check("a-tested", model.CheckThrow, "csrc/a/y.cpp", false, 0, 1, 0, true),
		check("a-shared-only", model.CheckInternal, "csrc/a/y.cpp", false, 0, 0, 1, false),
		check("b-user-quoted", model.CheckUser, "csrc/b/z.cpp", false, 3, 0, 0, false),
		check("b-both", model.CheckInternal, "csrc/b/z.cpp", false, 2, 2, 0, false),
		check("top-warning", model.CheckWarning, "csrc/w.cpp", false, 0, 0, 0, true),
	}}
}

func counts(c model.CoverageCount) string {
	return fmt.Sprintf("%s: %d checks, %d explained, %d tested, %d noted, %d commented", c.Key, c.Checks, c.Explained, c.Tested, c.Noted, c.Commented)
}

// TestFind: counts by kind and area; a test only sharing a check's text
// does not count as reaching it; the unexplained list holds internal
// asserts and throws users hit (notes first), not user checks.
func TestFind(t *testing.T) {
	cov := Find(fixture(), nil)
	var got []string
	got = append(got, counts(cov.All))
	for _, c := range cov.ByKind {
		got = append(got, counts(c))
	}
	for _, c := range cov.ByArea {
		got = append(got, counts(c))
	}
	want := []string{
		": 7 checks, 1 explained, 2 tested, 4 noted, 3 commented",
		"user-check: 1 checks, 0 explained, 0 tested, 1 noted, 0 commented",
		"internal-assert: 4 checks, 1 explained, 1 tested, 3 noted, 1 commented",
		"throw: 1 checks, 0 explained, 1 tested, 0 noted, 1 commented",
		"warning: 1 checks, 0 explained, 0 tested, 0 noted, 1 commented",
		"a: 4 checks, 1 explained, 1 tested, 2 noted, 2 commented",
		"b: 2 checks, 0 explained, 1 tested, 2 noted, 0 commented",
		"csrc: 1 checks, 0 explained, 0 tested, 0 noted, 1 commented",
	}
	if !slices.Equal(got, want) {
		t.Errorf("counts:\n%q\nwant\n%q", got, want)
	}
	var gaps []string
	for _, g := range cov.Unexplained {
		gaps = append(gaps, fmt.Sprintf("%s %d/%d", g.Check.ID, g.Notes, g.Tests))
	}
	if want := []string{"b-both 2/2", "a-quoted 2/0", "a-tested 0/1"}; !slices.Equal(gaps, want) {
		t.Errorf("unexplained %q, want %q", gaps, want)
	}
}

// TestMissing: each rule of require_explanations names its checks
// without an explanation, each once, with the rule's place; an id no
// check has (nor had: a former id counts) is named as such.
func TestMissing(t *testing.T) {
	h := fixture()
	h.Checks[1].Formerly = []string{"a-old"}
	at := model.Location{File: "config.toml", Line: 9}
	for _, c := range []struct {
		rules []string
		want  []string
	}{
		{nil, nil},
		{[]string{"users-hit"}, []string{"users-hit b-both", "users-hit a-quoted", "users-hit a-tested"}},
		{[]string{"quoted"}, []string{"quoted a-quoted", "quoted b-user-quoted", "quoted b-both"}},
		{[]string{"kind:warning", "kind:throw"}, []string{"kind:warning top-warning", "kind:throw a-tested"}},
		{[]string{"a-explained", "a-old", "gone-id", "users-hit"}, []string{"a-old a-quoted", "gone-id gone-id!", "users-hit b-both", "users-hit a-tested"}},
	} {
		var rules []config.ExplainRule
		for _, r := range c.rules {
			rules = append(rules, config.ExplainRule{Value: r, At: at})
		}
		var got []string
		for _, m := range Find(h, rules).Missing {
			s := m.Rule + " " + m.ID
			if m.Check == nil {
				s += "!"
			}
			if m.At != at {
				t.Errorf("%v: %s at %s", c.rules, s, m.At)
			}
			got = append(got, s)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: missing %q, want %q", c.rules, got, c.want)
		}
	}
}
