package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that keeps failures instead of reporting them,
// so the tests can assert that Check fails when it should.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.json")
	if err := os.WriteFile(p, []byte("{\n  \"a\": 1\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		path  string
		value any
		fails bool
	}{
		{"equal", p, map[string]int{"a": 1}, false},
		{"different", p, map[string]int{"a": 2}, true},
		{"missing golden", filepath.Join(dir, "none.json"), 1, true},
	} {
		r := &recorder{TB: t}
		check(r, tc.path, marshal(t, tc.value), false)
		if got := len(r.errors) > 0; got != tc.fails {
			t.Errorf("%s: failed=%v, want %v (%v)", tc.name, got, tc.fails, r.errors)
		}
	}
}

func TestFirstDiff(t *testing.T) {
	for _, tc := range []struct{ want, got, out string }{
		{"a\nb\n", "a\nc\n", "line 2:\n  want: b\n  got:  c"},
		{"a\n", "a\nb\n", "line 2:\n  want: \n  got:  b"},
	} {
		if d := FirstDiff([]byte(tc.want), []byte(tc.got)); d != tc.out {
			t.Errorf("FirstDiff(%q, %q) = %q, want %q", tc.want, tc.got, d, tc.out)
		}
	}
}
