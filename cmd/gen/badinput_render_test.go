package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
)

// renderChecks are the checks of a published page that need an HTML
// parser, named for the script that runs them (render NAME). What every
// accepted input must satisfy — no active content — the script's gen
// command checks itself; these say what the case's own note must look
// like. (A check that a file exists or says something is the script's:
// exists, grep.)
var renderChecks = map[string]func(t reporter, e *badEnv){
	"raw-html-and-script-in-a-note": func(t reporter, e *badEnv) {
		// The note's script goes, whole; its image stays, without
		// the event attribute.
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(pageOf(t, e.Out, "xss")))
		if err != nil {
			t.Fatalf("%v", err)
		}
		if strings.Contains(doc.Find("script").Text(), "__pwned") || doc.Find("[onerror]").Length() > 0 {
			t.Error("raw HTML from the note reached the page")
		}
		if strings.Contains(doc.Find("article").Text(), "__pwned") {
			t.Error("the note's script is shown as text: it should be gone")
		}
		if doc.Find(`article img[src="x"]`).Length() != 1 {
			t.Error("the note's image is gone: only its onerror should be")
		}
	},
	"javascript-link":          inert("js", []string{"here"}, "javascript:"),
	"obfuscated-schemes":       inert("obf", []string{"a", "b", "c", "d", "e"}, "javascript", "alert("),
	"data-vbscript-file-links": inert("schemes", []string{"d", "v", "f", "x"}, "data:", "vbscript:", "file:", "x-custom:"),
	"images": func(t reporter, e *badEnv) {
		inert("img", []string{"boom", "pixel"}, "javascript:", "data:")(t, e)
		if noteDoc(t, e, "img").Find(`img[src="/img/ok.png"]`).Length() == 0 {
			t.Error("a relative image was dropped")
		}
	},
	"autolinks": func(t reporter, e *badEnv) {
		inert("auto", []string{"javascript:alert(1)", "VBScript:x"}, "javascript:", "vbscript:")(t, e)
		doc := noteDoc(t, e, "auto")
		if doc.Find(`a[href="https://example.com/ok"]`).Length() == 0 || doc.Find(`a[href="mailto:dev@example.com"]`).Length() == 0 {
			t.Error("safe autolinks are no longer links")
		}
	},
	"reference-links": func(t reporter, e *badEnv) {
		inert("refs", []string{"the log"}, "javascript:")(t, e)
		if noteDoc(t, e, "refs").Find(`a[href="https://github.com/NVIDIA/Fuser/pull/1"]`).Length() == 0 {
			t.Error("a safe reference link is no longer a link")
		}
	},
	"protocol-relative-and-bare-ftp": func(t reporter, e *badEnv) {
		inert("proto", []string{"away"}, "evil.example", "ftp:")(t, e)
		// Bare ftp URLs are text: the handbook's autolinker links
		// only what urlsafe allows.
		if text := articleText(t, e, "proto"); !strings.Contains(text, "ftp://files.example.com/dump.bin here, (ftp://host/a_(b)) and ftp://host/x'") {
			t.Errorf("bare ftp URLs are not shown as written:\n%s", text)
		}
	},
	"safe-links-stay-links": func(t reporter, e *badEnv) {
		doc := noteDoc(t, e, "safe")
		for _, href := range []string{"https://example.com/a?b=1&c=2", "mailto:dev@example.com", "#crash", "/"} {
			if doc.Find(`a[href="`+href+`"]`).Length() == 0 {
				t.Errorf("no link to %q", href)
			}
		}
		// A relative link to nothing on disk is flagged, not dead
		// (see assets_test.go).
		if doc.Find("span.ref-missing").Text() != "relbroken link" {
			t.Errorf("the unresolved relative link is not flagged: %q", doc.Find("span.ref-missing").Text())
		}
		if doc.Find("span.unsafe-url").Length() != 0 {
			t.Error("a safe link was made inert")
		}
	},
	"unsafe-urls-in-headings-tables-lists-quotes": inert("nested", []string{"t", "l", "q"}, "javascript:"),
	"unsafe-edit-url-base": func(t reporter, e *badEnv) {
		if noteDoc(t, e, "edit").Find("a.edit-link").Length() != 0 {
			t.Error("an edit link was made from a javascript: notes_edit_url")
		}
	},
	"hostile-note-file-name-in-edit-url": func(t reporter, e *badEnv) {
		var hrefs []string
		eachPage(t, e.Out, func(_ string, doc *goquery.Document) {
			doc.Find("a.edit-link").Each(func(_ int, s *goquery.Selection) {
				if h := s.AttrOr("href", ""); strings.Contains(h, "/team/") && !slices.Contains(hrefs, h) {
					hrefs = append(hrefs, h)
				}
			})
		})
		want := "https://git.example/notes/edit/main/team/q%22%3E%3Cb%3Ex.md"
		if len(hrefs) != 1 || hrefs[0] != want {
			t.Errorf("edit links %q, want [%q]", hrefs, want)
		}
	},
	"shortcode-delimiters-everywhere": func(t reporter, e *badEnv) {
		text := articleText(t, e, "tmpl")
		for _, want := range []string{"Prose {{< ref x >}} and {{% pct %}} and lone {{< opener.", "{{< span >}}", "{{< highlight go >}}\nlone {{< in block", "Go braces {{ .Site.Title }} and {{ range . }}{{ end }}."} {
			if !strings.Contains(text, want) {
				t.Errorf("page does not show %q verbatim:\n%s", want, text)
			}
		}
		if strings.Contains(noteDoc(t, e, "tmpl").Find("pre").Text(), "\u2060") {
			t.Error("the code block carries the word joiner: copied code would differ from the note")
		}
		if code := noteDoc(t, e, "tmpl").Find("article code").Text(); strings.Contains(code, "\u2060") || !strings.Contains(code, "lone {{% here") {
			t.Errorf("inline code carries the word joiner, or lost the note's text: %q", code)
		}
	},
	"hugo-s-own-escape-form": func(t reporter, e *badEnv) {
		if text := articleText(t, e, "esc"); !strings.Contains(text, "{{</* ref */>}}") {
			t.Errorf("the note's escape form was not shown as written:\n%s", text)
		}
	},
	"html-is-sanitized-as-github-does": func(t reporter, e *badEnv) {
		doc := noteDoc(t, e, "html")
		text := doc.Find("article").Text()
		for _, want := range []string{"std::vector<int>", "<!--more--> in code"} {
			if !strings.Contains(text, want) {
				t.Errorf("page does not show %q as text:\n%s", want, text)
			}
		}
		if strings.Count(text, "<!--more") != 1 {
			t.Errorf("the note's comment should be gone and the one in code shown:\n%s", text)
		}
		if doc.Find("article b").Text() != "bold" || doc.Find("article div").FilterFunction(func(_ int, s *goquery.Selection) bool { return strings.TrimSpace(s.Text()) == "block" }).Length() != 1 {
			t.Error("the note's safe HTML did not become elements")
		}
		if doc.Find("article [onclick], article div.box").Length() != 0 {
			t.Error("an event or class attribute of the note survived")
		}
		if sym := doc.Find(".symptom-text").Text(); !strings.Contains(sym, "std::vector<int>") {
			t.Errorf("the symptom lost the note's text: %q", sym)
		}
	},
	"html-constructs": func(t reporter, e *badEnv) {
		doc := noteDoc(t, e, "constructs")
		for _, c := range htmlConstructs {
			sel := "article " + strings.ReplaceAll(c.selector, ", ", ", article ")
			n := doc.Find(sel).Length()
			if c.kept && n == 0 {
				t.Errorf("%s: allowed, but no %q on the page", c.name, c.selector)
			}
			if !c.kept && n != 0 {
				t.Errorf("%s: forbidden, but %q is on the page", c.name, c.selector)
			}
		}
		if doc.Find(`link[href*="katex"]`).Length() != 0 {
			t.Error("a page without math links KaTeX's stylesheet")
		}
		html, _ := doc.Find("article").Html()
		for _, bad := range []string{"alert(", "&lt;details", "&lt;!--", "SPDX", "javascript:", "onerror", "ZgotmplZ"} {
			if strings.Contains(html, bad) {
				t.Errorf("the page has %q:\n%s", bad, html)
			}
		}
	},
	"alerts-and-math": func(t reporter, e *badEnv) {
		doc := noteDoc(t, e, "math")
		if doc.Find("article .callout-warning .callout-title").Text() != "Warning" || doc.Find("article .callout").Length() != 1 {
			t.Error("the alert is not a warning callout, or [!FOO] became one")
		}
		if !strings.Contains(doc.Find("article blockquote").Text(), "[!FOO]") {
			t.Error("a marker GitHub does not know is not shown as written")
		}
		if n := doc.Find("article .katex").Length(); n != 3 {
			t.Errorf("%d pieces of math rendered, want 3 ($2\\times 2$, \\(a_1\\), $$x_1 * y_1$$)", n)
		}
		if doc.Find(`link[rel="stylesheet"][href*="katex"]`).Length() != 1 {
			t.Error("a page with math does not link KaTeX's stylesheet")
		}
		text := doc.Find("article").Text()
		for _, want := range []string{"Set $HOME and pay $5 and $10;", `\frac{`} {
			if !strings.Contains(text, want) {
				t.Errorf("the page does not show %q as text:\n%s", want, text)
			}
		}
		if strings.Contains(text, "[!WARNING]") || doc.Find("article em").Length() != 0 {
			t.Errorf("the alert marker shows, or math was read as emphasis:\n%s", text)
		}
		if sym := doc.Find(".symptom-text").Text(); strings.Contains(sym, "[!") {
			t.Errorf("the summary shows the alert marker: %q", sym)
		}
	},
	"math-hiding-html": func(t reporter, e *badEnv) {
		doc := noteDoc(t, e, "hide")
		code := ""
		doc.Find("article code").Each(func(_ int, c *goquery.Selection) { code += c.Text() + "\n" })
		for i := 1; i <= 7; i++ {
			if want := fmt.Sprintf("alert(%d)", i); !strings.Contains(code, want) {
				t.Errorf("the math holding %s is not shown as code; code on the page:\n%s", want, code)
			}
		}
		if !strings.Contains(doc.Find(".callout-note .callout-title code").Text(), "onerror=alert(5)") {
			t.Error("the alert title's math is not shown as code")
		}
		if !strings.Contains(doc.Find(".next-steps code").Text(), "onerror=alert(2)") {
			t.Errorf("the checklist item's math is not shown as code: %q", doc.Find(".next-steps").Text())
		}
		if n := doc.Find("article .katex").Length(); n != 1 {
			t.Errorf("%d pieces of math typeset, want 1 (\\(b\\))", n)
		}
		// The twin and llms-full.txt: any HTML left is in code, or sanitized.
		for _, f := range []string{twinFile(t, e.Out, "hide"), filepath.Join(e.Out, "llms-full.txt")} {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatalf("%v", err)
			}
			markdownInert(t, f, b)
		}
	},
	"math-katex-cannot-typeset": func(t reporter, e *badEnv) {
		doc := noteDoc(t, e, "tex")
		if n := doc.Find("article .katex").Length(); n != 2 {
			t.Errorf("%d formulas typeset, want 2 (the two written with GitHub's \\\\%%)", n)
		}
		errs := doc.Find("article .math-error")
		if errs.Length() != 3 {
			t.Fatalf("%d formulas shown as not typeset, want 3", errs.Length())
		}
		if doc.Find("[onerror]").Length() != 0 || !strings.Contains(errs.Eq(2).Text(), "onerror=alert(1)") {
			t.Errorf("the formula quoting HTML is not shown as text: %q", errs.Eq(2).Text())
		}
		if why := errs.Find(".math-error-why").Text(); !strings.Contains(why, "not typeset") && !strings.Contains(why, "Not typeset") {
			t.Errorf("a formula KaTeX cannot typeset is shown without a word: %q", why)
		}
		if !strings.Contains(errs.Eq(1).Find(".math-error-why").Text(), "Not typeset: ") {
			t.Errorf("the display formula does not say why it is not typeset: %q", errs.Eq(1).Text())
		}
		if strings.Contains(doc.Find("article").Text(), `\\%`) {
			t.Error("the page shows GitHub's escaped \\\\% as written")
		}
	},
	"math-over-budget": func(t reporter, e *badEnv) {
		for _, c := range []struct {
			id           string
			katex, shown int
			text         string
		}{
			{"deep", 1, 2, "{{{{{{{{"},
			{"long", 0, 1, "x+x+x+"},
			{"heavy", 3, 1, "{{{{{{{{{{{{xxxx"},
			{"many", mathPerPage, 10000 - mathPerPage, "\\("},
		} {
			doc := noteDoc(t, e, c.id)
			if n := doc.Find("article .katex").Length(); n != c.katex {
				t.Errorf("%s: %d formulas typeset, want %d", c.id, n, c.katex)
			}
			shown := doc.Find("article code").FilterFunction(func(_ int, s *goquery.Selection) bool {
				return strings.Contains(s.Text(), c.text)
			})
			if shown.Length() != c.shown {
				t.Errorf("%s: %d formulas shown as code, want %d showing %q", c.id, shown.Length(), c.shown, c.text)
			}
		}
	},
	"twins-and-srcset": func(t reporter, e *badEnv) {
		doc := noteDoc(t, e, "policy")
		srcsets := ""
		doc.Find("article [srcset]").Each(func(_ int, s *goquery.Selection) { v, _ := s.Attr("srcset"); srcsets += v + "\n" })
		if !strings.Contains(srcsets, "fig.png 1x") || !strings.Contains(srcsets, "a.webp") {
			t.Errorf("the safe srcset candidates are gone: %q", srcsets)
		}
		for _, f := range []string{twinFile(t, e.Out, "policy"), filepath.Join(e.Out, "llms-full.txt")} {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatalf("%v", err)
			}
			markdownInert(t, f, b)
			if !strings.Contains(string(b), "fig.png 1x") {
				t.Errorf("%s: the safe srcset candidate is gone", f)
			}
		}
	},
}

// mathPerPage is how many formulas a page may have typeset
// (mdconf.MaxPageFormulas).
const mathPerPage = 1500

// markdownInert renders Markdown (a twin, llms-full.txt) as a GitHub
// reader would, raw HTML on, and fails on any link, image or srcset
// candidate with an active scheme, any script and any on* attribute.
func markdownInert(t reporter, name string, md []byte) {
	t.Helper()
	var b strings.Builder
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe())).Convert(md, &b); err != nil {
		t.Fatalf("%v", err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(b.String()))
	if err != nil {
		t.Fatalf("%v", err)
	}
	if doc.Find("script").Length() > 0 {
		t.Errorf("%s: a script", name)
	}
	doc.Find("*").Each(func(_ int, s *goquery.Selection) {
		for _, a := range s.Nodes[0].Attr {
			vals := []string{a.Val}
			if a.Key == "srcset" {
				vals = strings.Split(a.Val, ",")
			}
			for _, v := range vals {
				v = strings.Map(func(r rune) rune {
					if r <= ' ' {
						return -1
					}
					return r
				}, v)
				if strings.HasPrefix(a.Key, "on") || (a.Key == "href" || a.Key == "src" || a.Key == "srcset") && activeScheme.MatchString(v) {
					t.Errorf("%s: %s=%q on <%s>", name, a.Key, a.Val, goquery.NodeName(s))
				}
			}
		}
	})
}

// twinFile is the Markdown twin of a note's page.
func twinFile(t reporter, out, id string) string {
	t.Helper()
	for _, sec := range []string{"runbooks", "guides", "notes"} {
		if f := filepath.Join(out, sec, id, "index.md"); fileExists(f) {
			return f
		}
	}
	t.Fatalf("no twin of note %q", id)
	return ""
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func init() {
	renderChecks["html-that-reaches-outside-the-note"] = func(t reporter, e *badEnv) {
		doc := noteDoc(t, e, "outside")
		// The page's own shape, as a browser parses it: <main> in the
		// shell, the footer and the scripts after it, both the body's.
		if doc.Find("body > div.shell > main#main").Length() != 1 {
			t.Error("<main> is no longer the shell's child")
		}
		if doc.Find("body > div.shell > nav").Length() == 0 {
			t.Error("the navigation is no longer the shell's child")
		}
		if doc.Find("body > footer").Length() != 1 {
			t.Error("the page's footer is no longer the body's child")
		}
		if n := doc.Find("footer b, footer a b, footer details, footer table, b footer, a footer, details footer, table footer").Length(); n > 0 {
			t.Error("an element of the note wraps or reaches into the footer")
		}
		if !strings.Contains(doc.Find("main#main article").Text(), "Last words.") {
			t.Error("the note's last words are not in its article")
		}
		// Headings whose anchors are the layout's ids take the prefix,
		// and the note's links follow them.
		if doc.Find("h2#user-content-main").Length() != 1 || doc.Find("h2#user-content-toc-heading").Length() != 1 {
			t.Error(`"## main" or "## toc heading" did not get the user-content- prefix`)
		}
		if doc.Find(`a[href="#user-content-main"]`).Length() == 0 {
			t.Error(`the note's "#main" link does not lead to its heading`)
		}
		if doc.Find(`nav.toc a[href="#user-content-main"]`).Length() != 1 || doc.Find(`nav.toc a[href="#main"]`).Length() != 0 {
			t.Error(`the table of contents does not lead to the "## main" heading`)
		}
		seen := map[string]bool{}
		doc.Find("[id]").Each(func(_ int, s *goquery.Selection) {
			id, _ := s.Attr("id")
			if seen[id] {
				t.Errorf("id %q twice on the page", id)
			}
			seen[id] = true
		})
	}
}
