package emit

import (
	stdhtml "html"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestCheckArticleInert: whatever nvFuser's code, a test or a note puts in
// a check's facts stays text in the article emit renders: no element,
// attribute or URL scheme of its own. Only the fields the template marks
// safe (emit's own escaped HTML) carry markup.
func TestCheckArticleInert(t *testing.T) {
	const hostile = `</code></p><script>alert(1)</script><img src=x onerror=alert(2)>" onclick="alert(3)`
	link := Link{Text: "csrc/a.cpp:1" + hostile, URL: "javascript:alert(4)"}
	p := &checkParams{
		ID: "hostile-check", KindTitle: "Internal " + hostile, Macro: "NVF_ERROR" + hostile,
		Message: "msg " + hostile, Condition: "cond " + hostile, Printed: "printed " + hostile,
		Where: link, Function: "fn" + hostile, Within: "outer" + hostile, Area: "area" + hostile, AreaURL: "/errors/area/x/",
		Meaning:    checkMeaning{Kind: "kind " + hostile, Comment: srcComment{Text: "comment " + hostile, Where: link}},
		ExplainURL: "javascript:alert(5)",
		Steps:      []stepLine{{Text: "step " + hostile, Setting: "X=" + hostile, Guide: Ref{Title: "guide " + hostile, URL: "javascript:alert(6)"}, URL: "javascript:alert(7)"}},
		Try:        []tryLine{{Setting: "NVFUSER_DUMP=" + hostile, URL: "/options/dump/x/", Why: "why " + hostile, Where: link, Notes: []Ref{{Title: "note " + hostile, URL: "/runbooks/n/"}}}},
		Since:      "0.1 " + hostile, SinceCommit: Link{Text: "abc" + hostile, URL: "https://github.com/NVIDIA/Fuser/commit/abc", Subject: "subject " + hostile},
		Formerly:    []string{"old" + hostile},
		FnChanges:   []fnChange{{Commit: Link{Text: "def", Subject: "change " + hostile}, When: "when " + hostile}},
		Tests:       []checkTest{{Name: "test " + hostile, Text: "expects " + hostile, Where: link, Evidence: "evidence " + hostile}},
		SharedTests: []checkTest{{Text: "shared " + hostile, Shared: 3, Where: link}},
		Notes:       []Ref{{Title: "note " + hostile, URL: "/runbooks/n/", Kind: "runbook" + hostile}},
		Variables:   []Ref{{Title: "NVFUSER_X" + hostile, URL: "/env/nvfuser_x/"}},
	}
	e := &emitter{site: Site{BaseURL: "https://org.github.io/handbook/"}}
	main, tail, err := e.checkArticle(p)
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"section": true, "h2": true, "h3": true, "p": true, "ol": true, "ul": true, "li": true, "a": true, "code": true, "span": true, "pre": true, "div": true, "table": true, "caption": true, "tbody": true, "tr": true, "th": true, "td": true, "figure": true, "blockquote": true, "figcaption": true, "wbr": true}
	for name, doc := range map[string]string{"main": main, "tail": tail} {
		z := html.NewTokenizer(strings.NewReader(doc))
		for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
			tok := z.Token()
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			if !allowed[tok.Data] {
				t.Errorf("%s: element <%s>", name, tok.Data)
			}
			for _, a := range tok.Attr {
				if strings.HasPrefix(a.Key, "on") || a.Key == "src" {
					t.Errorf("%s: attribute %s=%q on <%s>", name, a.Key, a.Val, tok.Data)
				}
				if a.Key == "href" && strings.HasPrefix(strings.ToLower(a.Val), "javascript:") {
					t.Errorf("%s: a javascript: link %q", name, a.Val)
				}
			}
		}
	}
	text := html.UnescapeString(strings.ReplaceAll(main+tail, "<wbr>", ""))
	for _, want := range []string{"msg " + hostile, "old" + hostile, "change " + hostile, "cond " + hostile, "comment " + hostile, "step " + hostile, "expects " + hostile, "note " + hostile} {
		if !strings.Contains(text, want) {
			t.Errorf("%q is not in the article as text", want)
		}
	}
	// Site paths are served under the base URL's path, as relURL does.
	for _, want := range []string{`href="/handbook/errors/area/x/"`, `href="/handbook/options/dump/x/"`, `href="/handbook/runbooks/n/"`, `href="/handbook/env/nvfuser_x/"`} {
		if !strings.Contains(main+tail, want) {
			t.Errorf("the article lacks %s", want)
		}
	}
}

// TestRemovedArticle: a removed check's "last seen at" is the pinned
// link when the history read its last revision, the bare place
// otherwise; its words stay text.
func TestRemovedArticle(t *testing.T) {
	const hostile = `<script>alert(1)</script>`
	e := &emitter{site: Site{BaseURL: "https://h.test/"}}
	for _, c := range []struct {
		p         removedParams
		want, not []string
	}{
		{removedParams{LastSeen: "csrc/a.cpp:7" + hostile, ListURL: "/errors/removed/", Message: "msg " + hostile},
			[]string{`<code>csrc/<wbr>a.cpp:<wbr>7&lt;script&gt;alert(1)&lt;/<wbr>script&gt;</code>`, `<a href="/errors/removed/">Every removed check</a>`, "msg &lt;script&gt;"},
			[]string{"<script>"}},
		{removedParams{LastSeen: "csrc/a.cpp:7", Where: Link{Text: "csrc/a.cpp:9", URL: "https://git.test/a.cpp#L9"}, ListURL: "/errors/removed/"},
			[]string{`<a href="https://git.test/a.cpp#L9"><code>csrc/<wbr>a.cpp:<wbr>9</code></a>`},
			[]string{"a.cpp:<wbr>7"}},
	} {
		got, err := e.removedArticle(&c.p)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("article lacks %s:\n%s", w, got)
			}
		}
		for _, n := range c.not {
			if strings.Contains(got, n) {
				t.Errorf("article has %s:\n%s", n, got)
			}
		}
	}
}

// TestDriftGroups: a finding's subject links the page it is about (served
// under the base URL's path), its words stay text, and each group comes
// after a line break and the list's indent, as the layout's list had it.
func TestDriftGroups(t *testing.T) {
	const hostile = `<script>alert(1)</script>`
	e := &emitter{site: Site{BaseURL: "https://org.github.io/handbook/"}}
	got, err := e.driftGroups([]driftGroup{
		{Kind: "unknown-option", Title: "Unknown " + hostile, Count: 2, Items: []driftItem{
			{Subject: "NVFUSER_DUMP=x" + hostile, Detail: "detail " + hostile, URL: "/options/dump/x/", Where: Link{Text: "notes/a.md:3"}},
			{Subject: "bare" + hostile, Detail: "d", Where: Link{Text: "csrc/a.cpp:1", URL: "https://git.test/a.cpp#L1"}},
		}},
		{Kind: "k2", Title: "Second", Count: 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\n  <section class=\"drift-group\" aria-labelledby=\"unknown-option\">",
		`<a href="/handbook/options/dump/x/"><code>NVFUSER_DUMP=<wbr>x&lt;script&gt;alert(1)&lt;/<wbr>script&gt;</code></a>` + "\n</td>",
		`<td data-label="Subject"><code>bare&lt;script&gt;`,
		`<td data-label="Finding">detail &lt;script&gt;alert(1)&lt;/script&gt;</td>`,
		`<a href="https://git.test/a.cpp#L1"><code>csrc/<wbr>a.cpp:<wbr>1</code></a>`,
		"</section>\n\n  <section class=\"drift-group\" aria-labelledby=\"k2\">",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("groups lack %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "<script>") {
		t.Errorf("a finding's markup is markup:\n%s", got)
	}
}

// breakableRE is layouts/_partials/breakable.html's replacement, which
// breakable must match byte for byte.
var breakableRE = regexp.MustCompile(`(::|[/:=,])`)

// TestBreakable: Go's breakable writes what the layouts' breakable.html
// writes, for paths, symbols, settings and markup.
func TestBreakable(t *testing.T) {
	for _, s := range []string{"", "csrc/a.cpp:12", "nvfuser::ir::Val", ":::", "a::b:c", "NVFUSER_DUMP=a,b", "<x>&\"'/", "::", ":", "é/ü::"} {
		want := breakableRE.ReplaceAllString(stdhtml.EscapeString(s), "$1<wbr>")
		if got := string(breakable(s)); got != want {
			t.Errorf("breakable(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzBreakable(f *testing.F) {
	for _, s := range []string{"a::b", ":::", "x/y=z,w", "<&>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := breakableRE.ReplaceAllString(stdhtml.EscapeString(s), "$1<wbr>")
		if got := string(breakable(s)); got != want {
			t.Fatalf("breakable(%q) = %q, want %q", s, got, want)
		}
	})
}
