// Package linkify rewrites a note's markdown so that mentions of
// environment variables, options, source files and pull requests become
// links, while every other byte of the note is left as written.
//
// It works from goldmark's AST: only the source ranges of plain text nodes
// and of whole inline code spans are edited, by splicing link syntax into
// the original bytes. Fenced and indented code blocks, existing links,
// images, autolinks, bare URLs, raw HTML (and text inside an HTML <a>),
// HTML blocks and headings are never touched. Headings are left alone so
// their anchors and the table of contents stay plain.
//
// After splicing, the result is parsed again and checked: same code
// blocks, same structure, exactly the links added. If a splice changed
// anything else (an emphasis delimiter that stopped flanking, say), the
// edits are retried one at a time and only those that keep the document
// intact are kept.
package linkify

import (
	"slices"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// Resolver maps mentions to link destinations. Each method returns "" to
// leave the mention as plain text.
type Resolver interface {
	Env(name string) string         // "/env/nvfuser_dump" style internal path
	Option(env, name string) string // "/options/dump/fusion_ir"
	File(ref model.FileRef) string  // URL of the file at a ref
	PR(num string) string           // "#1234" -> URL
}

// maxRetries bounds the one-edit-at-a-time fallback, which parses the
// document once per edit.
const maxRetries = 200

// Linkify returns body with mentions turned into links. Input that
// notes.CheckBody refuses is returned unchanged with that error; on any
// other input Linkify succeeds.
func Linkify(body []byte, r Resolver) ([]byte, error) {
	if err := notes.CheckBody("note body", body); err != nil {
		return body, err
	}
	root := notes.ParseMarkdown(body)
	edits := findEdits(body, root, r)
	if len(edits) == 0 {
		return body, nil
	}
	want := fingerprintOf(body, root)
	out := apply(body, edits)
	if verify(out, want, len(edits)) {
		return out, nil
	}
	// Some splice disturbed the document. Keep the edits that do not.
	if len(edits) > maxRetries {
		return body, nil
	}
	var kept []edit
	for _, e := range edits {
		try := append(slices.Clone(kept), e)
		if verify(apply(body, try), want, len(try)) {
			kept = try
		}
	}
	return apply(body, kept), nil
}

// edit wraps body[start:end] in a link to dest.
type edit struct {
	start, end int
	dest       string
}

// apply splices the edits, which are sorted and do not overlap.
func apply(body []byte, edits []edit) []byte {
	out := make([]byte, 0, len(body)+len(edits)*32)
	last := 0
	for _, e := range edits {
		out = append(out, body[last:e.start]...)
		out = append(out, '[')
		out = append(out, body[e.start:e.end]...)
		out = append(out, "]("...)
		out = append(out, e.dest...)
		out = append(out, ')')
		last = e.end
	}
	return append(out, body[last:]...)
}
