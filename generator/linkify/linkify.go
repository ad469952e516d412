// Package linkify turns the mentions the extract stage found in a note
// (model.Note.Mentions: variables, options, source files, pull requests)
// into links, by splicing link syntax around their byte ranges; every other
// byte of the note is left as written.
//
// It does not read the markdown: the extract stage found mentions only
// where goldmark sees plain text or a whole inline code span. What is left
// to decide here is, per mention, where it links (the Resolver), which of
// two overlapping mentions wins, and whether the brackets can go in
// without changing the surrounding markdown (see safe). The tests render
// notes with goldmark before and after to hold it to that.
package linkify

import (
	"sort"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// Resolver maps mentions to link destinations. Each method returns "" to
// leave the mention as plain text.
type Resolver interface {
	Env(name string) string         // "/env/nvfuser_dump" style internal path
	Option(env, name string) string // "/options/dump/fusion_ir"
	File(ref model.FileRef) string  // URL of the file at a ref
	PR(num string) string           // "#1234" -> URL
}

// Linkify returns body with its mentions (sorted as the extract stage
// sorts them: by start, longest first) turned into links.
func Linkify(body []byte, mentions []model.Mention, r Resolver) []byte {
	l := linker{body: body, r: r}
	// Nothing inside a bare URL is linked as anything else: the URL is
	// linked whole, or (a scheme the handbook refuses) left as text.
	for _, m := range mentions {
		if m.Kind == model.MentionURL && m.Start >= 0 && m.End <= len(body) && m.Start < m.End {
			l.taken = append(l.taken, span{m.Start, m.End})
			if e, ok := bareURL(body, m); ok {
				l.edits = append(l.edits, e)
			}
		}
	}
	for _, m := range mentions {
		if m.Start < 0 || m.End > len(body) || m.Start >= m.End {
			continue // not from this body
		}
		edits, claims := l.resolve(m)
		if !claims || l.overlaps(m.Start, m.End) {
			continue
		}
		l.taken = append(l.taken, span{m.Start, m.End})
		for _, e := range edits {
			if safe(body, e.start, e.end, m.Code) {
				l.edits = append(l.edits, e)
			}
		}
	}
	if len(l.edits) == 0 {
		return body
	}
	sort.Slice(l.edits, func(i, j int) bool { return l.edits[i].start < l.edits[j].start })
	return apply(body, l.edits)
}

type span struct{ start, end int }

// edit wraps body[start:end] in a link to dest, or in "<" ">" (a
// CommonMark autolink) when auto.
type edit struct {
	start, end int
	dest       string
	auto       bool
}

type linker struct {
	body  []byte
	r     Resolver
	taken []span
	edits []edit
}

// resolve returns a mention's edits, and whether it claims its range (so
// that no overlapping mention is linked). Something that does not link
// does not claim, except an assignment: its value is never re-read as a
// file reference or a bare name.
func (l *linker) resolve(m model.Mention) ([]edit, bool) {
	one := func(d string) ([]edit, bool) {
		if d == "" {
			return nil, false
		}
		return []edit{{start: m.Start, end: m.End, dest: d}}, true
	}
	switch m.Kind {
	case model.MentionVariable:
		return one(l.env(m.Name))
	case model.MentionPR:
		return one(destination(l.r.PR(m.Name)))
	case model.MentionFile:
		return one(destination(l.r.File(m.File)))
	case model.MentionAssignment:
		if m.Code {
			// The whole span links to its one option, else its variable.
			d := ""
			if len(m.Options) == 1 {
				d = l.option(m.Name, m.Options[0].Name)
			}
			if d == "" {
				d = l.env(m.Name)
			}
			return one(d)
		}
		var out []edit
		if d := l.env(m.Name); d != "" {
			out = append(out, edit{start: m.Start, end: m.Start + len(m.Name), dest: d})
		}
		for _, o := range m.Options {
			if d := l.option(m.Name, o.Name); d != "" {
				out = append(out, edit{start: o.Start, end: o.End, dest: d})
			}
		}
		return out, true
	}
	return nil, false
}

// env resolves a variable, trying the canonical NVFUSER_ spelling of a
// PYTORCH_NVFUSER_ name when the resolver does not know the old one.
func (l *linker) env(name string) string {
	d := l.r.Env(name)
	if d == "" && vocab.Canonical(name) != name {
		d = l.r.Env(vocab.Canonical(name))
	}
	return destination(d)
}

func (l *linker) option(env, name string) string {
	d := l.r.Option(env, name)
	if d == "" && vocab.Canonical(env) != env {
		d = l.r.Option(vocab.Canonical(env), name)
	}
	return destination(d)
}

func (l *linker) overlaps(s, e int) bool {
	for _, p := range l.taken {
		if s < p.end && p.start < e {
			return true
		}
	}
	return false
}

// apply splices the edits, which are sorted and do not overlap.
func apply(body []byte, edits []edit) []byte {
	out := make([]byte, 0, len(body)+len(edits)*32)
	last := 0
	for _, e := range edits {
		out = append(out, body[last:e.start]...)
		if e.auto {
			out = append(out, '<')
			out = append(out, body[e.start:e.end]...)
			out = append(out, '>')
			last = e.end
			continue
		}
		out = append(out, '[')
		out = append(out, body[e.start:e.end]...)
		out = append(out, "]("...)
		out = append(out, e.dest...)
		out = append(out, ')')
		last = e.end
	}
	return append(out, body[last:]...)
}
