package checks

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestHeadline(t *testing.T) {
	for _, c := range []struct {
		check model.Check
		want  string
	}{
		{model.Check{Pieces: []string{"Short message ", " here"}}, "Short message … here"},
		{model.Check{Pieces: []string{"Tensor op can not be printed. It has many inputs and outputs that are printed by other code in the fusion ", ""}}, "Tensor op can not be printed."},
		{model.Check{Pieces: []string{"Vectorized accesses cannot be inline with computation, they are only supported with a Set operation, got ", ""}}, "Vectorized accesses cannot be inline with computation …"},
		{model.Check{Pieces: []string{"Found ", " vs ", ". Rank mismatch"}, Macro: "NVF_ERROR_EQ"}, "Rank mismatch"},
		{model.Check{Pieces: []string{"Found ", " vs ", ". "}, Condition: "(a)==(b)", Macro: "NVF_ERROR_EQ"}, "Expected (a)==(b)"},
		{model.Check{Pieces: []string{""}, Condition: "tv != nullptr"}, "Expected tv != nullptr"},
		{model.Check{Macro: "NVF_THROW", Function: "handle"}, "NVF_THROW in handle"},
		{model.Check{Pieces: []string{"aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp qqqq rrrr ssss"}}, "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp …"},
	} {
		got := Headline(&c.check)
		if got != c.want {
			t.Errorf("Headline(%q) = %q, want %q", c.check.Pieces, got, c.want)
		}
		if utf8.RuneCountInString(got) > TitleLimit+2 || strings.Contains(got, "{}") {
			t.Errorf("%q: too long or keeps a placeholder", got)
		}
	}
}

func FuzzShorten(f *testing.F) {
	f.Add("a b c. d e f", 5)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 1 || n > 200 || !utf8.ValidString(s) {
			return
		}
		if got := Shorten(s, n); utf8.RuneCountInString(got) > n+2 {
			t.Fatalf("Shorten(%q, %d) = %q", s, n, got)
		}
	})
}

func TestShortID(t *testing.T) {
	// Pinned: a short id printed anywhere must keep meaning its check.
	if got := ShortID("validateandcollectvectorizeinfo-vectorized-accesses-cannot-be-inline-with"); len(got) != 7 || got[0] != 'e' || got != ShortID("validateandcollectvectorizeinfo-vectorized-accesses-cannot-be-inline-with") {
		t.Errorf("ShortID = %q", got)
	}
	if ShortID("a") == ShortID("b") {
		t.Error("two ids, one short id")
	}
}
