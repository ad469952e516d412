package pathglob

import "testing"

func TestMatch(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"doc/**/*.md", "doc/README.md", true},
		{"doc/**/*.md", "doc/dev/tma.md", true},
		{"doc/**/*.md", "doc/a/b/c.md", true},
		{"doc/**/*.md", "doc/dev/tma.svg", false},
		{"doc/**/*.md", "docs/x.md", false},
		{"doc/sphinx/**", "doc/sphinx/README.md", true},
		{"doc/sphinx/**", "doc/sphinx", true},
		{"doc/sphinx/**", "doc/sphinxy/a.md", false},
		{"doc/dev/ragged*.md", "doc/dev/ragged_iter_domain_design_doc.md", true},
		{"doc/dev/ragged*.md", "doc/dev/sub/ragged.md", false},
		{"*.txt", "004_b3f5.txt", true},
		{"*.txt", "seeds/004_b3f5.txt", false},
		{"**/*.txt", "seeds/004_b3f5.txt", true},
		{"**/*.txt", "004_b3f5.txt", true},
		{"doc/[dm]*/*.md", "doc/math/logic.md", true},
		{"**", "a/b", true},
		{"doc/**/dev/**/*.md", "doc/dev/x.md", true},
		{"doc/dev/tma.md", "doc/dev/tma.md", true},
		{"doc/dev/tma.md", "doc/dev/tmem.md", false},
	}
	for _, tc := range tests {
		g, err := Compile(tc.pattern)
		if err != nil {
			t.Fatalf("Compile(%q): %v", tc.pattern, err)
		}
		if got := g.Match(tc.path); got != tc.want {
			t.Errorf("%q.Match(%q) = %v, want %v", tc.pattern, tc.path, got, tc.want)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	for _, p := range []string{"", "/abs/*.md", `doc\x.md`, "doc/[a.md", "doc/a**/x.md", "a/**/b/**/c/**/d/**/e/**"} {
		if _, err := Compile(p); err == nil {
			t.Errorf("Compile(%q) succeeded, want an error", p)
		}
	}
}

func TestRoot(t *testing.T) {
	for p, want := range map[string]string{"doc/**/*.md": "doc", "*.md": ".", "doc/dev/tma.md": "doc/dev", "doc/d*/x.md": "doc"} {
		g, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Root(); got != want {
			t.Errorf("Root(%q) = %q, want %q", p, got, want)
		}
	}
}

func FuzzMatch(f *testing.F) {
	f.Add("doc/**/*.md", "doc/dev/tma.md")
	f.Add("a/[c-d]?/**", "a/c1/x/y")
	f.Add("0{", "0")
	f.Fuzz(func(t *testing.T, pattern, p string) {
		g, err := Compile(pattern)
		if err != nil {
			return
		}
		_ = g.Match(p)
		_ = g.Root()
	})
}
