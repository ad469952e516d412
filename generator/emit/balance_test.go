package emit

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// staysInside renders md (a note after literal) as its page does and
// puts it where a page has it, inside the page's <main> and followed by
// its footer, then the navigation; parsed as a browser does, the page
// must keep that shape: the note's container and the footer the only
// children of <main>, <main> and <nav> of <body>, footer and navigation
// holding only their text (no element of the page closed early by the
// note, no formatting element of the note re-opened around them).
func staysInside(md string) error {
	var b bytes.Buffer
	if err := asPage.Convert([]byte(md), &b); err != nil {
		return err
	}
	page := "<!DOCTYPE html><html><head></head><body><main id=hb-main><div id=hb-note>" + b.String() +
		"</div><footer id=hb-after>f</footer></main><nav id=hb-nav>n</nav></body></html>"
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return err
	}
	byID := map[string]*html.Node{}
	var body *html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.DataAtom == atom.Body {
			body = n
		}
		if id := idOf(n); strings.HasPrefix(id, "hb-") {
			byID[id] = n
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if body == nil || byID["hb-main"] == nil {
		return fmt.Errorf("no body or main")
	}
	for _, want := range []struct {
		n    *html.Node
		kids string
	}{
		{body, "main#hb-main nav#hb-nav"},
		{byID["hb-main"], "div#hb-note footer#hb-after"},
		{byID["hb-after"], `text "f"`},
		{byID["hb-nav"], `text "n"`},
	} {
		if want.n == nil {
			return fmt.Errorf("%s: missing", want.kids)
		}
		if got := children(want.n); got != want.kids {
			return fmt.Errorf("<%s id=%s> holds %s, want %s", want.n.Data, idOf(want.n), got, want.kids)
		}
	}
	return nil
}

// children lists n's element children ("tag#id") and non-blank text.
func children(n *html.Node) string {
	var kids []string
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.ElementNode:
			kids = append(kids, c.Data+"#"+idOf(c))
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) != "":
			kids = append(kids, fmt.Sprintf("text %q", c.Data))
		}
	}
	return strings.Join(kids, " ")
}

func idOf(n *html.Node) string {
	for _, a := range n.Attr {
		if a.Key == "id" {
			return a.Val
		}
	}
	return ""
}

// hostileNesting are notes whose HTML, as written, reaches outside the
// note on its page (issue 30).
var hostileNesting = []string{
	"text\n\n</div>\n\nmore",
	"text </div> more",
	"</main>\n\n</body>\n\n</html>\n",
	"a </main></body> b",
	"x <a href=\"https://example.com\">link\n\nafter",
	"<a href=\"https://example.com\">\n\nafter\n",
	"<div>\n\ntext\n",
	"x <div> y",
	"x <b>bold\n\nafter",
	"<b>\n\nafter\n",
	"<table><tr><td>x\n\nafter\n",
	"x <table><tr><td> y",
	"- item\n\n  <div>\n\n  in item\n\n- next\n\n</div>\n\nafter\n",
	"<div><b>x</div>\n\ny\n",
	"x <a href=\"a\">[y](z)\n",
	"## <b>heading\n\nafter",
}

// awkwardNesting are notes whose HTML is unbalanced in ways the browser
// happens to contain today; balanced all the same.
var awkwardNesting = []string{
	"</details>\n\nx",
	"<details>\n<summary>s</summary>\n\nbody\n",
	"> <div>\n> quoted\n\n</div>\n",
	"*<b>*x\n\n</b>",
	"| a | b |\n| - | - |\n| <b>x | </div> |\n\nafter\n",
	"<i><b>x</i></b>",
	"<details>\n<summary>s</summary>\n\nbody\n\n</details>\n</details>\n",
}

// TestBalancedHTML: no hostile note reaches outside its container, and
// the balancing keeps the note's lines.
func TestBalancedHTML(t *testing.T) {
	for i, md := range append(append([]string(nil), hostileNesting...), awkwardNesting...) {
		if err := staysInside(md); err == nil && i < len(hostileNesting) {
			// The case must be hostile as written, or it proves nothing.
			t.Errorf("%q: already stays inside without balancing", md)
		}
		got := literal(md)
		if err := staysInside(got); err != nil {
			t.Errorf("literal(%q) = %q: %v", md, got, err)
		}
		if strings.Count(got, "\n") != strings.Count(md, "\n") {
			t.Errorf("literal(%q) = %q: lines changed", md, got)
		}
	}
}

// TestBalancedHTMLKeepsDetails: GitHub's collapsible section, Markdown
// between a "<details>" block and a "</details>" block, stays one
// <details> holding the Markdown, in the document and in a list item.
func TestBalancedHTMLKeepsDetails(t *testing.T) {
	for _, tc := range []struct{ md, want string }{
		{"<details>\n<summary>s</summary>\n\n*body*\n\n</details>\n\nafter\n",
			"<details>\n<summary>s</summary>\n<p><em>body</em></p>\n</details>\n<p>after</p>\n"},
		{"- item\n\n  <details>\n  <summary>s</summary>\n\n  body\n\n  </details>\n",
			"<details>\n<summary>s</summary>\n<p>body</p>\n</details>\n"},
		{"<b>x</b> and <a href=\"https://e.x\">y</a>", `<p><b>x</b> and <a href="https://e.x">y</a></p>` + "\n"},
	} {
		got := literal(tc.md)
		var b bytes.Buffer
		if err := asPage.Convert([]byte(got), &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("literal(%q) renders\n%s\nwant it to hold\n%s", tc.md, b.String(), tc.want)
		}
	}
}

// FuzzBalancedHTML: whatever a note's HTML, its page's footer stays the
// body's next child after the note's container (staysInside).
func FuzzBalancedHTML(f *testing.F) {
	for _, s := range append(append([]string(nil), hostileNesting...), awkwardNesting...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 2000 || !utf8.ValidString(md) || notes.CheckBody("f", []byte(md)) != nil {
			return
		}
		if got := literal(md); staysInside(got) != nil {
			t.Fatalf("literal(%q) = %q: %v", md, got, staysInside(got))
		}
	})
}

// TestBalanceEdits: what balancing writes, exactly.
func TestBalanceEdits(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a </div> b", "a  b"},                         // stray: dropped
		{"x <b>y", "x <b></b>y"},                       // inline, left open: closed at once
		{"<div><b>x</div>\n", "<div><b>x</b></div>\n"}, // closes what is open above it
		{"<details>\n<summary>s</summary>\n\nbody\n", "<details>\n<summary>s</summary></details>\n\nbody\n"},
		{"</div>\n\nx", "<!---->\n\nx"}, // a block's only tag: its line stays
		{"<details>\n<summary>s</summary>\n\nbody\n\n</details>\n", "<details>\n<summary>s</summary>\n\nbody\n\n</details>\n"},
		{"- <div>\n\n  in\n\n</div>\n", "- <div></div>\n\n  in\n\n<!---->\n"},
	} {
		if got := literal(tc.in); got != tc.want {
			t.Errorf("literal(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}
