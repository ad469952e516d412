package emit

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestCheckSearchDocInert: a check's words come from nvFuser's sources;
// whatever they hold (markup, a quote that would end an attribute, a
// script), its search document holds them as text: one article, no
// element or attribute the template did not write, and the text itself
// still there to be found.
func TestCheckSearchDocInert(t *testing.T) {
	const hostile = `</p><script>alert(1)</script><img src=x onerror=alert(2)>" data-pagefind-filter="kind:runbook`
	var f checkFront
	f.Title = "Title " + hostile
	p := &f.Params
	p.ID, p.CheckKind, p.KindTitle, p.Area = "hostile-check", "internal-assert", "Internal assert", "csrc"
	p.Macro, p.Printed, p.Condition = "NVF_ERROR", "printed "+hostile, "cond "+hostile
	p.Function, p.Where = "fn"+hostile, Link{Text: "csrc/a.cpp:1" + hostile}
	e := &emitter{site: Site{Locale: "en-us"}}
	file, doc, err := e.checkSearchDoc(f)
	if err != nil {
		t.Fatal(err)
	}
	if file != "_search/errors/hostile-check/index.html" {
		t.Errorf("file %q", file)
	}
	allowed := map[string]bool{"html": true, "head": true, "meta": true, "title": true, "body": true, "article": true, "span": true, "h1": true, "p": true, "code": true}
	filters := 0
	z := html.NewTokenizer(strings.NewReader(string(doc)))
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		tok := z.Token()
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		if !allowed[tok.Data] {
			t.Errorf("element <%s> in the document", tok.Data)
		}
		for _, a := range tok.Attr {
			if strings.HasPrefix(a.Key, "on") || a.Key == "src" {
				t.Errorf("attribute %s=%q on <%s>", a.Key, a.Val, tok.Data)
			}
			if a.Key == "data-pagefind-filter" && strings.HasPrefix(a.Val, "kind:") && a.Val != "kind:check" {
				t.Errorf("a filter the check's words added: %q", a.Val)
			}
			if a.Key == "data-pagefind-filter" {
				filters++
			}
		}
	}
	if filters != 4 {
		t.Errorf("%d filters, want the template's 4", filters)
	}
	if !strings.Contains(html.UnescapeString(string(doc)), "printed "+hostile) {
		t.Error("the printed text is not in the document as text")
	}
}
