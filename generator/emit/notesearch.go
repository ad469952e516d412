package emit

import (
	"bytes"
	"html/template"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gohugoio/hugo-goldmark-extensions/passthrough"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
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
// render, 10,000 notes kept Pagefind busy for 4 s with a core mostly idle
// (docs/benchmarks.md, issue 35 round 8).
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
	md.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(searchRenderer{}, 100)))
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

// parseForSearch parses a note page's body for its search document: its
// headings given the page's ids, the title line left out.
func parseForSearch(src []byte, title string) ast.Node {
	root := searchMarkdown.Parser().Parse(text.NewReader(src))
	// As Hugo gives headings their ids: after parsing, in document order,
	// from each heading's plain text (its last line, for a heading of
	// several); a heading with no text gets none.
	ids := newHeadingIDs()
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		text := plainText(h, src)
		if i := strings.LastIndexByte(text, '\n'); i >= 0 && h.Lines().Len() > 1 {
			text = text[i+1:]
		}
		if text != "" {
			h.SetAttributeString("id", ids.Generate([]byte(text), ast.KindHeading))
		}
		return ast.WalkSkipChildren, nil
	})
	dropTitleHeadings(root, src, title)
	return root
}

// dropTitleHeadings removes the level-1 headings whose text is the page's
// title: the note's own title line, which the page leaves out too
// (layouts/_partials/heading-repeats-title.html). The text is what Hugo
// gives a heading hook as .PlainText (plainText).
func dropTitleHeadings(root ast.Node, source []byte, title string) {
	var drop []ast.Node
	for c := root.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok && h.Level == 1 && strings.TrimSpace(plainText(h, source)) == strings.TrimSpace(title) {
			drop = append(drop, h)
		}
	}
	for _, h := range drop {
		root.RemoveChild(root, h)
	}
}

// plainText is a heading's or an image's text as Hugo's render hooks see
// it (.PlainText): each child's text, a child holding others by its
// first; raw HTML without its tags; entities resolved.
func plainText(n ast.Node, source []byte) string {
	var b bytes.Buffer
	var walk func(c ast.Node)
	walk = func(c ast.Node) {
		if c == nil {
			return
		}
		switch c := c.(type) {
		case *ast.RawHTML:
			b.WriteString(strings.TrimSpace(rawTag.ReplaceAllString(string(c.Segments.Value(source)), "")))
		case *ast.String:
			b.Write(c.Value)
		case *ast.Text:
			b.Write(c.Segment.Value(source))
			if c.HardLineBreak() || c.SoftLineBreak() {
				b.WriteByte('\n')
			}
		default:
			walk(c.FirstChild())
		}
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		walk(c)
	}
	return string(util.ResolveEntityNames(b.Bytes()))
}

var rawTag = regexp.MustCompile(`<[^>]*>`)

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

// headingIDs are a page's heading ids as Hugo makes them ("github" ids):
// the heading's plain text, trimmed, lower-cased, spaces and hyphens
// as "-", letters, digits and "_" kept, anything else dropped; "heading"
// when nothing is left; a "-1", "-2", ... suffix when the page has the id
// already. TestNoteSearchHeadingIDs holds them to the ids of the pages
// Hugo renders.
type headingIDs struct{ seen map[string]bool }

func newHeadingIDs() *headingIDs { return &headingIDs{seen: map[string]bool{}} }

func (ids *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	var b strings.Builder
	value = bytes.TrimSpace(value)
	for len(value) > 0 {
		r, size := utf8.DecodeRune(value)
		switch {
		case r == '-' || r == ' ':
			b.WriteByte('-')
		case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		}
		value = value[size:]
	}
	id := b.String()
	if id == "" {
		id = "id"
		if kind == ast.KindHeading {
			id = "heading"
		}
	}
	if ids.seen[id] {
		for i := 1; ; i++ {
			if c := id + "-" + strconv.Itoa(i); !ids.seen[c] {
				id = c
				break
			}
		}
	}
	ids.seen[id] = true
	return []byte(id)
}

func (ids *headingIDs) Put(value []byte) { ids.seen[string(value)] = true }

var _ parser.IDs = (*headingIDs)(nil)

// SearchHeadingIDs are the heading ids of the search document emit writes
// for a note page with this title and Markdown body (the page's content
// file), in order: what a test holds to the ids on the page Hugo renders.
func SearchHeadingIDs(body, title string) []string {
	root := parseForSearch([]byte(body), title)
	var ids []string
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			ids = append(ids, pageHeadingID(h))
		}
		return ast.WalkContinue, nil
	})
	return ids
}

// pageHeadingID is the id of heading h on the page: Hugo's, prefixed when
// it is one of the layouts' own (render-heading.html).
func pageHeadingID(h *ast.Heading) string {
	id, _ := h.AttributeString("id")
	anchor, _ := id.([]byte)
	if a := string(anchor); slices.Contains(urls.PageIDs, a) {
		return "user-content-" + a
	}
	return string(anchor)
}
