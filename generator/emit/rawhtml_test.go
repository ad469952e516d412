package emit

import (
	"strings"
	"testing"
)

func TestEscapeRawHTML(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text, a < b", "plain text, a < b"},
		{"inline <img src=x onerror=alert(1)> tag", "inline &lt;img src=x onerror=alert(1)> tag"},
		{"<div class=\"x\">\n<script>alert(1)</script>\n</div>\n\nafter", "&lt;div class=\"x\">\n&lt;script>alert(1)&lt;/script>\n&lt;/div>\n\nafter"},
		{"`<b>` in code and\n\n```cpp\nstd::vector<int> v; // <b>\n```\n", "`<b>` in code and\n\n```cpp\nstd::vector<int> v; // <b>\n```\n"},
		{"an autolink <https://example.com/x> stays", "an autolink <https://example.com/x> stays"},
		{"<!-- a comment -->", "&lt;!-- a comment -->"},
	}
	for _, tc := range tests {
		if got := escapeRawHTML(tc.in); got != tc.want {
			t.Errorf("escapeRawHTML(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// FuzzEscapeRawHTML: after escaping, goldmark finds no raw HTML left, and
// only "<" became "&lt;".
func FuzzEscapeRawHTML(f *testing.F) {
	f.Add("<div>\n<script>x</script>\n</div>")
	f.Add("a <b>c</b> `<i>` <https://x.y>")
	f.Fuzz(func(t *testing.T, s string) {
		out := escapeRawHTML(s)
		if strings.ReplaceAll(out, "&lt;", "<") != strings.ReplaceAll(s, "&lt;", "<") {
			t.Fatalf("escaping changed more than '<': %q -> %q", s, out)
		}
		if again := escapeRawHTML(out); again != out {
			t.Fatalf("raw HTML left after escaping %q: %q", s, out)
		}
	})
}
