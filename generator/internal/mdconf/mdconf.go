// Package mdconf is the handbook's one Markdown dialect: the goldmark
// extensions the notes stage parses with, emit rewrites with, and Hugo
// renders with (config.toml's [markup.goldmark], which a test holds to
// Dialect). What the extractors see, what emit sanitizes and what readers
// see are then the same document.
//
// The dialect is GitHub's: CommonMark with GFM tables, strikethrough,
// task lists and footnotes, plus math between \( \), \[ \] and $$ $$
// (Hugo's passthrough extension, rendered at build time) and GitHub's
// "$...$" (DollarMath). Left out on purpose:
//
//   - GFM's linkify: the handbook's own autolinker (generator/linkify,
//     fed by the bare URLs the notes stage records) is the only one. Its
//     e-mail scanner is also quadratic on runs like "_a_a_a..." (a 400 KB
//     note took 33 s to render).
//   - typographer and definition lists, which GitHub does not have;
//   - Hugo's attribute syntax ("## Title {#id}"), which GitHub shows as
//     text.
//
// goldmark parsers hold no per-document state and are safe for
// concurrent use.
package mdconf

import (
	"github.com/gohugoio/hugo-goldmark-extensions/passthrough"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

// Options names the switches of the dialect as Hugo's [markup.goldmark]
// spells them, so that the test comparing them with config.toml reads
// like the file.
type Options struct {
	Table, Strikethrough, TaskList, Footnote bool
	DefinitionList, Linkify                  bool
	Typographer                              bool // Hugo: typographer.disable = !Typographer
	AttributeTitle, AttributeBlock           bool // Hugo: parser.attribute.{title,block}
	Unsafe                                   bool // Hugo: renderer.unsafe (emit sanitizes first)
	// Math delimiters (Hugo: extensions.passthrough), opening and closing.
	MathInline, MathBlock [][2]string
	// GitHub's "$...$" inline math (see DollarMath): Go only, Hugo gets
	// it rewritten as \( \).
	DollarMath bool
}

// Dialect is the handbook's Markdown.
var Dialect = Options{
	Table: true, Strikethrough: true, TaskList: true, Footnote: true,
	// Raw HTML reaches the page only after emit's sanitizer (see
	// generator/emit/sanitize.go) has kept what GitHub allows.
	Unsafe:     true,
	MathInline: [][2]string{{`\(`, `\)`}},
	MathBlock:  [][2]string{{`\[`, `\]`}, {`$$`, `$$`}},
	DollarMath: true,
}

var (
	md          = New()
	withoutMath = newMarkdown(false, false)
	asHugo      = NewAsHugo()
)

// New returns a goldmark configured as Dialect (rendering included, for
// tests that compare pages).
func New() goldmark.Markdown { return newMarkdown(true, true) }

// NewWithoutMath is New for a reader that knows no math (see
// ParseWithoutMath).
func NewWithoutMath() goldmark.Markdown { return newMarkdown(false, false) }

// NewAsHugo is New as Hugo has it: the same dialect without "$...$",
// which Hugo never sees (MathForHugo has written it as "\(...\)").
func NewAsHugo() goldmark.Markdown { return newMarkdown(true, false) }

func newMarkdown(math, dollar bool) goldmark.Markdown {
	d := Dialect
	if !math {
		d.MathInline, d.MathBlock = nil, nil
	}
	d.DollarMath = d.DollarMath && dollar
	var ext []goldmark.Extender
	for _, e := range []struct {
		on  bool
		ext goldmark.Extender
	}{
		{d.Table, extension.Table},
		{d.Strikethrough, extension.Strikethrough},
		{d.TaskList, extension.TaskList},
		{d.Footnote, extension.Footnote},
		{d.DefinitionList, extension.DefinitionList},
		{d.Linkify, extension.Linkify},
		{d.Typographer, extension.Typographer},
	} {
		if e.on {
			ext = append(ext, e.ext)
		}
	}
	if len(d.MathInline)+len(d.MathBlock) > 0 {
		ext = append(ext, passthrough.New(passthrough.Config{
			InlineDelimiters: delimiters(d.MathInline),
			BlockDelimiters:  delimiters(d.MathBlock),
		}))
	}
	if d.DollarMath {
		ext = append(ext, DollarMath)
	}
	var popts []parser.Option
	if d.AttributeTitle {
		popts = append(popts, parser.WithAttribute())
	}
	var ropts []goldmark.Option
	if d.Unsafe {
		ropts = append(ropts, goldmark.WithRendererOptions(html.WithUnsafe()))
	}
	return goldmark.New(append(ropts, goldmark.WithExtensions(ext...), goldmark.WithParserOptions(popts...))...)
}

func delimiters(pairs [][2]string) []passthrough.Delimiters {
	var out []passthrough.Delimiters
	for _, p := range pairs {
		out = append(out, passthrough.Delimiters{Open: p[0], Close: p[1]})
	}
	return out
}

// Parse parses src in the handbook's dialect.
func Parse(src []byte) ast.Node {
	return md.Parser().Parse(text.NewReader(src))
}

// ParseAsHugo parses src as Hugo will: what MathForHugo wrote is read
// here exactly as the page's renderer reads it, so whatever the sanitizer
// finds outside math is all the raw HTML the page has.
func ParseAsHugo(src []byte) ast.Node {
	return asHugo.Parser().Parse(text.NewReader(src))
}

// ParseWithoutMath parses src as a Markdown reader that knows no math
// does: what such a reader of a Markdown twin would take for raw HTML
// inside "$...$" is raw HTML to it.
func ParseWithoutMath(src []byte) ast.Node {
	return withoutMath.Parser().Parse(text.NewReader(src))
}

// IsMath reports whether n is math (inline or display), which every
// stage treats as opaque: no mention is found and no link made in it.
func IsMath(n ast.Node) bool {
	switch n.(type) {
	case *passthrough.PassthroughInline, *passthrough.PassthroughBlock:
		return true
	}
	return false
}

// InlineMath returns the source of n, delimiters included, when n is
// inline math.
func InlineMath(n ast.Node, src []byte) ([]byte, bool) {
	if m, ok := n.(*passthrough.PassthroughInline); ok {
		return m.Segment.Value(src), true
	}
	return nil, false
}
