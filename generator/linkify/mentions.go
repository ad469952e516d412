package linkify

import (
	"bytes"
	"regexp"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

var (
	// envWordRE finds candidate variable names; the resolver decides
	// which are variables.
	envWordRE = regexp.MustCompile(`[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+`)
	prRE      = regexp.MustCompile(`#\d{1,6}`)
	prFullRE  = regexp.MustCompile(`^#\d{1,6}$`)
	// urlRE finds bare URLs. Renderers with autolinking (Hugo's default)
	// turn them into links, so nothing inside them may be linked.
	urlRE = regexp.MustCompile(`(?i)\b(?:https?://|ftp://|www\.)[^\s<>]*`)
)

// findEdits walks the AST and returns the edits for every linkable
// mention, sorted and non-overlapping.
func findEdits(body []byte, root ast.Node, r Resolver) []edit {
	f := &finder{body: body, r: r}
	f.walk(root)
	sort.Slice(f.edits, func(i, j int) bool { return f.edits[i].start < f.edits[j].start })
	return f.edits
}

type finder struct {
	body     []byte
	r        Resolver
	edits    []edit
	inAnchor bool // inside raw HTML <a ...> ... </a>
}

func (f *finder) walk(n ast.Node) {
	switch n := n.(type) {
	case *ast.Link, *ast.Image, *ast.AutoLink, *ast.Heading,
		*ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
		return
	case *ast.RawHTML:
		f.rawHTML(n)
		return
	case *ast.CodeSpan:
		if !f.inAnchor {
			f.codeSpan(n)
		}
		return
	case *ast.Text:
		// Handled as runs by the parent, below.
		return
	}
	var run []*ast.Text
	flush := func() {
		if len(run) > 0 && !f.inAnchor {
			f.textRun(run[0].Segment.Start, run[len(run)-1].Segment.Stop)
		}
		run = run[:0]
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok && !t.IsRaw() {
			// goldmark splits text at delimiter characters ("NVFUSER_" +
			// "DUMP"); contiguous segments are one run of source text.
			if len(run) > 0 && run[len(run)-1].Segment.Stop != t.Segment.Start {
				flush()
			}
			run = append(run, t)
			continue
		}
		flush()
		if _, ok := c.(*east.TaskCheckBox); ok {
			continue
		}
		f.walk(c)
	}
	flush()
}

// rawHTML tracks <a ...> ... </a> written as inline HTML, so that no link
// is nested inside an HTML anchor.
func (f *finder) rawHTML(n *ast.RawHTML) {
	for i := 0; i < n.Segments.Len(); i++ {
		seg := n.Segments.At(i)
		tag := bytes.ToLower(bytes.TrimSpace(seg.Value(f.body)))
		switch {
		case bytes.HasPrefix(tag, []byte("<a ")) || bytes.Equal(tag, []byte("<a>")):
			f.inAnchor = true
		case bytes.HasPrefix(tag, []byte("</a")):
			f.inAnchor = false
		}
	}
}

// mention is one linkable thing found in a text run: one or more edits
// that stand or fall together, over [start, end).
type mention struct {
	start, end int
	edits      []edit
}

// textRun finds mentions in body[start:stop], which is plain source text.
func (f *finder) textRun(start, stop int) {
	text := string(f.body[start:stop])
	var ms []mention
	var protected [][]int
	protected = append(protected, urlRE.FindAllStringIndex(text, -1)...)

	for _, a := range notes.FindAssignments(text, true) {
		m := mention{start: a.Start, end: a.End}
		if d := f.env(a.Name); d != "" {
			m.edits = append(m.edits, edit{a.Start, a.Start + len(a.Name), d})
		}
		m.edits = append(m.edits, f.optionEdits(a)...)
		// Even an assignment with nothing to link claims its span, so the
		// value is not re-read as a file reference or a bare name.
		ms = append(ms, m)
	}
	for _, fm := range notes.FindFileRefs(text, nil) {
		if d := destination(f.r.File(fm.Ref)); d != "" {
			ms = append(ms, mention{fm.Start, fm.End, []edit{{fm.Start, fm.End, d}}})
		}
	}
	for _, loc := range envWordRE.FindAllStringIndex(text, -1) {
		if loc[0] > 0 && isWordByte(text[loc[0]-1]) || loc[1] < len(text) && isWordByte(text[loc[1]]) {
			continue
		}
		if d := f.env(text[loc[0]:loc[1]]); d != "" {
			ms = append(ms, mention{loc[0], loc[1], []edit{{loc[0], loc[1], d}}})
		}
	}
	for _, loc := range prRE.FindAllStringIndex(text, -1) {
		if loc[0] > 0 && strings.IndexByte("&#/", text[loc[0]-1]) >= 0 || loc[0] > 0 && isWordByte(text[loc[0]-1]) ||
			loc[1] < len(text) && isWordByte(text[loc[1]]) {
			continue // "&#1234;" is an entity, "a#1" part of a word or URL
		}
		if d := destination(f.r.PR(text[loc[0]:loc[1]])); d != "" {
			ms = append(ms, mention{loc[0], loc[1], []edit{{loc[0], loc[1], d}}})
		}
	}

	// Earliest first, longest first: an assignment beats the variable name
	// inside it, a file reference beats nothing shorter at the same place.
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].start != ms[j].start {
			return ms[i].start < ms[j].start
		}
		return ms[i].end > ms[j].end
	})
	taken := protected
	for _, m := range ms {
		if overlaps(taken, m.start, m.end) {
			continue
		}
		taken = append(taken, []int{m.start, m.end})
		for _, e := range m.edits {
			e.start += start
			e.end += start
			if f.safe(e.start, e.end) {
				f.edits = append(f.edits, e)
			}
		}
	}
}

// optionEdits links each option in an option-family assignment's value.
func (f *finder) optionEdits(a notes.Assignment) []edit {
	if strings.ContainsAny(a.Value, "$<`") {
		return nil
	}
	valStart := a.ValueStart
	if a.End-a.ValueStart > len(a.Value) {
		valStart++ // skip the opening quote
	}
	var out []edit
	for _, t := range notes.SplitOptions(a.Value) {
		if t.Name == "" {
			continue
		}
		if d := f.option(a.Name, t.Name); d != "" {
			s := valStart + t.Offset
			out = append(out, edit{s, s + len(t.Name), d})
		}
	}
	return out
}

// codeSpan links a whole inline code span when its content is exactly one
// linkable thing: a variable, NAME=option(s), a file reference or "#123".
func (f *finder) codeSpan(n *ast.CodeSpan) {
	start, end, ok := codeSpanBounds(f.body, n)
	if !ok {
		return
	}
	content := strings.TrimSpace(string(f.body[start:end]))
	content = strings.Trim(content, "`")
	content = strings.TrimSpace(content)
	d := f.codeDest(content)
	if d != "" && f.safe(start, end) {
		f.edits = append(f.edits, edit{start, end, d})
	}
}

func (f *finder) codeDest(c string) string {
	switch {
	case notes.LooksLikeEnv(c):
		return f.env(c)
	case prFullRE.MatchString(c):
		return destination(f.r.PR(c))
	}
	if as := notes.FindAssignments(c, false); len(as) == 1 && as[0].Start == 0 && as[0].End == len(c) {
		a := as[0]
		if toks := notes.SplitOptions(a.Value); len(toks) == 1 && !strings.ContainsAny(a.Value, "$<`") {
			if d := f.option(a.Name, toks[0].Name); d != "" {
				return d
			}
		}
		return f.env(a.Name)
	}
	if fms := notes.FindFileRefs(c, nil); len(fms) == 1 && fms[0].Start == 0 && fms[0].End == len(c) {
		return destination(f.r.File(fms[0].Ref))
	}
	return ""
}

// env resolves a variable, trying the canonical NVFUSER_ spelling of a
// PYTORCH_NVFUSER_ name when the resolver does not know the old one.
func (f *finder) env(name string) string {
	d := f.r.Env(name)
	if d == "" && vocab.Canonical(name) != name {
		d = f.r.Env(vocab.Canonical(name))
	}
	return destination(d)
}

func (f *finder) option(env, name string) string {
	d := f.r.Option(env, name)
	if d == "" && vocab.Canonical(env) != env {
		d = f.r.Option(vocab.Canonical(env), name)
	}
	return destination(d)
}

// codeSpanBounds returns the source range of a code span including its
// backtick fences. goldmark records the opening fence as the node's
// position; the closing fence is the first run of the same length after
// the content.
func codeSpanBounds(body []byte, n *ast.CodeSpan) (int, int, bool) {
	start := n.Pos()
	if start < 0 || start >= len(body) || body[start] != '`' {
		return 0, 0, false
	}
	k := 0
	for start+k < len(body) && body[start+k] == '`' {
		k++
	}
	i := start + k
	if last := n.LastChild(); last != nil {
		if t, ok := last.(*ast.Text); ok && t.Segment.Stop > i {
			i = t.Segment.Stop
		}
	}
	for i < len(body) {
		if body[i] != '`' {
			i++
			continue
		}
		j := i
		for j < len(body) && body[j] == '`' {
			j++
		}
		if j-i == k {
			return start, j, true
		}
		i = j
	}
	return 0, 0, false
}

// safe reports whether wrapping body[start:end] in [...](...) keeps the
// surrounding markdown meaning the same: not after "!" (an image), "\"
// (an escaped bracket) or "]" (a reference label), and not where it would
// stop an intraword emphasis delimiter from flanking ("a*X*b").
func (f *finder) safe(start, end int) bool {
	b := f.body
	if start > 0 {
		switch p := b[start-1]; p {
		case '!', '\\', ']':
			return false
		case '*', '_', '~':
			if start > 1 && isWordByte(b[start-2]) {
				return false
			}
		}
	}
	if end < len(b) {
		switch b[end] {
		case '*', '_', '~':
			if end+1 < len(b) && isWordByte(b[end+1]) {
				return false
			}
		}
	}
	return true
}

func overlaps(spans [][]int, s, e int) bool {
	for _, p := range spans {
		if s < p[1] && p[0] < e {
			return true
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
