package emit

import (
	"bytes"
	"html/template"
	"strconv"
	"strings"

	"github.com/gohugoio/hugo-goldmark-extensions/passthrough"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// A note's search document: its title (weighing the most a word can, 10:
// js/search.js lists notes whose title holds the query first), its facets
// (layouts/_partials/search-meta.html gives the pages Hugo indexes theirs)
// and its text: what Pagefind indexes for the note.
//
// Written here rather than by Hugo's searchdoc output format, as a check
// page's is (checksearch.go): then it exists before Hugo starts, and
// Pagefind indexes the notes while Hugo renders. Indexed after the
// render, 10,000 notes kept Pagefind busy for 4 s with a third of the two
// cores idle (docs/benchmarks.md, issue 35 round 8).
//
// The text is the note's Markdown as Hugo renders it (the same dialect,
// mdconf), with what the search document's render hooks did: code as
// plain text, an image as its alt text, a link as its text, and each
// heading with the id the page gives it (Hugo's "github" ids, made
// unique per page), so that Pagefind's sub-results lead to the page's
// headings. A level-1 heading that repeats the title is left out, as on
// the page. A formula is its TeX (the page typesets it with KaTeX).
var noteSearchTemplate = searchBody(`<main data-pagefind-body><span hidden data-pagefind-filter="kind:{{ .Kind }}"></span><span hidden data-pagefind-filter="group:guides"></span>{{ with .Status }}<span hidden data-pagefind-filter="status:{{ . }}"></span>{{ end }}
<h1 data-pagefind-weight="10">{{ .LinkTitle }}</h1>
{{ .Text }}
</main>`)

// noteSearchDoc is the search document of the note page with front matter
// f and Markdown body, and its file below the rendered site.
func (e *emitter) noteSearchDoc(f noteFront, body string) (file string, doc []byte, err error) {
	src := []byte(body)
	root := parseForSearch(src, f.Title)
	var t bytes.Buffer
	if err := searchMarkdown.Renderer().Render(&t, src, root); err != nil {
		return "", nil, err
	}
	linkTitle := f.LinkTitle
	if linkTitle == "" {
		linkTitle = f.Title
	}
	doc, err = e.searchDocument(noteSearchTemplate, f.Title, struct {
		LinkTitle, Kind, Status string
		Text                    template.HTML
	}{linkTitle, f.Params.Kind, f.Params.Status,
		// safe: goldmark's rendering of the body emit wrote (its raw HTML
		// sanitized, sanitize.go), text escaped by goldmark and here.
		template.HTML(unjoinCode(t.String()))})
	return urls.SearchDoc(urls.Note(f.Params.Kind, f.Params.ID)), doc, err
}

// unjoinCode takes out the word joiners literal (literal.go) put into
// "{{<", "{{%" and "<!--more-->" so that Hugo would not read them, as
// layouts/_partials/content.html does: the text indexed is the note's.
var unjoinCode = strings.NewReplacer("{{\u2060&lt;", "{{&lt;", "{{\u2060%", "{{%", "&lt;!\u2060--more--&gt;", "&lt;!--more--&gt;").Replace

// searchMarkdown renders a note's Markdown for its search document: Hugo's
// dialect, with headings given ids and the search document's renderers.
var searchMarkdown = func() goldmark.Markdown {
	md := mdconf.NewAsHugo()
	// Priority 0, before every other renderer of these kinds: the math
	// extension renders a display formula at 99 and writes it raw, which
	// would let a formula's "<img onerror=...>" into the document
	// (TestNoteSearchDocMath).
	md.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(searchRenderer{}, 0)))
	return md
}()

// searchRenderer renders what the search document's hooks render apart
// from a page: headings with the page's ids, code as text, an image as
// its alt text, a link as its text, a formula as its TeX.
type searchRenderer struct{}

func (searchRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, renderSearchHeading)
	reg.Register(ast.KindFencedCodeBlock, renderSearchCode)
	reg.Register(ast.KindCodeBlock, renderSearchCode)
	reg.Register(ast.KindImage, renderSearchImage)
	reg.Register(ast.KindLink, renderSearchLink)
	reg.Register(ast.KindAutoLink, renderSearchAutoLink)
	reg.Register(passthrough.KindPassthroughInline, renderSearchMath)
	reg.Register(passthrough.KindPassthroughBlock, renderSearchMath)
}

func renderSearchHeading(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	h := n.(*ast.Heading)
	if entering {
		_, _ = w.WriteString("<h" + strconv.Itoa(h.Level) + ` id="`)
		_, _ = w.Write(util.EscapeHTML([]byte(pageHeadingID(h))))
		_, _ = w.WriteString(`">`)
	} else {
		_, _ = w.WriteString("</h" + strconv.Itoa(h.Level) + ">\n")
	}
	return ast.WalkContinue, nil
}

func renderSearchCode(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	var code []byte
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		code = append(code, seg.Value(source)...)
	}
	_, _ = w.WriteString("<pre><code>")
	_, _ = w.Write(util.EscapeHTML(bytes.TrimSuffix(code, []byte("\n"))))
	_, _ = w.WriteString("</code></pre>\n")
	return ast.WalkSkipChildren, nil
}

func renderSearchImage(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.Write(util.EscapeHTML([]byte(plainText(n, source))))
		_, _ = w.WriteString("\n")
	}
	return ast.WalkSkipChildren, nil
}

// renderSearchLink writes a link's text: its children, rendered as any.
func renderSearchLink(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		_, _ = w.WriteString("\n")
	}
	return ast.WalkContinue, nil
}

func renderSearchAutoLink(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.Write(util.EscapeHTML(n.(*ast.AutoLink).Label(source)))
		_, _ = w.WriteString("\n")
	}
	return ast.WalkSkipChildren, nil
}

// renderSearchMath writes a formula's TeX as text.
func renderSearchMath(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	var tex []byte
	if in, ok := n.(*passthrough.PassthroughInline); ok {
		tex = in.Segment.Value(source)
	} else {
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			tex = append(tex, seg.Value(source)...)
		}
	}
	_, _ = w.Write(util.EscapeHTML(tex))
	if n.Type() == ast.TypeBlock {
		_, _ = w.WriteString("\n")
	}
	return ast.WalkSkipChildren, nil
}
