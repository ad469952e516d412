package handbook

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// markedSafe matches what a template uses to print HTML (or a URL, a
// script, a style) without html/template's escaping: the safe* functions,
// and the functions whose result is HTML already (markdownify, chroma).
var markedSafe = regexp.MustCompile(`\b(safeHTML|safeHTMLAttr|safeURL|safeJS|safeJSStr|safeCSS|markdownify|transform\.Highlight)\b`)

// templateComment matches a template comment, which may span lines.
var templateComment = regexp.MustCompile(`(?s)/\*.*?\*/`)

// unexplainedSafe returns "line: text" for each use of markedSafe in a
// template that no `{{/* safe: why */}}` comment explains: one that ends
// on the same line or the line before. Uses inside comments do not count.
func unexplainedSafe(src string) []string {
	lineOf := func(off int) int { return strings.Count(src[:off], "\n") + 1 }
	comments := templateComment.FindAllStringIndex(src, -1)
	inComment := func(off int) bool {
		for _, c := range comments {
			if off >= c[0] && off < c[1] {
				return true
			}
		}
		return false
	}
	var bad []string
	for _, m := range markedSafe.FindAllStringIndex(src, -1) {
		if inComment(m[0]) {
			continue
		}
		line := lineOf(m[0])
		explained := false
		for _, c := range comments {
			if c[1] > m[0] {
				break
			}
			text := strings.TrimSpace(strings.TrimPrefix(src[c[0]:c[1]], "/*"))
			end := lineOf(c[1] - 1)
			if strings.HasPrefix(text, "safe:") && (end == line || end == line-1) {
				explained = true
			}
		}
		if !explained {
			l := strings.Split(src, "\n")[line-1]
			bad = append(bad, strings.TrimSpace(l))
		}
	}
	return bad
}

// TestEverySafeUseIsExplained: nothing in layouts/ escapes html/template's
// escaping without a comment saying why what it prints cannot carry markup
// from an input (a note, a doc, the checkout, the config). A new use
// without one fails here; the reader of the comment judges the reason.
func TestEverySafeUseIsExplained(t *testing.T) {
	uses := 0
	err := fs.WalkDir(Project, "layouts", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := Project.ReadFile(p)
		if err != nil {
			return err
		}
		uses += len(markedSafe.FindAllIndex(data, -1))
		for _, l := range unexplainedSafe(string(data)) {
			t.Errorf("%s: marked safe without a {{/* safe: why */}} comment on the line before: %s", p, l)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if uses == 0 {
		t.Fatal("no safe* use found in layouts/: the pattern is wrong")
	}
}

// The rule itself: what it must refuse and what it must accept.
func TestUnexplainedSafe(t *testing.T) {
	tests := []struct {
		name, src string
		bad       int
	}{
		{"bare", `{{ printf "<h%d>" .level | safeHTML }}`, 1},
		{"a comment that gives no reason", "{{/* a heading */}}\n{{ .x | safeHTML }}", 1},
		{"a reason too far above", "{{/* safe: constant */}}\n\n{{ .x | safeHTML }}", 1},
		{"a reason below", "{{ .x | safeURL }}\n{{/* safe: constant */}}", 1},
		{"markdownify", `<li>{{ . | markdownify }}</li>`, 1},
		{"two uses, one reason for the first line", "{{/* safe: x */}}\n{{ .a | safeHTML }}\n{{ .b | safeHTMLAttr }}", 1},
		{"reason on the line before", "{{- /* safe: a constant */}}\n{{ printf \"<?xml?>\" | safeHTML }}", 0},
		{"reason on the same line", `{{/* safe: a constant */}}{{ "<br>" | safeHTML }}`, 0},
		{"multi-line reason", "{{- /* safe: the text is\n  escaped first */}}\n{{ .x | safeHTML }}", 0},
		{"a use inside a comment", "{{/* no safeURL here */}}", 0},
		{"no use", `<a href="{{ .url }}">{{ .text }}</a>`, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := unexplainedSafe(tc.src); len(got) != tc.bad {
				t.Errorf("unexplainedSafe = %q, want %d", got, tc.bad)
			}
		})
	}
}
