// Package linkify inserts links into a note's Markdown: variable and option
// names to their reference pages, source references to the repository,
// issue numbers to the tracker. It finds mentions in goldmark's AST (text
// and inline code only) and splices links into the original bytes, so
// everything else — code blocks, existing links, raw HTML, formatting —
// stays exactly as written.
package linkify

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Resolver gives link destinations; "" leaves a mention as plain text.
type Resolver interface {
	Env(name string) string
	Option(env, name string) string
	File(ref model.FileRef) string
	PR(num string) string
}

var md = goldmark.New(goldmark.WithExtensions(extension.GFM))

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// Linkify returns body with links inserted.
func Linkify(body []byte, r Resolver) ([]byte, error) {
	doc := md.Parser().Parse(text.NewReader(body))
	var edits []edit
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.Link, *ast.AutoLink, *ast.Image, *ast.RawHTML, *ast.HTMLBlock, *ast.CodeBlock, *ast.FencedCodeBlock:
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			if e, ok := codeSpan(n, body, r); ok {
				edits = append(edits, e)
			}
			return ast.WalkSkipChildren, nil
		}
		if n.Type() == ast.TypeBlock || n.Type() == ast.TypeDocument {
			edits = append(edits, textRuns(n, body, r)...)
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return nil, err
	}
	return apply(body, edits), nil
}

// textRuns scans the direct Text children of a block, joining neighbours
// that are contiguous in the source: goldmark splits "NVFUSER_DUMP" at
// its underscores, a mention must be read whole.
func textRuns(block ast.Node, src []byte, r Resolver) []edit {
	var out []edit
	start, end := -1, -1
	flush := func() {
		if start >= 0 {
			out = append(out, mentions(src, start, end, r)...)
		}
		start, end = -1, -1
	}
	for c := block.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok {
			flush()
			continue
		}
		seg := t.Segment
		if start >= 0 && seg.Start == end {
			end = seg.Stop
		} else {
			flush()
			start, end = seg.Start, seg.Stop
		}
		if t.SoftLineBreak() || t.HardLineBreak() {
			flush()
		}
	}
	flush()
	return out
}

var (
	reEnv   = regexp.MustCompile(`\b((?:PYTORCH_)?NVFUSER_[A-Z0-9_]*[A-Z0-9]|DEBUG_SERDE|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=([A-Za-z0-9_.,()]*[A-Za-z0-9_)]))?`)
	reFile  = regexp.MustCompile(`(?:~|/)?(?:[A-Za-z0-9_.+-]+/)*(?:csrc|tests|python|benchmarks|runtime|tools|doc)/[A-Za-z0-9_./+-]*[A-Za-z0-9_+-]\.[A-Za-z]+(?::(\d+)(?:-(\d+))?)?`)
	reIssue = regexp.MustCompile(`(?:^|[\s(])#(\d{2,6})\b`)
	repoTop = regexp.MustCompile(`(?:^|/)((?:csrc|tests|python|benchmarks|runtime|tools|doc)/.*)$`)
)

// mentions finds linkable things in src[start:end].
func mentions(src []byte, start, end int, r Resolver) []edit {
	s := string(src[start:end])
	var out []edit
	taken := make([]bool, len(s))
	claim := func(a, b int) bool {
		for i := a; i < b; i++ {
			if taken[i] {
				return false
			}
		}
		for i := a; i < b; i++ {
			taken[i] = true
		}
		return true
	}
	for _, m := range reFile.FindAllStringSubmatchIndex(s, -1) {
		ref, ok := fileRef(s[m[0]:m[1]])
		if !ok {
			continue
		}
		if dest := r.File(ref); dest != "" && claim(m[0], m[1]) {
			out = append(out, edit{start + m[0], start + m[1], link(s[m[0]:m[1]], dest)})
		}
	}
	for _, m := range reEnv.FindAllStringSubmatchIndex(s, -1) {
		name := s[m[2]:m[3]]
		dest := r.Env(name)
		if dest == "" || !claim(m[0], m[1]) {
			continue
		}
		repl := link(name, dest)
		if m[4] >= 0 {
			repl += "=" + optionLinks(name, s[m[4]:m[5]], r)
		}
		out = append(out, edit{start + m[0], start + m[1], repl})
	}
	for _, m := range reIssue.FindAllStringSubmatchIndex(s, -1) {
		num := s[m[2]:m[3]]
		a := m[2] - 1 // the '#'
		if dest := r.PR("#" + num); dest != "" && claim(a, m[3]) {
			out = append(out, edit{start + a, start + m[3], link("#"+num, dest)})
		}
	}
	return out
}

// optionLinks links each known option of a family variable's value, with
// the same comma and parenthesis rules as nvFuser's own parser.
func optionLinks(env, value string, r Resolver) string {
	var b strings.Builder
	depth := 0
	tokStart := 0
	emit := func(end int) {
		tok := value[tokStart:end]
		name := tok
		if i := strings.IndexByte(tok, '('); i >= 0 {
			name = tok[:i]
		}
		if dest := r.Option(env, name); dest != "" && name != "" {
			b.WriteString(link(name, dest))
			b.WriteString(escape(tok[len(name):]))
		} else {
			b.WriteString(escape(tok))
		}
	}
	for i := 0; i < len(value); i++ {
		switch value[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case ',':
			if depth == 0 {
				emit(i)
				b.WriteByte(',')
				tokStart = i + 1
			}
		}
	}
	emit(len(value))
	return b.String()
}

// fileRef turns a path as written into a repository-relative reference.
func fileRef(raw string) (model.FileRef, bool) {
	ref := model.FileRef{Raw: raw}
	p := raw
	if i := strings.IndexByte(p, ':'); i >= 0 {
		lines := p[i+1:]
		p = p[:i]
		a, b, _ := strings.Cut(lines, "-")
		ref.Start, _ = strconv.Atoi(a)
		ref.End = ref.Start
		if b != "" {
			ref.End, _ = strconv.Atoi(b)
		}
		if ref.End < ref.Start {
			ref.End = ref.Start
		}
	}
	m := repoTop.FindStringSubmatch(p)
	if m == nil {
		return ref, false
	}
	ref.Path = m[1]
	return ref, true
}

// codeSpan links an inline code span whose whole content is one mention.
func codeSpan(n ast.Node, src []byte, r Resolver) (edit, bool) {
	first, last := n.FirstChild(), n.LastChild()
	if first == nil {
		return edit{}, false
	}
	ft, ok1 := first.(*ast.Text)
	lt, ok2 := last.(*ast.Text)
	if !ok1 || !ok2 {
		return edit{}, false
	}
	a, b := ft.Segment.Start, lt.Segment.Stop
	// Widen to the backtick runs around the content.
	for a > 0 && (src[a-1] == '`' || src[a-1] == ' ') {
		a--
	}
	for b < len(src) && (src[b] == '`' || src[b] == ' ') {
		b++
	}
	if a >= b || src[a] != '`' || src[b-1] != '`' {
		return edit{}, false
	}
	content := strings.TrimSpace(string(src[ft.Segment.Start:lt.Segment.Stop]))
	var dest string
	if m := reFile.FindString(content); m == content {
		if ref, ok := fileRef(content); ok {
			dest = r.File(ref)
		}
	} else if m := reEnv.FindStringSubmatch(content); m != nil && m[0] == content {
		dest = r.Env(m[1])
		if m[2] != "" && !strings.Contains(m[2], ",") {
			if od := r.Option(m[1], strings.SplitN(m[2], "(", 2)[0]); od != "" {
				dest = od
			}
		}
	}
	if dest == "" {
		return edit{}, false
	}
	return edit{a, b, link(string(src[a:b]), dest)}, true
}

// link writes [text](dest), bracketing destinations markdown would split.
func link(text, dest string) string {
	if strings.ContainsAny(dest, " ()<>") {
		dest = "<" + strings.NewReplacer("<", "%3C", ">", "%3E").Replace(dest) + ">"
	}
	return "[" + text + "](" + dest + ")"
}

// escape keeps characters of an option value from being read as markup.
func escape(s string) string {
	return strings.NewReplacer("*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`).Replace(s)
}

// apply splices non-overlapping edits into src.
func apply(src []byte, edits []edit) []byte {
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b strings.Builder
	pos := 0
	for _, e := range edits {
		if e.start < pos || e.end > len(src) || e.start > e.end {
			continue
		}
		b.Write(src[pos:e.start])
		b.WriteString(e.text)
		pos = e.end
	}
	b.Write(src[pos:])
	return []byte(b.String())
}
