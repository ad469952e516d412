package pathglob

import (
	"fmt"
	"path"
	"strings"
	"testing"
)

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
		{"a/**/b/**/c/**/d/**/e/**", "a/b/c/d/e", true},
		{"a/**/b/**/c/**/d/**/e/**", "a/x/b/y/c/z/d/w/e/v/u", true},
		{"a/**/b/**/c/**/d/**/e/**", "a/x/b/y/c/z/d/w/f/v/u", false},
		{"**/**/x", "x", true},
		{"**/x/**", "a/x", true},
		{"**/x/**/y", "x/x/x", false},
		{"a/*/**/*", "a/b", false},
		{"a/*/**/*", "a/b/c", true},
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
	for _, p := range []string{"", "/abs/*.md", `doc\x.md`, "doc/[a.md", "doc/a**/x.md"} {
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

// FuzzMatch holds Match to the recursive matcher it replaced, which
// tries every way a "**" can match in turn: slow but plainly right, on
// inputs small enough for it.
func FuzzMatch(f *testing.F) {
	f.Add("doc/**/*.md", "doc/dev/tma.md")
	f.Add("a/[c-d]?/**", "a/c1/x/y")
	f.Add("0{", "0")
	f.Add("**/a/**/b/**", "x/a/y/a/b/z")
	f.Add("**/**/x", "x")
	f.Fuzz(func(t *testing.T, pattern, p string) {
		g, err := Compile(pattern)
		if err != nil {
			return
		}
		_ = g.Root()
		segs := strings.Split(path.Clean(p), "/")
		if len(segs) > 12 || strings.Count(pattern, "**") > 4 {
			return // the reference's cost grows with folders^stars
		}
		if got, want := g.Match(p), refMatch(g.segs, segs); got != want {
			t.Errorf("%q.Match(%q) = %v, the reference says %v", pattern, p, got, want)
		}
	})
}

// refMatch is the reference: every split of the path among the "**"s.
func refMatch(pat, segs []string) bool {
	var n int
	return refCount(pat, segs, &n)
}

// deep is a path of n folders that a pattern with many "**" almost
// matches: the last segment fails, so every way must be ruled out.
func deep(n int) string {
	return strings.Repeat("d/", n) + "x.txt"
}

// TestDeepPathsStayLinear counts segment matches (not time, which a busy
// machine would blur): a path 20 times deeper costs at most about 20
// times more, where the recursive matcher's cost grows with the depth to
// the fourth power.
func TestDeepPathsStayLinear(t *testing.T) {
	g, err := Compile("**/d/**/d/**/d/**/d/**/*.md")
	if err != nil {
		t.Fatal(err)
	}
	steps := func(n int) int {
		count := 0
		if match(g.segs, strings.Split(deep(n), "/"), &count) {
			t.Fatalf("matched %s", deep(n))
		}
		return count
	}
	a, b := steps(50), steps(1000)
	if b > 21*a || b > 1000*len(g.segs)+len(g.segs) {
		t.Errorf("1000 folders: %d segment matches; 50 folders: %d", b, a)
	}
	ref := func(n int) int {
		count := 0
		refCount(g.segs, strings.Split(deep(n), "/"), &count)
		return count
	}
	if r10, r20 := ref(10), ref(20); r20 < 8*r10 {
		t.Errorf("the reference is not the slow one it stands for: %d then %d", r10, r20)
	}
}

// refCount is refMatch counting its segment matches.
func refCount(pat, segs []string, steps *int) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if refCount(pat[1:], segs[i:], steps) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		*steps++
		if ok, _ := path.Match(pat[0], segs[0]); !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}

// BenchmarkDeep matches a pattern with four "**" against paths 10 to
// 1000 folders deep; the reference (the recursive matcher) is shown at
// the depths it can still do.
func BenchmarkDeep(b *testing.B) {
	g, err := Compile("**/d/**/d/**/d/**/d/**/*.md")
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{10, 40, 1000} {
		p := deep(n)
		b.Run(fmt.Sprintf("linear/%d", n), func(b *testing.B) {
			for b.Loop() {
				g.Match(p)
			}
		})
		if n <= 40 {
			segs := strings.Split(p, "/")
			b.Run(fmt.Sprintf("recursive/%d", n), func(b *testing.B) {
				for b.Loop() {
					refMatch(g.segs, segs)
				}
			})
		}
	}
}
