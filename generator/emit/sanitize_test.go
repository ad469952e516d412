package emit

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gohugoio/hugo-goldmark-extensions/passthrough"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
	"golang.org/x/net/html"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
	"github.com/nvfuser-handbook/handbook/generator/internal/urlsafe"
)

// TestSanitizeHTML: each construct, as the content file Hugo renders
// receives it. (internal/e2e and cmd/gen render these through Hugo.)
func TestSanitizeHTML(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"allowed inline tags kept", "press <kbd>Ctrl</kbd>, x<sup>2</sup>, H<sub>2</sub>O, a<br>b",
			"press <kbd>Ctrl</kbd>, x<sup>2</sup>, H<sub>2</sub>O, a<br>b"},
		{"details across blocks", "<details>\n<summary>More</summary>\n\nText *here*.\n\n</details>\n",
			"<details>\n<summary>More</summary>\n\nText *here*.\n\n</details>\n"},
		{"comment block dropped, lines kept", "<!--\nSPDX-License-Identifier: X\n-->\n# Title\n",
			"<!---->\n<!---->\n<!---->\n# Title\n"},
		{"comment hiding C++ with blank lines", "<!--\n#include <x>\n\nint main() {}\n-->\ntext\n",
			"<!---->\n<!---->\n\n<!---->\n<!---->\ntext\n"},
		{"inline comment dropped", "a <!-- hidden --> b", "a  b"},
		{"inline comment over lines keeps them", "a <!-- x\ny --> b", "a <!--\n--> b"},
		{"script block vanishes whole", "<script>\nalert(1)\n</script>\nafter\n", "<!---->\n<!---->\n<!---->\nafter\n"},
		{"style block vanishes", "<style>body{display:none}</style>\n", "<!---->\n"},
		{"iframe dropped", "<iframe src=\"https://evil.example\"></iframe>\n", "<!---->\n"},
		{"event attribute dropped", `<img src="a.png" onerror="alert(1)" alt="x">`, `<img src="a.png" alt="x">`},
		{"style attribute dropped", `<span style="color:red">red</span>`, `<span>red</span>`},
		// Each tag is a fragment of its own: a link's closing tag outlives
		// its refused opening one, and does nothing.
		{"javascript href dropped", `<a href="javascript:alert(1)">x</a>`, `x`},
		{"entity-encoded scheme dropped", `<a href="jav&#x09;ascript:alert(1)">x</a>`, `x`},
		{"data image dropped", `see <img src="data:image/png;base64,AAAA">`, `see `},
		{"protocol-relative dropped", `<a href="//evil.example/x">x</a> <img src="\\evil.example\x">`, `x `},
		{"safe links kept", `<a href="https://example.com/a?b=1&amp;c=2">x</a> <a href="../other.md#s">y</a>`,
			`<a href="https://example.com/a?b=1&amp;c=2">x</a> <a href="../other.md#s">y</a>`},
		{"form and input dropped", "<form action=\"/x\"><input name=q></form>\n", "<!---->\n"},
		{"svg dropped", "<svg onload=alert(1)><circle/></svg>", ""},
		{"table kept", "<table>\n<tr><td colspan=\"2\">x</td></tr>\n</table>\n",
			"<table>\n<tr><td colspan=\"2\">x</td></tr>\n</table>\n"},
		{"not HTML is text", "std::vector<int> and File \"<string>\", in <module>", `std::vector\<int> and File "\<string>", in \<module>`},
		{"not-HTML block is text", "<my-option>\nmore <i>x</i>\n", "\\<my-option>\nmore <i>x</i>\n"},
		{"fragments that join into a tag", "<<x>script>alert(1)<</x>/script>", `<\<x>script>alert(1)<\</x>/script>`},
		{"fragments that join into a tag once one goes", "x <<!-- c -->script>alert(1)", "x alert(1)"},
		{"in a blockquote", "> <!--\n> note\n> -->\n> text\n", "> <!---->\n> <!---->\n> <!---->\n> text\n"},
		{"in a list item", "- a\n  <details><summary>s</summary>\n  x\n  </details>\n", "- a\n  <details><summary>s</summary>\n  x\n  </details>\n"},
		{"code untouched", "`<script>` and\n\n```\n<script>x</script>\n```\n", "`<script>` and\n\n```\n<script>x</script>\n```\n"},
		{"autolink untouched", "<https://example.com>", "<https://example.com>"},
		{"id kept under the user-content prefix", `<span id="ep-figure"></span>`, `<span id="user-content-ep-figure"></span>`},
		{"id that is no plain name dropped", `<span id="a b">x</span>`, `<span>x</span>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := sanitizeHTML(tc.in, false, nil)
			if got != tc.want {
				t.Errorf("sanitizeHTML(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
			if strings.Count(got, "\n") != strings.Count(tc.in, "\n") {
				t.Errorf("lines changed: %q", got)
			}
		})
	}
}

// TestSanitizeHTMLDropLines: the Markdown twin keeps no placeholder.
func TestSanitizeHTMLDropLines(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<!--\nSPDX\n-->\n# Title\n", "\n\n\n# Title\n"},
		{"a <!-- x\ny --> b", "a  b"},
		{"<details>\n<summary>s</summary>\n<!-- c -->\n</details>\n", "<details>\n<summary>s</summary>\n\n</details>\n"},
		{"> <!--\n> c\n> -->\n> text\n", "> \n> \n> \n> text\n"},
		{"math $a <b> c$ and $<script>x</script>$", "math $a <b></b> c$ and $x$"}, // to a reader without math, HTML
	} {
		if got := sanitizeHTML(tc.in, true, nil); got != tc.want {
			t.Errorf("sanitizeHTML(%q, drop)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// FuzzSanitizeHTML: whatever the note, the result is settled (another
// pass changes nothing, so every fragment Hugo finds is one the policy
// keeps as it is) and has the note's lines.
func FuzzSanitizeHTML(f *testing.F) {
	for _, s := range []string{"<details>\n<summary>x</summary>\n</details>", "<!--\na\n\nb\n-->", "<script>x</script>",
		"<<x>b>", "> <div>\n> <!-- x\n> y -->\n", "- <img src=x onerror=y>\n  <!--\n  -->", "a <!-- x\ny --> b <i>c</i>",
		"<a href='javascript:x'>y</a>", "<p>\n<!--\n\n-->\n</p>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if !utf8.ValidString(md) || strings.ContainsRune(md, 0) || strings.Contains(md, "\r") {
			return
		}
		got := sanitizeHTML(md, false, nil)
		if strings.Count(got, "\n") != strings.Count(md, "\n") {
			t.Fatalf("lines changed: %q -> %q", md, got)
		}
		if again := sanitizePass(got, false, nil); again != got {
			t.Fatalf("not settled: %q -> %q -> %q", md, got, again)
		}
		if err := inertHTML(rawOnly, got); err != nil {
			t.Fatalf("%q -> %q: %v", md, got, err)
		}
		// The twin, read by a Markdown reader that may know no math.
		if twin := sanitizeHTML(md, true, nil); inertHTML(twinRawOnly, twin) != nil {
			t.Fatalf("twin %q -> %q: %v", md, twin, inertHTML(twinRawOnly, twin))
		}
	})
}

// rawOnly renders as Hugo does (no "$...$": literal has written it as
// "\(...\)" before sanitizing), but Markdown links, images and math as
// nothing: the site's render hooks judge those (html/template refuses any
// other scheme; KaTeX escapes math), and inertHTML judges what the raw
// HTML makes.
var rawOnly, twinRawOnly = withoutLinks(mdconf.NewAsHugo()), withoutLinks(mdconf.NewWithoutMath())

func withoutLinks(md goldmark.Markdown) goldmark.Markdown {
	md.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(noLinks{}, 0)))
	return md
}

type noLinks struct{}

func (noLinks) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	skip := func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) { return ast.WalkSkipChildren, nil }
	reg.Register(ast.KindLink, skip)
	reg.Register(ast.KindAutoLink, skip)
	reg.Register(ast.KindImage, skip)
	reg.Register(passthrough.KindPassthroughInline, skip)
	reg.Register(passthrough.KindPassthroughBlock, skip)
}

// inertHTML renders md as Hugo does (raw HTML on) and reads the page as
// a browser would: no element that runs or loads anything but images and
// links, no event or style attribute, no URL but http(s), mailto and
// relative ones.
func inertHTML(r goldmark.Markdown, md string) error {
	var b bytes.Buffer
	if err := r.Convert([]byte(md), &b); err != nil {
		return err
	}
	z := html.NewTokenizer(&b)
	for {
		switch z.Next() {
		case html.ErrorToken:
			return nil
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if taskCheckbox(tok) {
				continue // a task list's, as goldmark writes it
			}
			switch tok.Data {
			case "script", "style", "iframe", "frame", "object", "embed", "form", "input", "svg", "math", "link", "meta", "base", "textarea", "noscript":
				return fmt.Errorf("<%s> on the page", tok.Data)
			}
			for _, a := range tok.Attr {
				if a.Key == "style" && (tok.Data == "th" || tok.Data == "td") && strings.HasPrefix(a.Val, "text-align:") {
					continue // a Markdown table's column alignment
				}
				if strings.HasPrefix(a.Key, "on") || a.Key == "style" {
					return fmt.Errorf("attribute %s on <%s>", a.Key, tok.Data)
				}
				urls := []string{a.Val}
				if a.Key == "srcset" { // every candidate: split at every comma (stricter than a browser)
					urls = nil
					for _, c := range strings.Split(a.Val, ",") {
						if f := strings.Fields(c); len(f) > 0 {
							urls = append(urls, f[0])
						}
					}
				}
				for _, u := range urls {
					if a.Key == "href" || a.Key == "src" || a.Key == "srcset" {
						if safe, why := urlsafe.Check(u); !safe {
							return fmt.Errorf("<%s %s=%q>: %s", tok.Data, a.Key, a.Val, why)
						}
					}
				}
			}
		}
	}
}

// TestSanitizeRewritesImages: an <img src> the notes stage resolved takes
// its published URL; one it does not know keeps its src; the rewrite is
// stable (a second pass changes nothing).
func TestSanitizeRewritesImages(t *testing.T) {
	imgSrc := func(src string) string {
		if src == "../figs/a.svg" {
			return "/guides/x/_/doc/figs/a.svg"
		}
		return ""
	}
	for _, tc := range []struct{ in, want string }{
		{`<img src="../figs/a.svg" alt="A">`, `<img src="/guides/x/_/doc/figs/a.svg" alt="A">`},
		{"<p align=\"center\">\n<img src=\"../figs/a.svg\">\n</p>\n", "<p align=\"center\">\n<img src=\"/guides/x/_/doc/figs/a.svg\">\n</p>\n"},
		{`<img src="other.png">`, `<img src="other.png">`},
	} {
		got := sanitizeHTML(tc.in, false, imgSrc)
		if got != tc.want {
			t.Errorf("sanitizeHTML(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
		if again := sanitizePass(got, false, imgSrc); again != got {
			t.Errorf("not settled: %q -> %q", got, again)
		}
	}
}

func TestDeclaredIDs(t *testing.T) {
	md := sanitizeHTML("<span id=\"fig\"></span> and <a name=\"x\" id=\"fig\">y</a>\n\n<div id=\"two\">z</div>\n", false, nil)
	got := strings.Join(DeclaredIDs(md), ",")
	if got != "fig,two" {
		t.Errorf("DeclaredIDs = %q, want fig,two (from %q)", got, md)
	}
}

func TestTwinLinks(t *testing.T) {
	locals := []noteLocal{
		{Dest: "../reading/iterdomain.md#split", URL: "/guides/reading-iterdomain#split"},
		{Dest: "../../csrc/a.cpp", URL: "https://github.com/NVIDIA/Fuser/blob/abc/csrc/a.cpp"},
		{Dest: "gone.md", Missing: "no such file"},
	}
	in := "See [it](../reading/iterdomain.md#split \"t\"), [code](../../csrc/a.cpp) and [gone](gone.md); not [x](../../csrc/a.cppx)."
	want := "See [it](/guides/reading-iterdomain#split \"t\"), [code](https://github.com/NVIDIA/Fuser/blob/abc/csrc/a.cpp) and [gone](gone.md); not [x](../../csrc/a.cppx)."
	if got := twinLinks(in, locals); got != want {
		t.Errorf("twinLinks\n got %q\nwant %q", got, want)
	}
}

// taskCheckbox is the disabled checkbox of a GFM task list item.
func taskCheckbox(tok html.Token) bool {
	if tok.Data != "input" {
		return false
	}
	box, disabled := false, false
	for _, a := range tok.Attr {
		switch {
		case a.Key == "type" && a.Val == "checkbox":
			box = true
		case a.Key == "disabled":
			disabled = true
		case a.Key == "checked":
		default:
			return false
		}
	}
	return box && disabled
}

// TestSrcsetCandidates: srcset is judged candidate by candidate, as a
// browser splits it, with the policy src has.
func TestSrcsetCandidates(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`<img src="a.png" srcset="a.png 1x, javascript:alert(1) 2x">`, `<img src="a.png" srcset="a.png 1x">`},
		{`<img srcset="data:image/png;base64,AAAA 1x,b.png 2x">`, `<img srcset="b.png 2x">`},
		{`<img src="a.png" srcset="javascript:alert(1)">`, `<img src="a.png">`},
		{`<img srcset="  a.png,, b.png 2x , https://x.example/c.png 300w">`, `<img srcset="a.png, b.png 2x, https://x.example/c.png 300w">`},
		{`<img srcset="a.png 1x, //evil.example/x.png 2x, \\evil.example\x.png 3x">`, `<img srcset="a.png 1x">`},
		{`<picture><source srcset="a.webp, JaVaScRiPt:alert(1) 2x" type="image/webp"></picture>`, `<picture><source srcset="a.webp" type="image/webp"></picture>`},
		{`<img srcset="a.png (min-width: 1px, 2px) 1x, vbscript:x 2x">`, `<img srcset="a.png (min-width: 1px, 2px) 1x">`},
	} {
		for _, twin := range []bool{false, true} {
			if got := sanitizeHTML(tc.in, twin, nil); got != tc.want {
				t.Errorf("sanitizeHTML(%q, twin=%v)\n got %q\nwant %q", tc.in, twin, got, tc.want)
			}
		}
	}
}
