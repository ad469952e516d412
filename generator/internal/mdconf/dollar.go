package mdconf

import (
	"github.com/gohugoio/hugo-goldmark-extensions/passthrough"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// DollarMath is GitHub's inline math, "$...$", which Hugo's passthrough
// cannot take as it is: as a plain delimiter pair it would make math of
// "set $CUDA_HOME and $PATH". GitHub's rules tell math from shell: the
// opening "$" is followed by a non-space (and is not "$$"), the closing
// one is preceded by a non-space and followed by no digit, both on one
// line with no backtick between. The notes parser reads such a span as math (a PassthroughInline
// with "$" delimiters) and emit writes it as "\(...\)" for Hugo
// (DollarForHugo), so the three see the same math.
var DollarMath goldmark.Extender = dollarMath{}

// maxDollarMath bounds the search for a closing "$", so that a line
// full of lone "$" costs linear time.
const maxDollarMath = 1000

var dollarDelims = &passthrough.Delimiters{Open: "$", Close: "$"}

type dollarMath struct{}

func (dollarMath) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(dollarParser{}, 202)))
}

type dollarParser struct{}

func (dollarParser) Trigger() []byte { return []byte{'$'} }

func (dollarParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if len(line) < 3 || line[1] == '$' || isSpace(line[1]) {
		return nil
	}
	if p := block.PrecendingCharacter(); p == '$' || p == '\\' {
		return nil
	}
	limit := min(len(line), maxDollarMath)
	for i := 2; i < limit; i++ {
		switch line[i] {
		case '\n', '\r', '`':
			return nil // one line; a code span binds tighter
		case '\\':
			i++ // "\$" is not a closer
		case '$':
			if isSpace(line[i-1]) || i+1 < len(line) && (line[i+1] >= '0' && line[i+1] <= '9' || line[i+1] == '$') {
				continue
			}
			block.Advance(i + 1)
			return &passthrough.PassthroughInline{Segment: text.NewSegment(seg.Start, seg.Start+i+1), Delimiters: dollarDelims}
		}
	}
	return nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
