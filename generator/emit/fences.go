package emit

import (
	"regexp"
	"sort"

	"github.com/yuin/goldmark/ast"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
)

// fenceWithOptions finds a line that may open a code fence with options:
// a run of backticks or tildes with a "{" after it. Most bodies have none,
// and are not parsed again.
var fenceWithOptions = regexp.MustCompile("(```|~~~)[^\n]*\\{")

// cleanFences rewrites the info string of every fenced code block of md
// to what mdconf.FenceOptions keeps: the language and the documented
// options, validated. Hugo's code block hook hands the options to the
// highlighter, which writes some of them (lineanchors, style) into the
// page unescaped; after this only linenos, linenostart and hl_lines reach
// it. The notes stage has warned about what is dropped, at the note's line.
func cleanFences(md string) string {
	if !fenceWithOptions.MatchString(md) {
		return md
	}
	src := []byte(md)
	type edit struct {
		start, stop int
		info        string
	}
	var edits []edit
	_ = ast.Walk(mdconf.Parse(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if fb, ok := n.(*ast.FencedCodeBlock); ok {
			if fb.Info != nil {
				seg := fb.Info.Segment
				if f := mdconf.FenceOptions(seg.Value(src)); f.Changed {
					edits = append(edits, edit{seg.Start, seg.Stop, f.Info})
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if len(edits) == 0 {
		return md
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	out := make([]byte, 0, len(md))
	at := 0
	for _, e := range edits {
		out = append(out, md[at:e.start]...)
		out = append(out, e.info...)
		at = e.stop
	}
	return string(append(out, md[at:]...))
}
