package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRequireExplanations: require_explanations is a list of check ids
// and rules; anything else is an error naming config.toml's line.
func TestRequireExplanations(t *testing.T) {
	for _, c := range []struct {
		value string // "" leaves it unset
		want  []string
		err   string
	}{
		{"", nil, ""},
		{`[]`, nil, ""},
		{`["users-hit", "quoted", "kind:throw", "validateandcollectvectorizeinfo-vectorized-accesses"]`,
			[]string{"users-hit", "quoted", "kind:throw", "validateandcollectvectorizeinfo-vectorized-accesses"}, ""},
		{`[" users-hit "]`, []string{"users-hit"}, ""},
		{`["kind:bug"]`, nil, `"kind:bug": not a check kind`},
		{`["Users-Hit"]`, nil, `neither a check's id`},
		{`["a--b"]`, nil, `neither a check's id`},
		{`[""]`, nil, `neither a check's id`},
		{`["x", 3]`, nil, "expected a list of strings, got 3"},
		{`"users-hit"`, nil, "expected a list of strings, got string"},
	} {
		body := "[params.handbook]\n"
		if c.value != "" {
			body += "require_explanations = " + c.value + "\n"
		}
		p := filepath.Join(t.TempDir(), "config.toml")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Load(p)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), p+":2: params.handbook.require_explanations") || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: err = %v, want %q at %s:2", c.value, err, c.err, p)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.value, err)
			continue
		}
		var got []string
		for _, r := range s.RequireExplanations {
			got = append(got, r.Value)
			if r.At.File != p || r.At.Line != 2 {
				t.Errorf("%s: rule %s at %s, want %s:2", c.value, r.Value, r.At, p)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: rules %q, want %q", c.value, got, c.want)
		}
		if len(s.Warnings) > 0 {
			t.Errorf("%s: warnings %q", c.value, s.Warnings)
		}
	}
}
