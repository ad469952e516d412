package emit

import (
	"bytes"
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
)

// escapeRawHTML turns the raw HTML of a Markdown body that is not a note
// (reference pages: text from env_options.yaml and options.h, where
// "<value>" is a placeholder, not a tag) into text by escaping its "<".
// The reader of the page and of its Markdown twin sees the text as
// written, and nothing in it becomes markup. Code spans and blocks are
// not HTML and stay as written.
func escapeRawHTML(body string) string {
	src := []byte(body)
	if !bytes.ContainsRune(src, '<') {
		return body
	}
	doc := mdconf.ParseAsHugo(src) // Hugo knows no "$...$": neither may this
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
