package emit

import (
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
)

// A note's raw HTML is balanced per Markdown container, so that nothing
// of a note reaches outside its place on the page: a stray "</div>" or
// "</main>" would close the page's own elements, and an unclosed "<a>" or
// "<b>" would be re-opened by the browser around the footer and the
// navigation (the HTML parser's adoption agency algorithm).
//
//   - The HTML blocks that are children of one container (the document,
//     a list item, a quote) share a stack of open elements, so GitHub's
//     "<details>" block, Markdown, then a "</details>" block keeps
//     working. What is still open after the container's last HTML block
//     is closed at that block's end.
//   - The inline HTML of one paragraph, heading or table cell has a stack
//     of its own; an element it leaves open is closed right after its
//     start tag (a table cell has no end a closer could be put at).
//   - An end tag that matches an open element of the same stack closes
//     what is open above it first; one that matches nothing is dropped.
//
// Balancing runs after sanitizing (only the policy's elements are left)
// and both repeat until nothing changes (sanitizeHTML): dropping a tag
// can make Markdown of the text after it, which is balanced in turn.

// voidElements have no end tag: they never go on a stack.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}

// htmlTag is one tag of a fragment, at [start, stop) of the note.
type htmlTag struct {
	name        string
	start, stop int
	end         bool // an end tag
}

// fragmentTags tokenizes frag (at offset at of the note) into its tags;
// pos maps an offset of frag to one of the note.
func fragmentTags(frag string, pos func(int) int) []htmlTag {
	var tags []htmlTag
	z := html.NewTokenizer(strings.NewReader(frag))
	off := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return tags
		}
		n := len(z.Raw())
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, _ := z.TagName()
			if !voidElements[string(name)] {
				tags = append(tags, htmlTag{string(name), pos(off), pos(off + n), tt == html.EndTagToken})
			}
		}
		off += n
	}
}

// balancer is one stack of open elements.
type balancer struct {
	open []htmlTag
	reps []replacement
	// strayText replaces a dropped end tag (see balancePass).
	strayText func(t htmlTag) string
}

func (b *balancer) tag(t htmlTag) {
	if !t.end {
		b.open = append(b.open, t)
		return
	}
	i := len(b.open) - 1
	for i >= 0 && b.open[i].name != t.name {
		i--
	}
	if i < 0 {
		b.reps = append(b.reps, replacement{t.start, t.stop, b.strayText(t)})
		return
	}
	if closers := closeTags(b.open[i+1:]); closers != "" {
		b.reps = append(b.reps, replacement{t.start, t.start, closers})
	}
	b.open = b.open[:i]
}

// closeTags are the end tags of open, innermost first.
func closeTags(open []htmlTag) string {
	var s strings.Builder
	for i := len(open) - 1; i >= 0; i-- {
		s.WriteString("</" + open[i].name + ">")
	}
	return s.String()
}

// balancePass balances md's raw HTML once (see above); dropLines as for
// sanitizeHTML.
func balancePass(md string, dropLines bool) string {
	parse := mdconf.ParseAsHugo
	if dropLines {
		parse = mdconf.ParseWithoutMath
	}
	type group struct {
		inline bool
		tags   []htmlTag
		at     int // blocks: where what is left open is closed
		lines  [][2]int
	}
	groups := map[ast.Node]*group{}
	var order []ast.Node
	get := func(n ast.Node, inline bool) *group {
		g := groups[n]
		if g == nil {
			g = &group{inline: inline}
			groups[n] = g
			order = append(order, n)
		}
		return g
	}
	_ = ast.Walk(parse([]byte(md)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML:
			if n.Segments.Len() == 0 {
				break
			}
			block := n.Parent()
			for block != nil && block.Type() != ast.TypeBlock {
				block = block.Parent()
			}
			start, stop := n.Segments.At(0).Start, n.Segments.At(n.Segments.Len()-1).Stop
			g := get(block, true)
			g.tags = append(g.tags, fragmentTags(md[start:stop], func(i int) int { return start + i })...)
		case *ast.HTMLBlock:
			var slots [][2]int
			for i := 0; i < n.Lines().Len(); i++ {
				s := n.Lines().At(i)
				slots = append(slots, [2]int{s.Start, s.Start + len(strings.TrimRight(md[s.Start:s.Stop], "\r\n"))})
			}
			if n.HasClosure() {
				s := n.ClosureLine
				slots = append(slots, [2]int{s.Start, s.Start + len(strings.TrimRight(md[s.Start:s.Stop], "\r\n"))})
			}
			if len(slots) == 0 {
				return ast.WalkSkipChildren, nil
			}
			g := get(n.Parent(), false)
			// Each line on its own: a tag the sanitizer wrote never
			// spans lines.
			for _, s := range slots {
				g.tags = append(g.tags, fragmentTags(md[s[0]:s[1]], func(i int) int { return s[0] + i })...)
			}
			g.lines = append(g.lines, slots...)
			g.at = slots[len(slots)-1][1]
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	var reps []replacement
	for _, n := range order {
		g := groups[n]
		b := balancer{strayText: func(htmlTag) string { return "" }}
		if !g.inline && !dropLines {
			// A line of an HTML block that only held the stray tag keeps
			// a comment: a blank line would end the block early.
			b.strayText = func(t htmlTag) string {
				for _, l := range g.lines {
					if l[0] <= t.start && t.stop <= l[1] && strings.TrimSpace(md[l[0]:l[1]]) == md[t.start:t.stop] {
						return emptyLine
					}
				}
				return ""
			}
		}
		for _, t := range g.tags {
			b.tag(t)
		}
		if g.inline {
			for _, t := range b.open {
				b.reps = append(b.reps, replacement{t.stop, t.stop, "</" + t.name + ">"})
			}
		} else if len(b.open) > 0 {
			b.reps = append(b.reps, replacement{g.at, g.at, closeTags(b.open)})
		}
		reps = append(reps, b.reps...)
	}
	if len(reps) == 0 {
		return md
	}
	sort.SliceStable(reps, func(i, j int) bool { return reps[i].start < reps[j].start })
	var s strings.Builder
	last := 0
	for _, r := range reps {
		if r.start < last {
			continue
		}
		s.WriteString(md[last:r.start])
		s.WriteString(r.text)
		last = r.stop
	}
	s.WriteString(md[last:])
	return s.String()
}
