package main

import (
	"strings"
	"testing"
)

// TestCheckWords: a check page gives the floor its message, condition and
// code (fenced, a fence longer than any in the code); other pages nothing.
// The front matter is read whatever the quotes (literal strings are what
// emit's encoder writes).
func TestCheckWords(t *testing.T) {
	for _, c := range []struct {
		name, page string
		want       []string
		empty      bool
	}{
		{"check", "+++\ntitle = \"x\"\n[params]\nkind = \"check\"\nmessage = \"Bad {} shape\"\ncondition = \"a == b\"\ncode = \"NVF_ERROR(a == b);\\n\"\n+++\n",
			[]string{"\n\nBad {} shape\n", "\nCondition: `a == b`\n", "\n```cpp\nNVF_ERROR(a == b);\n```\n"}, false},
		{"code with a fence", "+++\ntitle = \"x\"\n[params]\nkind = \"check\"\nmessage = \"m\"\ncode = \"// ```\\n\"\n+++\n",
			[]string{"\n````cpp\n// ```\n````\n"}, false},
		{"a note", "+++\ntitle = \"x\"\n[params]\nkind = \"runbook\"\n+++\n\nBody.\n", nil, true},
		{"literal strings", "+++\ntitle = 'x'\n\n[params]\nkind = 'check'\nmessage = 'Bad {} \"shape\"'\ncode = 'NVF_ERROR(a);'\n+++\n",
			[]string{"\n\nBad {} \"shape\"\n", "\n```cpp\nNVF_ERROR(a);\n```\n"}, false},
		{"kind elsewhere", "+++\ntitle = \"x\"\n[params]\nkind = \"option\"\n[[params.hints]]\nkind = \"check\"\n+++\n", nil, true},
	} {
		title, _, got, err := floorPage([]byte(c.page))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if title != "x" {
			t.Errorf("%s: title %q", c.name, title)
		}
		if c.empty != (got == "") {
			t.Errorf("%s: %q", c.name, got)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: lacks %q in %q", c.name, w, got)
			}
		}
	}
}
