package notes

import (
	"bytes"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Mentions are found where a reader sees plain text, so that a later stage
// can turn them into links by splicing link syntax around them, leaving
// every other byte of the note as written.

var (
	// envWordRE finds candidate variable names; the stage that links them
	// decides which are variables.
	envWordRE = regexp.MustCompile(`[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+`)
	prRE      = regexp.MustCompile(`#\d{1,6}`)
	prFullRE  = regexp.MustCompile(`^#\d{1,6}$`)
)

// mentions walks the note's AST for model.Mentions: in runs of plain text,
// and in inline code spans that hold exactly one linkable thing. Links,
// images, autolinks, headings (their anchors stay plain), code blocks, HTML
// blocks and text inside a raw HTML <a> are never searched.
func (x *extractor) mentions() []model.Mention {
	m := &mentionFinder{body: x.doc.src, exists: x.opt.FileExists}
	m.walk(x.doc.root)
	// Earliest first, longest first: an assignment beats the variable name
	// inside it. The sort is stable so that, at one place, the kinds keep
	// the order they were found in.
	sort.SliceStable(m.out, func(i, j int) bool {
		if m.out[i].Start != m.out[j].Start {
			return m.out[i].Start < m.out[j].Start
		}
		return m.out[i].End > m.out[j].End
	})
	return m.out
}

type mentionFinder struct {
	body     []byte
	exists   func(string) (bool, bool)
	out      []model.Mention
	inAnchor bool // inside raw HTML <a ...> ... </a>
}

func (f *mentionFinder) walk(n ast.Node) {
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
func (f *mentionFinder) rawHTML(n *ast.RawHTML) {
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

// textRun records the mentions in body[start:stop], which is plain source
// text, in the order: URLs, assignments, files, variable names, PRs,
// symbols, tests. (Nothing links tests and symbols yet; their places are
// recorded for the stage that will.)
func (f *mentionFinder) textRun(start, stop int) {
	text := string(f.body[start:stop])
	add := func(m model.Mention) {
		m.Start += start
		m.End += start
		f.out = append(f.out, m)
	}
	// Bare URLs (linkify links the safe ones; nothing inside one is
	// linked as anything else).
	for _, loc := range BareURLs(text) {
		add(model.Mention{Start: loc[0], End: loc[1], Kind: model.MentionURL})
	}
	for _, a := range FindAssignments(text, true) {
		m := model.Mention{Start: a.Start, End: a.End, Kind: model.MentionAssignment, Name: a.Name}
		for _, o := range valueOptions(a) {
			o.Start += start
			o.End += start
			m.Options = append(m.Options, o)
		}
		add(m)
	}
	for _, fm := range FindFileRefs(text, nil) {
		add(f.fileMention(fm.Start, fm.End, fm.Ref))
	}
	for _, loc := range envWordRE.FindAllStringIndex(text, -1) {
		if loc[0] > 0 && isWordByte(text[loc[0]-1]) || loc[1] < len(text) && isWordByte(text[loc[1]]) {
			continue
		}
		add(model.Mention{Start: loc[0], End: loc[1], Kind: model.MentionVariable, Name: text[loc[0]:loc[1]]})
	}
	for _, loc := range prRE.FindAllStringIndex(text, -1) {
		if loc[0] > 0 && strings.IndexByte("&#/", text[loc[0]-1]) >= 0 || loc[0] > 0 && isWordByte(text[loc[0]-1]) ||
			loc[1] < len(text) && isWordByte(text[loc[1]]) {
			continue // "&#1234;" is an entity, "a#1" part of a word or URL
		}
		add(model.Mention{Start: loc[0], End: loc[1], Kind: model.MentionPR, Name: text[loc[0]:loc[1]]})
	}
	if strings.Contains(text, "::") {
		for _, m := range findSymbols(text) {
			add(model.Mention{Start: m.start, End: m.end, Kind: model.MentionSymbol, Name: m.name})
		}
	}
	for _, m := range findTestIDs(text, f.exists) {
		add(model.Mention{Start: m.start, End: m.end, Kind: model.MentionTest, Name: m.name})
	}
}

// fileMention records a file reference (found without the checkout, so an
// absolute path is only taken when it looks like an nvFuser tree), with
// whether the checkout has the file.
func (f *mentionFinder) fileMention(start, end int, ref model.FileRef) model.Mention {
	ref.Exists = fileExists(f.exists, ref.Path)
	return model.Mention{Start: start, End: end, Kind: model.MentionFile, File: ref}
}

// valueOptions are the options of an assignment's value with their places
// in the text, when the value is a literal option list (no shell expansion
// or placeholder). Whether the variable has options at all is for the
// linking stage to say.
func valueOptions(a Assignment) []model.MentionOption {
	if strings.ContainsAny(a.Value, "$<`") {
		return nil
	}
	valStart := a.ValueStart
	if a.End-a.ValueStart > len(a.Value) {
		valStart++ // skip the opening quote
	}
	var out []model.MentionOption
	for _, t := range SplitOptions(a.Value) {
		if t.Name == "" {
			continue
		}
		s := valStart + t.Offset
		out = append(out, model.MentionOption{Start: s, End: s + len(t.Name), Name: t.Name})
	}
	return out
}

// codeSpan records a whole inline code span when its content is exactly one
// thing: a variable, NAME=option(s), a file reference, "#123", a test id or
// a symbol.
func (f *mentionFinder) codeSpan(n *ast.CodeSpan) {
	start, end, ok := codeSpanBounds(f.body, n)
	if !ok {
		return
	}
	c, off := trimCode(string(f.body[start:end]))
	off += start
	m := model.Mention{Start: start, End: end, Code: true}
	switch {
	case LooksLikeEnv(c):
		m.Kind, m.Name = model.MentionVariable, c
	case prFullRE.MatchString(c):
		m.Kind, m.Name = model.MentionPR, c
	}
	if m.Kind == 0 {
		if as := FindAssignments(c, false); len(as) == 1 && as[0].Start == 0 && as[0].End == len(c) {
			m.Kind, m.Name = model.MentionAssignment, as[0].Name
			// A span naming one option links to that option, else to the
			// variable.
			if toks := SplitOptions(as[0].Value); len(toks) == 1 {
				if opts := valueOptions(as[0]); len(opts) == 1 {
					o := opts[0]
					o.Start += off
					o.End += off
					m.Options = []model.MentionOption{o}
				}
			}
		} else if fms := FindFileRefs(c, nil); len(fms) == 1 && fms[0].Start == 0 && fms[0].End == len(c) {
			m = f.fileMention(start, end, fms[0].Ref)
			m.Code = true
		} else if ts := findTestIDs(c, f.exists); len(ts) == 1 && ts[0].start == 0 && ts[0].end == len(c) {
			m.Kind, m.Name = model.MentionTest, ts[0].name
		} else if ss := findSymbols(c); len(ss) == 1 && ss[0].start == 0 && ss[0].end == len(c) {
			m.Kind, m.Name = model.MentionSymbol, ss[0].name
		}
	}
	if m.Kind != 0 {
		f.out = append(f.out, m)
	}
}

// trimCode is a code span's content, from its source with the backtick
// fences, trimmed of spaces and backticks, and the offset where it starts.
func trimCode(raw string) (string, int) {
	off := 0
	trim := func(s string, left func(string) string, both func(string) string) string {
		t := both(s)
		off += len(s) - len(left(s))
		return t
	}
	spaces := func(s string) string { return strings.TrimLeftFunc(s, unicode.IsSpace) }
	ticks := func(s string) string { return strings.TrimLeft(s, "`") }
	s := trim(raw, spaces, strings.TrimSpace)
	s = trim(s, ticks, func(s string) string { return strings.Trim(s, "`") })
	s = trim(s, spaces, strings.TrimSpace)
	return s, off
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

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
