package emit

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// TestNoteSearchDocInert: a note's search document is made from the
// Markdown emit wrote for Hugo (its raw HTML sanitized); whatever the note
// held, the document has no script, no event attribute, no script URL and
// no facet the template did not write, and the note's words are in it as
// text.
func TestNoteSearchDocInert(t *testing.T) {
	const note = "# Title </h1><script>alert(0)</script>\n\n" +
		"Words to find. <script>alert(1)</script> <img src=x onerror=alert(2)>\n\n" +
		"<a href=\"javascript:alert(3)\">click</a> [link](javascript:alert(4)) ![alt words](javascript:alert(5))\n\n" +
		"<span hidden data-pagefind-filter=\"kind:check\">x</span> <style>body{}</style> <iframe src=\"https://e.test\"></iframe>\n\n" +
		"```html\n<script>alert(6)</script>\n```\n\n" +
		"Math \\(x < y\\) and <details><summary>more words</summary>inside</details>\n"
	md, _ := literalImages(note, func(s string) string { return s })
	var f noteFront
	f.Title = "Title </h1><script>alert(0)</script>"
	f.Params.ID, f.Params.Kind, f.Params.Status = "hostile", "runbook", "open"
	e := &emitter{site: Site{Locale: "en-us"}}
	file, doc, err := e.noteSearchDoc(f, md)
	if err != nil {
		t.Fatal(err)
	}
	if file != "_search/runbooks/hostile/index.html" {
		t.Errorf("file %q", file)
	}
	filters, err := activeIn(doc)
	if err != nil {
		t.Error(err)
	}
	if filters != 3 {
		t.Errorf("%d filters, want the template's 3 (kind, group, status):\n%s", filters, doc)
	}
	text := html.UnescapeString(string(doc))
	for _, want := range []string{"Words to find.", "alt words", "<script>alert(6)</script>", "more words", "x < y"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q is not in the document as text:\n%s", want, doc)
		}
	}
}

// TestNoteSearchDocMath: the formulas of the hostile math corpus
// (mathhtml_test.go) are TeX as text in a note's search document.
func TestNoteSearchDocMath(t *testing.T) {
	e := &emitter{site: Site{Locale: "en"}}
	for _, note := range hostileMath {
		md, _ := literalImages(note, func(s string) string { return s })
		var f noteFront
		f.Title, f.Params.ID, f.Params.Kind = "T", "n", "notes"
		_, doc, err := e.noteSearchDoc(f, md)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := activeIn(doc); err != nil {
			t.Errorf("%v, from %q:\n%s", err, note, doc)
		}
	}
}

// activeIn is the first thing in a search document that could act in a
// browser or leave the page (a script, style, frame or link element, an
// event attribute, a script URL), and how many search filters it has.
func activeIn(doc []byte) (filters int, err error) {
	z := html.NewTokenizer(strings.NewReader(string(doc)))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		tok := z.Token()
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		switch tok.Data {
		case "script", "style", "iframe", "object", "embed", "link", "a":
			return filters, fmt.Errorf("element <%s> in the document", tok.Data)
		}
		for _, a := range tok.Attr {
			if strings.HasPrefix(a.Key, "on") || strings.Contains(strings.ToLower(a.Val), "javascript:") {
				return filters, fmt.Errorf("attribute %s=%q on <%s>", a.Key, a.Val, tok.Data)
			}
			if a.Key == "data-pagefind-filter" {
				filters++
			}
		}
	}
	return filters, nil
}

// FuzzNoteSearchDoc: any note's search document is made without a panic,
// and holds nothing active (activeIn).
func FuzzNoteSearchDoc(f *testing.F) {
	for _, s := range []string{"# T\n\n## A\n\ntext", "<script>x</script>", "## `a` *b* [c](d)\n\n```\n{{<x>}}\n```", "\\(a<b\\)\n\n$$\nx\n$$", "Setext\n===\n\n##\n\n<kbd>k</kbd>"} {
		f.Add(s)
	}
	e := &emitter{site: Site{Locale: "en"}}
	f.Fuzz(func(t *testing.T, note string) {
		if notes.CheckBody("note", []byte(note)) != nil {
			return // refused when read (a NUL byte, ...): never emitted
		}
		md, _ := literalImages(note, func(s string) string { return s })
		var fr noteFront
		fr.Title, fr.Params.ID, fr.Params.Kind = "T", "n", "notes"
		_, doc, err := e.noteSearchDoc(fr, md)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := activeIn(doc); err != nil {
			t.Fatalf("%v, from %q:\n%s", err, note, doc)
		}
	})
}
