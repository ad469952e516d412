package emit

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// A note's search document gives each heading the id Hugo gives it on the
// page, so that Pagefind's sub-results lead to the page's headings, and
// leaves out the title line as the page does.

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
		plain := plainText(h, src)
		if i := strings.LastIndexByte(plain, '\n'); i >= 0 && h.Lines().Len() > 1 {
			plain = plain[i+1:]
		}
		if plain != "" {
			h.SetAttributeString("id", ids.Generate([]byte(plain), ast.KindHeading))
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
