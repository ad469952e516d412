package emit

import (
	"html"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gohugoio/hugo-goldmark-extensions/passthrough"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// asPage renders as Hugo renders a note's page: Hugo's dialect (no
// "$...$"), raw HTML on, links and images left to the render hooks
// (html/template judges their URLs), and math as the passthrough hook
// shows what it does not typeset: escaped code. (What KaTeX typesets is
// KaTeX's markup, never the formula's text.)
var asPage = func() goldmark.Markdown {
	md := mdconf.NewAsHugo()
	md.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(mathAsCode{}, 0)))
	return md
}()

type mathAsCode struct{}

func (mathAsCode) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	skip := func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) { return ast.WalkSkipChildren, nil }
	reg.Register(ast.KindLink, skip)
	reg.Register(ast.KindAutoLink, skip)
	reg.Register(ast.KindImage, skip)
	code := func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			for _, f := range mdconf.Formulas(n, src) {
				_, _ = w.WriteString("<code>" + html.EscapeString(f.Inner) + "</code>")
			}
		}
		return ast.WalkSkipChildren, nil
	}
	reg.Register(passthrough.KindPassthroughInline, code)
	reg.Register(passthrough.KindPassthroughBlock, code)
}

// hostileMath are the ways raw HTML hid from the sanitizer in a span it
// took for math and the page did not (issue 30), in every place a note's
// text reaches a page.
var hostileMath = []string{
	"x $a\\)<img src=x onerror=alert(1)>$",
	"| a | b |\n| - | - |\n| x $a\\)<img src=x onerror=alert(1)>$ | y |\n",
	"> [!NOTE] x $a\\)<img src=x onerror=alert(1)>$\n> body\n",
	"- [ ] check x $a\\)<img src=x onerror=alert(1)>$ item\n",
	"## Symptom\n\nx $a\\)<img src=x onerror=alert(1)>$ and more words here\n",
	"x $a\\\\)<img src=x onerror=alert(1)>$",
	"x $a\\)<script>alert(1)</script>$",
	"x $a\\)<a href=\"javascript:alert(1)\">y</a>$",
	"\\( x $a$ <img src=x onerror=alert(1)> \\)",
	"$$\n<img src=x onerror=alert(1)>\n$$\n",
	"\\(a\\) $b\\)<img src=x onerror=alert(1)>$ \\(c\\)",
	"x $<img src=x onerror=alert(1)>$",
	// GitHub's escapes are read inside dollar math (mdconf.GitHubMath).
	"$$a\\<img src=x onerror=alert(1)\\>$$",
	"x $a \\<script\\>alert(1)\\</script\\>$ y",
	"$$a\\$\\$<img src=x onerror=alert(1)>$$",
	"$a\\\\\\)<img src=x onerror=alert(1)>$",
	"$$\n\\{x\\} \\\\\n<img src=x onerror=alert(1)> \\$$\n$$\n",
}

// TestMathAndHTMLAgree: whatever a note writes in or around math, the
// page Hugo renders from literal's output, and the symptom or checklist
// item rendered from plainMarkdown's, has no active content.
func TestMathAndHTMLAgree(t *testing.T) {
	for _, md := range hostileMath {
		got := literal(md)
		if err := inertHTML(asPage, got); err != nil {
			t.Errorf("literal(%q) = %q: %v", md, got, err)
		}
		if strings.Count(got, "\n") != strings.Count(md, "\n") {
			t.Errorf("literal(%q): lines changed", md)
		}
		for _, line := range strings.Split(md, "\n") {
			if p := plainMarkdown(line); inertHTML(asPage, p) != nil {
				t.Errorf("plainMarkdown(%q) = %q: %v", line, p, inertHTML(asPage, p))
			}
		}
		if twin := sanitizeHTML(md, true, nil); inertHTML(twinRawOnly, twin) != nil {
			t.Errorf("twin %q -> %q: %v", md, twin, inertHTML(twinRawOnly, twin))
		}
	}
}

// FuzzMathAndSanitizer fuzzes the math scanner and the sanitizer
// together: for any note, the page rendered from literal's output as Hugo
// reads it, and a symptom rendered from plainMarkdown's, hold no script,
// event attribute or unsafe URL. Inputs are kept short so that each
// iteration stays fast.
func FuzzMathAndSanitizer(f *testing.F) {
	for _, s := range hostileMath {
		f.Add(s)
	}
	f.Add("$x$ `$y$` \\[z\\] $$w$$ <b>b</b>")
	f.Add("$$a = (a/b)b + a\\mathbin{\\\\%}b$$ and $b\\mathbin{\\\\%}c$")
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 2000 || !utf8.ValidString(md) || notes.CheckBody("f", []byte(md)) != nil {
			return
		}
		if got := literal(md); inertHTML(asPage, got) != nil {
			t.Fatalf("literal(%q) = %q: %v", md, got, inertHTML(asPage, got))
		}
		if !strings.Contains(md, "\n") {
			if got := plainMarkdown(md); inertHTML(asPage, got) != nil {
				t.Fatalf("plainMarkdown(%q) = %q: %v", md, got, inertHTML(asPage, got))
			}
		}
	})
}
