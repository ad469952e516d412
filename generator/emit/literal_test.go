package emit

import (
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/notes"
)

func TestLiteral(t *testing.T) {
	wj := WordJoiner
	for _, tc := range []struct{ in, want string }{
		{"plain text, nothing to do", "plain text, nothing to do"},
		{"Use {{< ref x >}} here", "Use {{</* ref x */>}} here"},
		{"Use {{% pct %}} here", "Use {{%/* pct */%}} here"},
		{"`{{< code span >}}`", "`{{</* code span */>}}`"},
		{"```\n{{< in a block >}}\n```\n", "```\n{{</* in a block */>}}\n```\n"},
		{"Hugo's escape {{</* x */>}} stays", "Hugo's escape {{</*/* x */*/>}} stays"},
		{"lone {{< opener", `lone {{\< opener`},
		{"lone {{% opener", `lone {{\% opener`},
		{"`lone {{< in code`", "`lone {{" + wj + "< in code`"},
		{"```\nlone {{% in a block\n```\n", "```\nlone {{" + wj + "% in a block\n```\n"},
		{"Go braces {{ .Site.Title }} need nothing", "Go braces {{ .Site.Title }} need nothing"},
		{"a <b>bold</b> word", "a <b>bold</b> word"},
		{"std::vector<int> v;", `std::vector\<int> v;`},
		{"<div>\nblock\n</div>\n", "<div>\nblock\n</div>\n"},
		{"<script>alert(1)</script>\n", "<!---->\n"},
		{"`<b>` in code stays", "`<b>` in code stays"},
		{"tile $2\\times 2$, not $HOME or `$x$`", "tile \\(2\\times 2\\), not $HOME or `$x$`"},
		{"<https://example.com> is an autolink", "<https://example.com> is an autolink"},
		{"<!--more-->\n", "<!---->\n"},
		{"```\n<!--more-->\n```\n", "```\n<!" + wj + "--more-->\n```\n"},
	} {
		got := literal(tc.in)
		if got != tc.want {
			t.Errorf("literal(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
		if strings.Count(got, "\n") != strings.Count(tc.in, "\n") {
			t.Errorf("literal(%q) changed the number of lines", tc.in)
		}
	}
}

// FuzzLiteral: whatever the note, what literal writes holds no shortcode
// Hugo would run (every "{{<" and "{{%" starts Hugo's escaped form), and
// the same number of lines (FuzzSanitizeHTML checks its HTML).
func FuzzLiteral(f *testing.F) {
	for _, s := range []string{"{{< x >}}", "{{%", "`{{<`", "<b>x</b>", "<div>\n<p>x</p>\n</div>", "{{</* a */>}}", "{{<{{%>}}%}}", "> {{< x\n> >}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if notes.CheckBody("f", []byte(md)) != nil {
			return
		}
		got := literal(md)
		if strings.Count(got, "\n") != strings.Count(md, "\n") {
			t.Fatalf("lines changed: %q -> %q", md, got)
		}
		for i := 0; ; {
			j := indexOpener(got, i)
			if j < 0 {
				break
			}
			if !strings.HasPrefix(got[j+3:], "/*") {
				t.Fatalf("%q -> %q: a shortcode opener at %d", md, got, j)
			}
			closer := "*/>}}"
			if got[j+2] == '%' {
				closer = "*/%}}"
			}
			k := strings.Index(got[j+5:], closer)
			if k < 0 {
				t.Fatalf("%q -> %q: escaped opener at %d never closed", md, got, j)
			}
			i = j + 5 + k + len(closer)
		}
	})
}

func TestPlainMarkdown(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"nothing special", "nothing special"},
		{"[f](<java script:alert(6)>)", `\[f\](\<java script:alert(6)>)`},
		{"![x](data:image/png,) and `[kept](in code)`", "!\\[x\\](data:image/png,) and `[kept](in code)`"},
		{"see ftp://files.example/x and https://ok.example", `see ftp\://files.example/x and https://ok.example`},
		{"a <b>tag</b> {{< sc >}}", `a \<b>tag\</b> {{</* sc */>}}`},
		{"a $x_[i]$ tile [sic]", `a \(x_[i]\) tile \[sic\]`},
	} {
		if got := plainMarkdown(tc.in); got != tc.want {
			t.Errorf("plainMarkdown(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

func TestEditURL(t *testing.T) {
	s := Site{NotesEditBase: "https://github.com/org/notes/edit/main/"}
	for _, tc := range []struct{ rel, want string }{
		{"crash.md", "https://github.com/org/notes/edit/main/crash.md"},
		{"team/a b.md", "https://github.com/org/notes/edit/main/team/a%20b.md"},
		{`x"><script>.md`, "https://github.com/org/notes/edit/main/x%22%3E%3Cscript%3E.md"},
		{"", ""},
	} {
		if got := s.EditURL(tc.rel); got != tc.want {
			t.Errorf("EditURL(%q) = %q, want %q", tc.rel, got, tc.want)
		}
	}
	for _, base := range []string{"javascript:alert(1)//", "data:text/html,x", "//evil.example/"} {
		if got := (Site{NotesEditBase: base}).EditURL("a.md"); got != "" {
			t.Errorf("notes_edit_url %q gave edit link %q", base, got)
		}
	}
}
