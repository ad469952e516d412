package notes

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// ParseMarkdown parses body in the handbook's one dialect (mdconf), the
// one its pages are rendered in, so what we extract from and what readers
// see are the same document. Callers must have checked the input with
// CheckBody first.
func ParseMarkdown(body []byte) ast.Node {
	return mdconf.Parse(body)
}

// unitKind says where a piece of text came from, so extractors can weigh it.
type unitKind uint8

const (
	unitProse unitKind = iota // one line of inline text, code spans blanked out
	unitCode                  // the content of one inline code span
	unitBlock                 // one line of a fenced or indented code block
	unitURL                   // a link or autolink destination
)

// maxUnitBytes caps the text of one unit handed to the extractors. A
// line longer than this is a pasted blob (minified JSON, an IR dump on one
// line); its head identifies it, and capping keeps dozens of regular
// expressions from each walking a megabyte.
const maxUnitBytes = 4096

type unit struct {
	kind    unitKind
	text    string
	lower   string // text, lowercased once for the extractors' cheap prefilters
	line    int
	lang    string // unitBlock: the fence's language, lowercased ("" if none)
	heading bool   // unitProse: the line belongs to a heading
}

type heading struct {
	level int
	text  string
	line  int
	empty bool // no content before the next heading of the same or a higher level
}

type para struct {
	text  string // inline text; code spans in backticks; soft breaks as spaces
	line  int
	alert bool // opens a GitHub alert (its marker removed from text)
	// summary is text as the page shows it, for a summary: raw HTML
	// dropped (the page's sanitizer drops comments, and a tag is not
	// text), code spans in backticks, math as written; math says it has
	// some, which a one-line summary in plain text cannot typeset.
	summary string
	math    bool
}

type codeBlock struct {
	lang  string
	units []int // indexes into doc.units, one per line
}

type task struct {
	text string
	done bool
	line int
}

// doc is the flattened view of a note that the extractors read.
type doc struct {
	headings []heading
	paras    []para
	blocks   []codeBlock
	units    []unit
	tasks    []task
	unsafe   []model.UnsafeURL
	warnings []model.Diagnostic // File left empty: the note's Source fills it

	src   []byte
	root  ast.Node // the parsed body, for mentions
	lines *lineIndex
	open  []int // headings whose section is still open, outermost first
}

func readDoc(body []byte, lines *lineIndex) *doc {
	root := ParseMarkdown(body)
	d := &doc{src: body, root: root, lines: lines}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			d.addHeading(n)
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.TextBlock, *east.TableCell:
			d.addInlineBlock(n)
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			lang := ""
			if n.Info != nil {
				lang = strings.ToLower(string(n.Language(body)))
				d.fenceOptions(n.Info.Segment)
			}
			d.addCodeBlock(n, lang)
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			d.addCodeBlock(n, "")
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			d.markContent()
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return d
}

// fenceOptions warns, at the fence's line, about each option of a code
// fence's info string that emit drops (see mdconf.FenceOptions).
func (d *doc) fenceOptions(info text.Segment) {
	for _, why := range mdconf.FenceOptions(info.Value(d.src)).Dropped {
		d.warnings = append(d.warnings, model.Diagnostic{Where: model.Location{Line: d.lines.line(info.Start)}, Message: why})
	}
}

// addUnit appends u, capped to maxUnitBytes on a rune boundary, and
// returns its index.
func (d *doc) addUnit(u unit) int {
	if len(u.text) > maxUnitBytes {
		cut := maxUnitBytes
		for cut > 0 && !utf8.RuneStart(u.text[cut]) {
			cut--
		}
		u.text = u.text[:cut]
	}
	u.lower = strings.ToLower(u.text)
	d.units = append(d.units, u)
	return len(d.units) - 1
}

// markContent records that the open sections have content, which is how a
// runbook's empty "Investigation Report" heading is told from a full one.
func (d *doc) markContent() {
	for _, h := range d.open {
		d.headings[h].empty = false
	}
}

func (d *doc) lineOf(n ast.Node) int {
	if l := n.Lines(); l != nil && l.Len() > 0 {
		return d.lines.line(l.At(0).Start)
	}
	if p := n.Pos(); p >= 0 {
		return d.lines.line(p)
	}
	return d.lines.line(0)
}

func (d *doc) addHeading(n *ast.Heading) {
	c := d.collect(n, true)
	for len(d.open) > 0 && d.headings[d.open[len(d.open)-1]].level >= n.Level {
		d.open = d.open[:len(d.open)-1]
	}
	d.headings = append(d.headings, heading{level: n.Level, text: c.title(), line: d.lineOf(n), empty: true})
	d.open = append(d.open, len(d.headings)-1)
}

func (d *doc) addInlineBlock(n ast.Node) {
	d.markContent()
	c := d.collect(n, false)
	// A backslash that ends a paragraph (the tmem doc's "<!-- */ //-->\\",
	// a C++ line continuation) is shown, but says nothing in a summary.
	p := para{text: c.plainText(), line: d.lineOf(n), summary: strings.TrimSpace(strings.TrimSuffix(collapseSpace(c.sum.String()), "\\")), math: c.math}
	if q, ok := n.Parent().(*ast.Blockquote); ok && q.FirstChild() == n {
		// A GitHub alert ("> [!NOTE] ..."): pages show a callout, and a
		// summary made of this text shows no marker either.
		if alertMarkerRE.MatchString(p.text) {
			p.text, p.alert = strings.TrimSpace(alertMarkerRE.ReplaceAllString(p.text, "")), true
			p.summary = strings.TrimSpace(alertMarkerRE.ReplaceAllString(p.summary, ""))
		}
	}
	if c.checkbox != nil {
		d.tasks = append(d.tasks, task{text: strings.TrimSpace(p.text), done: *c.checkbox, line: p.line})
	}
	if _, cell := n.(*east.TableCell); !cell || p.text != "" {
		d.paras = append(d.paras, p)
	}
}

func (d *doc) addCodeBlock(n ast.Node, lang string) {
	d.markContent()
	b := codeBlock{lang: lang}
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		t := strings.TrimRight(string(seg.Value(d.src)), "\n")
		b.units = append(b.units, d.addUnit(unit{kind: unitBlock, text: t, line: d.lines.line(seg.Start), lang: lang}))
	}
	d.blocks = append(d.blocks, b)
}

// inlines collects the inline content of one block.
type inlines struct {
	d        *doc
	heading  bool
	prose    strings.Builder // current line, code spans blanked
	line     int             // file line of the current prose line, 0 if none yet
	plain    strings.Builder // whole block, code spans in backticks
	bare     strings.Builder // whole block, code spans without backticks
	sum      strings.Builder // whole block as a summary shows it (para.summary)
	math     bool
	checkbox *bool
}

func (d *doc) collect(n ast.Node, isHeading bool) *inlines {
	c := &inlines{d: d, heading: isHeading}
	c.children(n)
	c.flush()
	return c
}

func (c *inlines) children(n ast.Node) {
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		c.node(ch)
	}
}

func (c *inlines) node(n ast.Node) {
	src := c.d.src
	switch n := n.(type) {
	case *ast.Text:
		c.text(string(n.Segment.Value(src)), n.Segment.Start)
		if n.SoftLineBreak() || n.HardLineBreak() {
			c.flush()
			c.plain.WriteByte(' ')
			c.bare.WriteByte(' ')
			// A line ending in "\" is a hard break, which a page shows as
			// a break, not as the backslash.
			if n.HardLineBreak() && strings.HasSuffix(c.sum.String(), "\\") {
				t := strings.TrimSuffix(c.sum.String(), "\\")
				c.sum.Reset()
				c.sum.WriteString(t)
			}
			c.sum.WriteByte(' ')
		}
	case *ast.String:
		c.text(string(n.Value), n.Pos())
	case *ast.CodeSpan:
		content, start := codeSpanContent(n, src)
		if content != "" {
			c.d.addUnit(unit{kind: unitCode, text: content, line: c.d.lines.line(start)})
		}
		c.prose.WriteByte(' ')
		c.plain.WriteString("`" + content + "`")
		c.bare.WriteString(content)
		c.sum.WriteString("`" + content + "`")
	case *ast.Link:
		c.d.addUnit(unit{kind: unitURL, text: string(n.Destination), line: c.lineHere(n)})
		c.d.checkURL(string(n.Destination), c.lineHere(n))
		c.children(n)
		c.sum.WriteByte(' ')
	case *ast.AutoLink:
		url := string(n.URL(src))
		c.d.addUnit(unit{kind: unitURL, text: url, line: c.lineHere(n)})
		if n.AutoLinkType != ast.AutoLinkEmail { // e-mail autolinks become mailto:
			c.d.checkURL(url, c.lineHere(n))
		}
		c.prose.WriteByte(' ')
		c.plain.WriteString(string(n.Label(src)))
		c.bare.WriteString(string(n.Label(src)))
		c.sum.WriteString(string(n.Label(src)))
	case *ast.Image:
		c.d.checkURL(string(n.Destination), c.lineHere(n))
		c.prose.WriteByte(' ')
	case *ast.RawHTML:
		// Pages show a note's HTML as text (see emit's literal); so do
		// the symptom and checklist items made from this text.
		// A summary shows what the page shows: a tag that is no HTML
		// element ("std::vector<int>") is text there, any other is not.
		c.prose.WriteByte(' ')
		text := len(n.Segments.Value(src)) > 0 && mdconf.NotHTML(string(n.Segments.Value(src)))
		if !text {
			c.sum.WriteByte(' ')
		}
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			c.plain.Write(seg.Value(src))
			c.bare.Write(seg.Value(src))
			if text {
				c.sum.Write(seg.Value(src))
			}
		}
	case *east.TaskCheckBox:
		checked := n.IsChecked
		c.checkbox = &checked
	default:
		if math, ok := mdconf.InlineMath(n, src); ok {
			// Opaque: shown as written in a summary, searched by nobody.
			c.prose.WriteByte(' ')
			c.plain.Write(math)
			c.bare.Write(math)
			c.sum.Write(math)
			c.math = true
			return
		}
		c.children(n)
	}
}

func (c *inlines) text(s string, pos int) {
	if c.line == 0 && pos >= 0 {
		c.line = c.d.lines.line(pos)
	}
	c.prose.WriteString(s)
	c.plain.WriteString(s)
	c.bare.WriteString(s)
	c.sum.WriteString(s)
}

func (c *inlines) lineHere(n ast.Node) int {
	if c.line != 0 {
		return c.line
	}
	if p := n.Pos(); p >= 0 {
		return c.d.lines.line(p)
	}
	return c.d.lines.line(0)
}

// flush ends the current prose line.
func (c *inlines) flush() {
	t := strings.TrimSpace(c.prose.String())
	if t != "" && c.line != 0 {
		c.d.addUnit(unit{kind: unitProse, text: t, line: c.line, heading: c.heading})
	}
	c.prose.Reset()
	c.line = 0
}

func (c *inlines) plainText() string { return collapseSpace(c.plain.String()) }
func (c *inlines) title() string     { return collapseSpace(c.bare.String()) }

// codeSpanContent returns a code span's text (lines joined by spaces, as
// CommonMark renders it) and the offset where it starts.
func codeSpanContent(n *ast.CodeSpan, src []byte) (string, int) {
	var b strings.Builder
	start := n.Pos()
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		if t, ok := ch.(*ast.Text); ok {
			if start < 0 || b.Len() == 0 {
				start = t.Segment.Start
			}
			b.Write(t.Segment.Value(src))
		} else if s, ok := ch.(*ast.String); ok {
			b.Write(s.Value)
		}
	}
	return strings.TrimSpace(strings.ReplaceAll(b.String(), "\n", " ")), start
}

// alertMarkerRE is the marker that opens a GitHub alert.
var alertMarkerRE = regexp.MustCompile(`^\[!(?i:note|tip|important|warning|caution)\]`)

// checkURL records dest when it must not become a link.
func (d *doc) checkURL(dest string, line int) {
	if safe, why := URLSafety(dest); !safe {
		d.unsafe = append(d.unsafe, model.UnsafeURL{URL: dest, Line: line, Why: why})
	}
}

func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
