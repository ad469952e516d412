// Package pathglob matches slash-separated paths against the globs the
// handbook's configuration takes (docs_include, docs_exclude, overrides):
// within one folder "*", "?" and "[abc]" as path.Match has them; a "**"
// segment crosses any number of folders, none included ("doc/**/*.md"
// matches doc/README.md and doc/dev/tma.md).
package pathglob

import (
	"fmt"
	"path"
	"strings"
)

// Glob is one compiled pattern.
type Glob struct {
	pattern string
	segs    []string
}

// maxStars bounds the "**" segments of a pattern, which keeps matching
// a path of n folders within n^maxStars steps.
const maxStars = 4

// Compile checks pattern; an error says what is wrong with it.
func Compile(pattern string) (*Glob, error) {
	switch {
	case pattern == "":
		return nil, fmt.Errorf("empty pattern")
	case strings.HasPrefix(pattern, "/") || strings.Contains(pattern, `\`):
		return nil, fmt.Errorf("pattern %q: write a path relative to the checkout or notes folder, with forward slashes", pattern)
	case strings.Count(pattern, "**") > maxStars:
		return nil, fmt.Errorf("pattern %q: more than %d \"**\"", pattern, maxStars)
	}
	segs := strings.Split(pattern, "/")
	for _, s := range segs {
		if strings.Contains(s, "**") && s != "**" {
			return nil, fmt.Errorf("pattern %q: \"**\" must be a whole folder name, as in doc/**/*.md", pattern)
		}
		if _, err := path.Match(s, ""); err != nil {
			return nil, fmt.Errorf("pattern %q: %v", pattern, err)
		}
	}
	return &Glob{pattern: pattern, segs: segs}, nil
}

// Match reports whether the slash-separated path p matches.
func (g *Glob) Match(p string) bool {
	return match(g.segs, strings.Split(path.Clean(p), "/"))
}

func match(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if match(pat[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], segs[0]); !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}

// String is the pattern as written.
func (g *Glob) String() string { return g.pattern }

// Root is the folder before the pattern's first wildcard ("doc/**/*.md"
// -> "doc", "*.md" -> "."): only files under it can match.
func (g *Glob) Root() string {
	i := strings.IndexAny(g.pattern, `*?[`)
	if i < 0 {
		return path.Dir(g.pattern)
	}
	return path.Dir(g.pattern[:i] + "x")
}
