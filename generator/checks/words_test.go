package checks

import (
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func said(ps []model.Phrase) string {
	s := ""
	for _, p := range ps {
		if p.Code {
			s += "`" + p.Text + "`"
		} else {
			s += p.Text
		}
	}
	return s
}

func TestConditionInWords(t *testing.T) {
	for _, c := range []struct{ cond, want string }{
		{"a == b", "`a` must equal `b`"},
		{"(tv->nDims())==(2)", "`tv->nDims()` must equal `2`"},
		{"x != nullptr", "`x` must be set (not null)"},
		{"ptr == nullptr", "`ptr` must be null"},
		{"i < n", "`i` must be less than `n`"},
		{"a.size() >= 2", "`a.size()` must be at least `2`"},
		{"a <= b", "`a` must be at most `b`"},
		{"x->size() > 0", "`x->size()` must be greater than `0`"},
		{"!tv->isFusionInput()", "`tv->isFusionInput()` must be false"},
		{"!ids.empty()", "`ids` must not be empty"},
		{"ids.empty()", "`ids` must be empty"},
		{"opt.has_value()", "`opt` must have a value"},
		{"tv->hasReduction()", "`tv->hasReduction()` must be true"},
		{"a == b && c != nullptr", "`a` must equal `b`, and `c` must be set (not null)"},
		{"false", "none: reaching this line is the error"},
		{"a == b || c", ""},
		{"std::is_same_v<A, B>", ""}, // a template, not comparisons: left as code
		{"a < b ? c : d", ""},
		{"f(a == b, c)", "`f(a == b, c)` must be true"},
		{`s == "a && b"`, "`s` must equal `\"a && b\"`"},
		{"x << 2 == y", "`x << 2` must equal `y`"},
		{"a + 1 < b", "`a + 1` must be less than `b`"},
		{"!(a && b)", ""},
		{"", ""},
	} {
		if got := said(ConditionInWords(c.cond)); got != c.want {
			t.Errorf("%q: got %q, want %q", c.cond, got, c.want)
		}
	}
}

func FuzzConditionInWords(f *testing.F) {
	for _, s := range []string{"a == b", "!x", "(a)==(b) && c", `"(" < x`, "a<b>(c) > d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range ConditionInWords(s) {
			if p.Code && p.Text == "" {
				t.Fatalf("%q: an empty expression", s)
			}
		}
	})
}
