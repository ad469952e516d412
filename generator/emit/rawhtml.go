package emit

import (
	"bytes"
	"sort"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// gfm parses bodies as Hugo renders them (GitHub-flavoured Markdown).
var gfm = goldmark.New(goldmark.WithExtensions(extension.GFM))

// escapeRawHTML turns the raw HTML of a Markdown body (inline tags, HTML
// blocks) into text by escaping its "<": the body is published twice, as
// HTML and as Markdown (the page's index.md twin, llms-full.txt), and a
// Markdown reader may render raw HTML that Hugo's renderer (unsafe =
// false) drops. The reader of either sees the tags as the note wrote them,
// and nothing a note contains becomes markup. Code spans and blocks are
// not HTML and stay as written.
func escapeRawHTML(body string) string {
	src := []byte(body)
	if !bytes.ContainsRune(src, '<') {
		return body
	}
	doc := gfm.Parser().Parse(text.NewReader(src))
	var spans [][2]int
	add := func(segs *text.Segments) {
		for i := 0; i < segs.Len(); i++ {
			s := segs.At(i)
			spans = append(spans, [2]int{s.Start, s.Stop})
		}
	}
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML:
			add(n.Segments)
		case *ast.HTMLBlock:
			add(n.Lines())
			if n.HasClosure() {
				c := n.ClosureLine
				spans = append(spans, [2]int{c.Start, c.Stop})
			}
		}
		return ast.WalkContinue, nil
	})
	if len(spans) == 0 {
		return body
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	var b bytes.Buffer
	at := 0
	for _, s := range spans {
		if s[0] < at {
			s[0] = at
		}
		if s[1] <= s[0] {
			continue
		}
		b.Write(src[at:s[0]])
		b.Write(bytes.ReplaceAll(src[s[0]:s[1]], []byte("<"), []byte("&lt;")))
		at = s[1]
	}
	b.Write(src[at:])
	return b.String()
}
