package emit

import (
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// A note is text, never a template. Hugo reads every content file for
// shortcodes before Markdown sees it, so a note that shows "{{< x >}}"
// (even inside a code block) would run, or fail, as a shortcode. literal
// rewrites a note's Markdown so that Hugo renders it as GitHub would:
//
//   - GitHub's "$...$" math becomes "\(...\)", which Hugo renders, or
//     code when it cannot be written so (mdconf.DollarForHugo); this comes
//     first, so that every later step reads the text as Hugo will;
//   - raw HTML keeps what GitHub would keep of it (sanitizeHTML: no
//     script, style, event attribute or unsafe URL; comments dropped),
//     found as Hugo finds it (mdconf.ParseAsHugo: what Hugo takes for
//     math is the render hook's to escape, and nothing else is hidden);
//   - math over budget is marked to be shown as code (mdconf.BudgetMath);
//   - "{{<" ... ">}}" and "{{%" ... "%}}" take Hugo's own escaped form,
//     "{{</*" ... "*/>}}", which Hugo turns back into exactly the text
//     written, wherever it is (prose, code span, code block);
//   - an opening delimiter with no closing one after it gets a backslash
//     before its "<" or "%" in prose ("{{\<" renders "{{<"), and a word
//     joiner (U+2060, invisible) in code, where backslashes are literal;
//     the code hooks (code-inner.html) and the inline code the page
//     shows remove the joiner again, so copied code is exact.
//
// Go template braces ("{{ .x }}") need nothing: content is not a template.
// literal adds no line breaks, so the note's line numbers still hold.
func literal(md string) string {
	out, _ := literalImages(md, nil)
	return out
}

// literalImages is literal with the src of each <img> in raw HTML
// rewritten by imgSrc (see finishFragment). skipped are the formulas not
// typeset, by line of md.
func literalImages(md string, imgSrc func(string) string) (string, []mdconf.Skipped) {
	if !strings.Contains(md, "<") && !strings.Contains(md, "{{%") && !strings.Contains(md, "$") &&
		!strings.Contains(md, `\(`) && !strings.Contains(md, `\[`) {
		return md, nil
	}
	if notes.CheckBody("note", []byte(md)) != nil {
		return md, nil // refused by Parse already; never reaches a page
	}
	md, skipped := mdconf.DollarForHugo(md)
	md = sanitizeHTML(md, false, imgSrc)
	md, over := mdconf.BudgetMath(md)
	md = literalShortcodes(md)
	// What is left of Hugo's summary divider is in code: break it there.
	return strings.ReplaceAll(md, summaryDivider, "<!"+WordJoiner+"--more-->"), mergeSkipped(skipped, over)
}

// mergeSkipped merges two lists sorted by line.
func mergeSkipped(a, b []mdconf.Skipped) []mdconf.Skipped {
	if len(a) == 0 {
		return b
	}
	out := append(append([]mdconf.Skipped(nil), a...), b...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}

// summaryDivider is where Hugo cuts a page's summary, found in the raw
// bytes of the content file, code included.
const summaryDivider = "<!--more-->"

// plainMarkdown is literal for the text the notes stage flattened (a
// symptom, a checklist item): templates render it with markdownify, yet
// nothing in it was a link in the note, so brackets, "<" and bare ftp://
// URLs are escaped too (outside code and math, which render as written).
func plainMarkdown(s string) string {
	// As literal: math first, then everything as Hugo reads it.
	s, _ = mdconf.DollarForHugo(s)
	s, _ = mdconf.BudgetMath(literalHTML(s))
	s = literalShortcodes(s)
	if !strings.ContainsAny(s, "[]<") && !strings.Contains(s, "ftp://") {
		return s
	}
	code := codeSpanRanges([]byte(s))
	if strings.Contains(s, `\(`) || strings.Contains(s, `\[`) || strings.Contains(s, "$$") {
		src := []byte(s)
		for _, f := range mdconf.Formulas(mdconf.ParseAsHugo(src), src) {
			code = append(code, [2]int{f.Start, f.Stop})
		}
		sort.Slice(code, func(i, j int) bool { return code[i][0] < code[j][0] })
	}
	var at []int
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '[' || s[i] == ']' || s[i] == '<':
		case strings.HasPrefix(s[i:], "://") && i >= 3 && s[i-3:i] == "ftp":
		default:
			continue
		}
		shortcode := i >= 2 && s[i-2:i] == "{{" // literal's escaped form
		if !shortcode && !inRanges(code, i) && (i == 0 || s[i-1] != '\\') {
			at = append(at, i)
		}
	}
	return insertAt(s, at, `\`)
}

// WordJoiner is what literal puts between "{{" and "<" or "%" in code.
const WordJoiner = "\u2060"

// literalHTML turns raw HTML into text: a backslash before its "<"
// (`\<b>` is the text "<b>"). For text that is not a note's Markdown
// (symptoms, checklist items), and what sanitizeHTML could not settle.
//
// maxHTMLPasses bounds literalHTML: escaping an HTML block turns it into a
// paragraph whose inline tags are found on the next pass.
const maxHTMLPasses = 8

func literalHTML(md string) string {
	for pass := 0; pass < maxHTMLPasses; pass++ {
		src := []byte(md)
		var at []int
		_ = ast.Walk(mdconf.ParseAsHugo(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch n := n.(type) {
			case *ast.RawHTML:
				if n.Segments.Len() > 0 {
					start := n.Segments.At(0).Start
					at = append(at, start)
					if strings.HasPrefix(md[start:], "<!--") {
						// "\<!\--": Hugo looks for its summary divider,
						// "<!--more-->", in the raw bytes.
						at = append(at, start+2)
					}
				}
			case *ast.HTMLBlock:
				if l := n.Lines(); l.Len() > 0 {
					seg := l.At(0)
					if i := strings.IndexByte(string(seg.Value(src)), '<'); i >= 0 {
						at = append(at, seg.Start+i)
						if strings.HasPrefix(md[seg.Start+i:], "<!--") {
							at = append(at, seg.Start+i+2)
						}
					}
				}
			}
			return ast.WalkContinue, nil
		})
		if len(at) == 0 {
			break
		}
		md = insertAt(md, at, `\`)
	}
	return md
}

func literalShortcodes(md string) string {
	if !strings.Contains(md, "{{<") && !strings.Contains(md, "{{%") {
		return md
	}
	prose := proseRanges([]byte(md))
	type ins struct {
		at int
		s  string
	}
	var edits []ins
	for i := 0; i+3 <= len(md); {
		j := indexOpener(md, i)
		if j < 0 {
			break
		}
		closer := ">}}"
		if md[j+2] == '%' {
			closer = "%}}"
		}
		if k := strings.Index(md[j+3:], closer); k >= 0 {
			edits = append(edits, ins{j + 3, "/*"}, ins{j + 3 + k, "*/"})
			i = j + 3 + k + 3
			continue
		}
		if inRanges(prose, j+2) {
			edits = append(edits, ins{j + 2, `\`})
		} else {
			edits = append(edits, ins{j + 2, WordJoiner})
		}
		i = j + 3
	}
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.WriteString(md[last:e.at])
		b.WriteString(e.s)
		last = e.at
	}
	b.WriteString(md[last:])
	return b.String()
}

// indexOpener finds the next "{{<" or "{{%" at or after i.
func indexOpener(s string, i int) int {
	for {
		k := strings.Index(s[i:], "{{")
		if k < 0 {
			return -1
		}
		j := i + k
		if j+2 < len(s) && (s[j+2] == '<' || s[j+2] == '%') {
			return j
		}
		i = j + 1
	}
}

// proseRanges are the byte ranges of text where a backslash escape works:
// text nodes outside code spans.
func proseRanges(src []byte) [][2]int {
	var r [][2]int
	_ = ast.Walk(mdconf.ParseAsHugo(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeSpan:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			if !n.IsRaw() {
				r = append(r, [2]int{n.Segment.Start, n.Segment.Stop})
			}
		}
		return ast.WalkContinue, nil
	})
	sort.Slice(r, func(i, j int) bool { return r[i][0] < r[j][0] })
	return r
}

// codeSpanRanges are the byte ranges of code span contents, where a
// backslash would show.
func codeSpanRanges(src []byte) [][2]int {
	var r [][2]int
	_ = ast.Walk(mdconf.ParseAsHugo(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if cs, ok := n.(*ast.CodeSpan); ok && entering {
			first, last := cs.FirstChild(), cs.LastChild()
			if f, ok := first.(*ast.Text); ok {
				if l, ok := last.(*ast.Text); ok {
					r = append(r, [2]int{f.Segment.Start, l.Segment.Stop})
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	sort.Slice(r, func(i, j int) bool { return r[i][0] < r[j][0] })
	return r
}

func inRanges(r [][2]int, off int) bool {
	i := sort.Search(len(r), func(i int) bool { return r[i][1] > off })
	return i < len(r) && r[i][0] <= off
}

// insertAt inserts s before each offset of at (sorted or not).
func insertAt(md string, at []int, s string) string {
	sort.Ints(at)
	var b strings.Builder
	last := 0
	for _, a := range at {
		if a < last || a > len(md) {
			continue
		}
		b.WriteString(md[last:a])
		b.WriteString(s)
		last = a
	}
	b.WriteString(md[last:])
	return b.String()
}
