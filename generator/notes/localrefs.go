package notes

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// localRefs lists the body's relative destinations, in document order:
// Markdown links and images, and the src of each HTML <img> (which the
// page's HTML sanitizer lets through). What they lead to (another note, a
// file of the checkout, an image to publish) is the model stage's
// question (package localref); this stage only says where they are.
func (d *doc) localRefs() []model.LocalRef {
	var out []model.LocalRef
	_ = ast.Walk(d.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			if dest := string(n.Destination); IsLocalDest(dest) {
				out = append(out, model.LocalRef{Dest: dest, Line: d.inlineLine(n)})
			}
		case *ast.Image:
			if dest := string(n.Destination); IsLocalDest(dest) {
				out = append(out, model.LocalRef{Dest: dest, Line: d.inlineLine(n), Image: true})
			}
		case *ast.RawHTML:
			if n.Segments.Len() > 0 {
				start, stop := n.Segments.At(0).Start, n.Segments.At(n.Segments.Len()-1).Stop
				out = d.htmlImages(out, start, stop)
			}
		case *ast.HTMLBlock:
			if l := n.Lines(); l.Len() > 0 {
				start, stop := l.At(0).Start, l.At(l.Len()-1).Stop
				if n.HasClosure() {
					stop = max(stop, n.ClosureLine.Stop)
				}
				out = d.htmlImages(out, start, stop)
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock, *ast.FencedCodeBlock, *ast.CodeSpan:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

// inlineLine is the line of an inline node: where its first text is, else
// where its paragraph starts.
func (d *doc) inlineLine(n ast.Node) int {
	if p := n.Pos(); p >= 0 {
		return d.lines.line(p)
	}
	for c := n.FirstChild(); c != nil; c = c.FirstChild() {
		if t, ok := c.(*ast.Text); ok {
			return d.lines.line(t.Segment.Start)
		}
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock {
			return d.lineOf(p)
		}
	}
	return d.lines.line(0)
}

// htmlImages appends the local src of every <img> in src[start:stop], a
// piece of raw HTML, at the line its tag starts on.
func (d *doc) htmlImages(out []model.LocalRef, start, stop int) []model.LocalRef {
	if start < 0 || stop > len(d.src) || start >= stop {
		return out
	}
	raw := d.src[start:stop]
	if !bytes.Contains(bytes.ToLower(raw), []byte("<img")) {
		return out
	}
	z := html.NewTokenizer(bytes.NewReader(raw))
	off := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		at := off
		off += len(z.Raw())
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		if string(name) != "img" {
			continue
		}
		for hasAttr {
			var key, val []byte
			key, val, hasAttr = z.TagAttr()
			if string(key) == "src" {
				if dest := string(val); IsLocalDest(dest) {
					out = append(out, model.LocalRef{Dest: dest, Line: d.lines.line(start + at), Image: true, HTML: true})
				}
			}
		}
	}
}

// schemeRE is a URL scheme ("https:", "mailto:", "javascript:").
var schemeRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// IsLocalDest reports whether a link or image destination is relative to
// the note's own file ("img/a.svg", "../x.md#y", "./b"): not a URL with
// a scheme or host, not root-relative (a handbook page), not only a
// fragment.
func IsLocalDest(dest string) bool {
	dest = strings.TrimSpace(dest)
	switch {
	case dest == "", dest[0] == '#', dest[0] == '/', dest[0] == '\\', dest[0] == '?':
		return false
	case schemeRE.MatchString(dest):
		return false
	}
	// "jav&#x09;ascript:" and the like: shown as inert text, never
	// resolved (see URLSafety).
	safe, _ := URLSafety(dest)
	return safe
}
