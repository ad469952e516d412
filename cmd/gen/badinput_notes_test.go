package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/PuerkitoBio/goquery"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// Hostile and mistaken note content: URLs that would run code, text that
// looks like a template, dates that look like publishing switches. Each
// case goes through runBadInputs (no panic, refusals name the note's
// file:line and leave the site as it was, accepted sites carry no active
// content), plus its own check of the rendered page.

// noteDoc parses the page of note id.
func noteDoc(t *testing.T, e *badEnv, id string) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(pageOf(t, e.Out, id)))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// inert checks that each text is shown in an .unsafe-url span and that no
// link or image on the page points at any of urls.
func inert(id string, texts []string, urls ...string) func(t *testing.T, e *badEnv) {
	return func(t *testing.T, e *badEnv) {
		doc := noteDoc(t, e, id)
		shown := map[string]bool{}
		doc.Find("span.unsafe-url").Each(func(_ int, s *goquery.Selection) { shown[s.Text()] = true })
		for _, txt := range texts {
			if !shown[txt] {
				t.Errorf("%q is not shown as inert text (inert: %v)", txt, shown)
			}
		}
		doc.Find("a[href], img[src]").Each(func(_ int, s *goquery.Selection) {
			v := s.AttrOr("href", s.AttrOr("src", ""))
			for _, u := range urls {
				if strings.Contains(strings.ToLower(v), strings.ToLower(u)) {
					t.Errorf("<%s> still points at %q", goquery.NodeName(s), v)
				}
			}
			if strings.Contains(v, "ZgotmplZ") {
				t.Errorf("a link the generator did not judge reached the page: %q", v)
			}
		})
	}
}

// articleText is the visible text of a note's article.
func articleText(t *testing.T, e *badEnv, id string) string {
	t.Helper()
	return noteDoc(t, e, id).Find("article").Text()
}

// withEditConfig writes a copy of the project's config.toml with extra
// [params.handbook] lines and makes the case use it.
func withEditConfig(extra string) func(t *testing.T, e *badEnv) {
	return func(t *testing.T, e *badEnv) {
		data, err := os.ReadFile(e.Config)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Replace(string(data), "[params.handbook]\n", "[params.handbook]\n"+extra+"\n", 1)
		cfg := filepath.Join(e.Proj, "config-"+filepath.Base(e.Src)+".toml")
		writeFile(t, cfg, s)
		e.Config = cfg
	}
}

func TestBadNoteContent(t *testing.T) {
	runBadInputs(t, []badInput{
		// URL safety: every way a note's text becomes a URL.
		{name: "javascript link", files: map[string]string{"notes/js.md": "# Crash\n\nClick [here](javascript:alert(1)) to see.\n"},
			render: inert("js", []string{"here"}, "javascript:")},
		{name: "obfuscated schemes", files: map[string]string{"notes/obf.md": "# Crash\n\n[a](JaVaScRiPt:alert(1)) [b](jav&#x09;ascript:alert(2)) [c](&#106;avascript:alert(3)) [d](javascript&colon;alert(4)) [e](javascript\\:alert(5)) [f](<java\nscript:alert(6)>)\n"},
			render: inert("obf", []string{"a", "b", "c", "d", "e"}, "javascript", "alert(")},
		{name: "data vbscript file links", files: map[string]string{"notes/schemes.md": "# Crash\n\n[d](data:text/html,<script>alert(1)</script>) [v](vbscript:msgbox(1)) [f](file:///etc/passwd) [x](x-custom:thing)\n"},
			render: inert("schemes", []string{"d", "v", "f", "x"}, "data:", "vbscript:", "file:", "x-custom:")},
		{name: "images", files: map[string]string{"notes/img.md": "# Crash\n\n![boom](javascript:alert(1)) ![pixel](data:image/svg+xml;base64,PHN2Zz4=) ![ok](/img/ok.png)\n"},
			render: func(t *testing.T, e *badEnv) {
				inert("img", []string{"boom", "pixel"}, "javascript:", "data:")(t, e)
				if noteDoc(t, e, "img").Find(`img[src="/img/ok.png"]`).Length() == 0 {
					t.Error("a relative image was dropped")
				}
			}},
		{name: "autolinks", files: map[string]string{"notes/auto.md": "# Crash\n\n<javascript:alert(1)> and <VBScript:x> and <https://example.com/ok> and <dev@example.com>\n"},
			render: func(t *testing.T, e *badEnv) {
				inert("auto", []string{"javascript:alert(1)", "VBScript:x"}, "javascript:", "vbscript:")(t, e)
				doc := noteDoc(t, e, "auto")
				if doc.Find(`a[href="https://example.com/ok"]`).Length() == 0 || doc.Find(`a[href="mailto:dev@example.com"]`).Length() == 0 {
					t.Error("safe autolinks are no longer links")
				}
			}},
		{name: "reference links", files: map[string]string{"notes/refs.md": "# Crash\n\nSee [the log][log] and [the fix][fix].\n\n[log]: javascript:alert(1) \"title\"\n[fix]: https://github.com/NVIDIA/Fuser/pull/1\n"},
			render: func(t *testing.T, e *badEnv) {
				inert("refs", []string{"the log"}, "javascript:")(t, e)
				if noteDoc(t, e, "refs").Find(`a[href="https://github.com/NVIDIA/Fuser/pull/1"]`).Length() == 0 {
					t.Error("a safe reference link is no longer a link")
				}
			}},
		{name: "protocol-relative and bare ftp", files: map[string]string{"notes/proto.md": "# Crash\n\n[away](//evil.example/x) and [back](\\\\evil.example/y) and ftp://files.example.com/dump.bin here, (ftp://host/a_(b)) and ftp://host/x'\n"},
			render: func(t *testing.T, e *badEnv) {
				inert("proto", []string{"away"}, "evil.example", "ftp:")(t, e)
				// Bare ftp URLs are text: the handbook's autolinker links
				// only what urlsafe allows.
				if text := articleText(t, e, "proto"); !strings.Contains(text, "ftp://files.example.com/dump.bin here, (ftp://host/a_(b)) and ftp://host/x'") {
					t.Errorf("bare ftp URLs are not shown as written:\n%s", text)
				}
			}},
		{name: "safe links stay links", files: map[string]string{"notes/safe.md": "# Crash\n\n[web](https://example.com/a?b=1&c=2) [mail](mailto:dev@example.com) [frag](#crash) [rel](../other/) [home](/)\n"},
			render: func(t *testing.T, e *badEnv) {
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
			}},
		{name: "unsafe urls in headings, tables, lists, quotes", files: map[string]string{"notes/nested.md": "# Crash\n\n## See [h](javascript:alert(1))\n\n| col |\n|---|\n| [t](javascript:alert(2)) |\n\n- [ ] [l](javascript:alert(3))\n\n> [q](javascript:alert(4))\n"},
			render: inert("nested", []string{"t", "l", "q"}, "javascript:")},
		{name: "unsafe edit url base", files: map[string]string{"notes/edit.md": "# Crash\n\nSIGSEGV\n"}, setup: withEditConfig(`notes_edit_url = "javascript:alert(1)//"`),
			render: func(t *testing.T, e *badEnv) {
				if noteDoc(t, e, "edit").Find("a.edit-link").Length() != 0 {
					t.Error("an edit link was made from a javascript: notes_edit_url")
				}
			}},
		{name: "hostile note file name in edit url", files: map[string]string{`notes/team/q"><b>x.md`: "# Crash\n\nSIGSEGV\n"}, setup: withEditConfig(`notes_edit_url = "https://git.example/notes/edit/main/"`),
			render: func(t *testing.T, e *badEnv) {
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
			}},

		// Notes are text, never templates.
		{name: "shortcode delimiters everywhere", files: map[string]string{"notes/tmpl.md": "# Crash\n\nProse {{< ref x >}} and {{% pct %}} and lone {{< opener.\n\nCode span `{{< span >}}` and `lone {{% here`.\n\n```go\n{{< highlight go >}}\nlone {{< in block\n```\n\nGo braces {{ .Site.Title }} and {{ range . }}{{ end }}.\n"},
			render: func(t *testing.T, e *badEnv) {
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
			}},
		{name: "hugo's own escape form", files: map[string]string{"notes/esc.md": "# Crash\n\nWrite `{{</* ref */>}}` to show a shortcode.\n"},
			render: func(t *testing.T, e *badEnv) {
				if text := articleText(t, e, "esc"); !strings.Contains(text, "{{</* ref */>}}") {
					t.Errorf("the note's escape form was not shown as written:\n%s", text)
				}
			}},
		{name: "html is sanitized as github does", files: map[string]string{"notes/html.md": "# Crash\n\nA <b>bold</b> claim about std::vector<int> and <span onclick=alert(1)>x</span>.\n\n<div class=box>\nblock\n</div>\n\n<!--more-->\n\n```\n<!--more--> in code\n```\n"},
			render: func(t *testing.T, e *badEnv) {
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
			}},
		{name: "html constructs", files: map[string]string{"notes/constructs.md": htmlConstructsNote},
			render: func(t *testing.T, e *badEnv) {
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
			}},

		{name: "alerts and math", files: map[string]string{"notes/math.md": "# Tiles\n\n> [!WARNING]\n> A tile of $2\\times 2$ elements.\n\n> [!FOO]\n> Not an alert GitHub knows.\n\nSet $HOME and pay $5 and $10; \\(a_1\\) and\n\n$$\nx_1 * y_1\n$$\n\nBroken \\(\\frac{\\).\n"},
			render: func(t *testing.T, e *badEnv) {
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
			}},

		// A note's date never decides whether it is published.
		{name: "future date", files: map[string]string{"notes/future.md": "+++\ndate = 2062-01-01\n+++\n# Crash from the future\n\nSIGSEGV\n"},
			render: func(t *testing.T, e *badEnv) { noteDoc(t, e, "future") }},
		{name: "ancient date", files: map[string]string{"notes/ancient.md": "---\ndate: 1970-01-01\n---\n# Crash from 1970\n\nSIGSEGV\n"},
			render: func(t *testing.T, e *badEnv) { noteDoc(t, e, "ancient") }},
		{name: "future date in the text only", files: map[string]string{"notes/textdate.md": "# Crash\n\nSeen on 2062-03-04 in CI.\n"},
			render: func(t *testing.T, e *badEnv) { noteDoc(t, e, "textdate") }},
		{name: "hugo publishing keys in front matter", files: map[string]string{"notes/expired.md": "---\ntitle: Expired\nexpiryDate: 2000-01-01\npublishDate: 2099-01-01\ndraft: true\n---\n# Expired\n\nSIGSEGV\n"},
			render: func(t *testing.T, e *badEnv) { noteDoc(t, e, "expired") }},
		{name: "impossible toml date", files: map[string]string{"notes/baddate.md": "+++\ntitle = \"x\"\ndate = 2024-13-45\n+++\n# x\n"}, fail: "notes/baddate.md:3: front matter"},
		{name: "impossible yaml date", files: map[string]string{"notes/baddate.md": "---\ntitle: x\n\ndate: 2024-13-45\n---\n# x\n"}, fail: "notes/baddate.md:4: front matter: date \"2024-13-45\""},

		// Errors name the note and its line, never generated/.
		{name: "broken internal link names the note line", files: map[string]string{"notes/badref.md": "+++\ntitle = \"x\"\n+++\n# Crash\n\nline six\n\nSee [the variable](/env/nvfuser_no_such_variable).\n"},
			fail: "notes/badref.md:8: broken internal link \"/env/nvfuser_no_such_variable\""},
		{name: "gen check reports unsafe urls at the note line", files: map[string]string{"notes/xss.md": "# Crash\n\nok\n\n[click](javascript:alert(1))\n"},
			args: func(e *badEnv) []string { return append([]string{"check"}, e.DefaultArgs()...) },
			fail: "notes/xss.md:5: unsafe URL \"javascript:alert(1)\""},
	})
}

// TestNoteErrorsNameTheNote: an error Hugo reports while rendering a note
// names the note, never a file under generated/.
func TestNoteErrorsNameTheNote(t *testing.T) {
	proj := testsite.New(t)
	src := t.TempDir()
	writeTree(t, src, goodTree, map[string]string{"notes/badref.md": "# Crash\n\nSee [x](/options/dump/no_such_option#here).\n"})
	code, stdout, stderr := runGen(t, "--config", filepath.Join(proj, "config.toml"), "--source", src, "--notes", filepath.Join(src, "notes"), "--out", filepath.Join(t.TempDir(), "site"))
	if code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if want := filepath.Join(src, "notes", "badref.md") + ":3: broken internal link"; !strings.Contains(stderr, want) {
		t.Errorf("error does not name %q:\n%s", want, stderr)
	}
	if strings.Contains(stdout+stderr, filepath.Join("generated", "content")) {
		t.Errorf("the error names a generated file:\n%s", stdout+stderr)
	}
}

// TestNoBuildMachinePaths builds notes kept in a temporary folder (in
// subfolders, with notes_edit_url set) and greps every output file —
// pages, feeds, the JSON API, the search index, decompressed — for the
// absolute paths of the notes and of the project.
func TestNoBuildMachinePaths(t *testing.T) {
	proj := testsite.New(t)
	src := t.TempDir()
	notes := t.TempDir()
	writeTree(t, src, goodTree, map[string]string{"notes/good.md": deleteFile})
	writeFile(t, filepath.Join(notes, "team", "crash.md"), "# Crash in the segmenter\n\nSIGSEGV in `nvfuser::A::b`; rerun with `NVFUSER_DUMP=fusion_ir,no_such_option`.\n")
	writeFile(t, filepath.Join(notes, "howto.md"), "# How to dump the fusion\n\nSet `NVFUSER_DUMP=fusion_ir`.\n")
	cfgData, err := os.ReadFile(filepath.Join(proj, "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(proj, "config-edit.toml")
	writeFile(t, cfg, strings.Replace(string(cfgData), "[params.handbook]\n", "[params.handbook]\nnotes_edit_url = \"https://git.example/notes/edit/main/\"\n", 1))
	out := filepath.Join(t.TempDir(), "site")
	if code, stdout, stderr := runGen(t, "--config", cfg, "--source", src, "--notes", notes, "--out", out); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	var runbooks []struct{ ID, Source string }
	readJSON(t, filepath.Join(out, "api", "runbooks.json"), &runbooks)
	sources := map[string]string{}
	for _, r := range runbooks {
		sources[r.ID] = r.Source
	}
	if sources["crash"] != "team/crash.md" || sources["howto"] != "howto.md" {
		t.Errorf("api/runbooks.json sources %v, want paths relative to the notes folder", sources)
	}
	if !strings.Contains(pageOf(t, out, "crash"), `href="https://git.example/notes/edit/main/team/crash.md"`) {
		t.Error("the edit link is not notes_edit_url + the note's relative path")
	}
	files := 0
	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		for _, text := range [][]byte{data, gunzipped(data)} {
			for _, abs := range []string{notes, src, proj, testsite.Root(t)} {
				if bytes.Contains(text, []byte(abs)) {
					rel, _ := filepath.Rel(out, p)
					t.Errorf("%s contains the build machine's path %s", rel, abs)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("only %d files published", files)
	}
}

// gunzipped is data decompressed when it is gzip (Pagefind's index files
// are, behind an 8-byte header of their own), else nil.
func gunzipped(data []byte) []byte {
	for _, off := range []int{0, 8} {
		if len(data) > off+2 && data[off] == 0x1f && data[off+1] == 0x8b {
			r, err := gzip.NewReader(bytes.NewReader(data[off:]))
			if err != nil {
				return nil
			}
			out, _ := io.ReadAll(r)
			return out
		}
	}
	return nil
}

// TestDatesPublishEverything: a note's date never unpublishes it. (That
// raw HTML reaches Hugo only sanitized is generator/emit's job; that
// config.toml renders Markdown as the notes parser reads it,
// generator/internal/mdconf's test.)
func TestDatesPublishEverything(t *testing.T) {
	var cfg struct {
		BuildFuture  bool
		BuildExpired bool
	}
	if _, err := toml.DecodeFile(filepath.Join(testsite.Root(t), "config.toml"), &cfg); err != nil {
		t.Fatal(err)
	}
	if !cfg.BuildFuture || !cfg.BuildExpired {
		t.Error("config.toml must set buildFuture and buildExpired: a note's date never unpublishes it")
	}
}

// htmlConstructsNote holds one of each HTML construct a note may write,
// allowed and forbidden, as GitHub treats them (htmlConstructs says what
// each must leave on the page).
const htmlConstructsNote = `<!--
SPDX-License-Identifier: none
#include <cstdio>
int main() { return 0; }
-->
# Constructs

<details>
<summary>Click to expand</summary>

Hidden *markdown* text.

</details>

Press <kbd>Ctrl</kbd>+<kbd>C</kbd>; x<sup>2</sup>, H<sub>2</sub>O, line<br>break.
<img src="figure.png" alt="a figure" onerror="alert(1)"> and <img src="javascript:alert(2)" alt="js">
<a href="https://example.com/doc" onclick="alert(3)">doc</a> <a href="javascript:alert(4)">js link</a> <a href="data:text/html,x">data link</a>

<table>
<tr><th>a</th><td colspan="2">b</td></tr>
</table>

<dl><dt>term</dt><dd>meaning</dd></dl>

<p align="center"><span style="color:red">styled</span></p>

<script>alert(5)</script>

<style>body { display: none }</style>

<iframe src="https://evil.example/"></iframe>

<object data="x.swf"></object><embed src="x.swf">

<form action="https://evil.example/"><input name="q"></form>

<svg onload="alert(6)"><circle r="1"/></svg>

<picture><source srcset="wide.png" media="(min-width: 800px)"><img src="narrow.png" alt="pic"></picture>
`

var htmlConstructs = []struct {
	name, selector string
	kept           bool
}{
	{"details and summary", "details > summary", true},
	{"markdown inside details", "details em", true},
	{"kbd", "kbd", true},
	{"sup", "sup", true},
	{"sub", "sub", true},
	{"br", "br", true},
	{"img with a relative src", `img[src="figure.png"][alt="a figure"]`, true},
	{"link with an https href", `a[href="https://example.com/doc"]`, true},
	{"table with colspan", `table td[colspan="2"]`, true},
	{"definition list", "dl dt + dd", true},
	{"p align", `p[align="center"]`, true},
	{"picture and source", "picture source[srcset]", true},
	{"event attributes", "[onerror], [onclick], [onload]", false},
	{"style attribute", "[style]", false},
	{"img with a javascript: src", `img[alt="js"][src]`, false},
	{"javascript: and data: links", `a[href^="javascript"], a[href^="data"]`, false},
	{"script", "script", false},
	{"style", "style", false},
	{"iframe", "iframe", false},
	{"object and embed", "object, embed", false},
	{"form and input", "form, input", false},
	{"svg", "svg, circle", false},
}
