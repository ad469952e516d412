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

// Compile checks pattern; an error says what is wrong with it.
func Compile(pattern string) (*Glob, error) {
	switch {
	case pattern == "":
		return nil, fmt.Errorf("empty pattern")
	case strings.HasPrefix(pattern, "/") || strings.Contains(pattern, `\`):
		return nil, fmt.Errorf("pattern %q: write a path relative to the checkout or notes folder, with forward slashes", pattern)
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
	return match(g.segs, strings.Split(path.Clean(p), "/"), nil)
}

// match runs the pattern over the path's folders as a set of states (a
// position in pat for each way the path so far can have matched), one
// folder at a time: a "**" keeps its state and may also be skipped, any
// other segment moves on when path.Match agrees. That is at most
// len(pat)+1 states per folder, so a path of n folders costs n·len(pat)
// segment matches whatever the number of "**" (trying each way in turn,
// as a recursive matcher does, grows with n to the power of the "**"s).
// steps, when not nil, counts the segment matches (for the tests).
func match(pat, segs []string, steps *int) bool {
	cur := make([]bool, len(pat)+1)
	next := make([]bool, len(pat)+1)
	cur[0] = true
	skipStars(pat, cur)
	for _, seg := range segs {
		clear(next)
		live := false
		for j, p := range pat {
			if !cur[j] {
				continue
			}
			if p == "**" {
				next[j], live = true, true
				continue
			}
			if steps != nil {
				*steps++
			}
			if ok, _ := path.Match(p, seg); ok {
				next[j+1], live = true, true
			}
		}
		if !live {
			return false
		}
		skipStars(pat, next)
		cur, next = next, cur
	}
	return cur[len(pat)]
}

// skipStars adds to states the positions after each "**" reached: a "**"
// may match no folder at all. One pass suffices, since a skip only moves
// forward.
func skipStars(pat []string, states []bool) {
	for j, p := range pat {
		if states[j] && p == "**" {
			states[j+1] = true
		}
	}
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
