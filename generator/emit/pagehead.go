package emit

import (
	"bytes"
	"strings"
)

// Every check page links into nvFuser's source at the commit the site
// describes, the head: ten thousand links across the check pages. Each
// nvFuser commit would make every page new to the cache, when a day of
// commits changes a few dozen checks. So a page is cached with the head
// written as headMark, and keyed by its facts with the head written so
// too; a later build with another head takes it back with its own.
//
// That is exact when the head is a token the page only copies. headMark
// holds NUL bytes, which neither the JSON of the facts nor a page's
// files ever hold (JSON, TOML and html/template escape them), so marking
// is undone by unmarking. A page that already holds the mark, or that
// shows a part of the head other than the whole (a short hash: a check
// added by the head commit itself shows it), is not cached.
const headMark = "\x00nvfuser-head\x00"

// pageHead is the head commit a build's pages are marked with; "" (no
// marking) unless the checkout's revision is a full commit hash.
type pageHead string

func headOf(commit string) pageHead {
	if len(commit) != 40 || strings.Trim(commit, "0123456789abcdef") != "" {
		return ""
	}
	return pageHead(commit)
}

// markString and markBytes write the head as headMark (for keys).
func (h pageHead) markString(s string) string {
	if h == "" {
		return s
	}
	return strings.ReplaceAll(s, string(h), headMark)
}

func (h pageHead) markBytes(b []byte) []byte {
	if h == "" {
		return b
	}
	return bytes.ReplaceAll(b, []byte(h), []byte(headMark))
}

// store marks the head in a page's file, ok false when the page cannot be
// cached (see headMark).
func (h pageHead) store(b []byte) ([]byte, bool) {
	if h == "" {
		return b, true
	}
	if bytes.Contains(b, []byte(headMark)) {
		return nil, false
	}
	m := h.markBytes(b)
	if bytes.Contains(m, []byte(h[:7])) {
		return nil, false // a short hash of the head, which unmarking would not mend
	}
	return m, true
}

func (h pageHead) storeString(s string) (string, bool) {
	b, ok := h.store([]byte(s))
	return string(b), ok
}

// unmark writes the head back in a cached file.
func (h pageHead) unmark(b []byte) []byte {
	if h == "" || !bytes.Contains(b, []byte(headMark)) {
		return b
	}
	return bytes.ReplaceAll(b, []byte(headMark), []byte(h))
}

func (h pageHead) unmarkString(s string) string {
	if h == "" || !strings.Contains(s, headMark) {
		return s
	}
	return strings.ReplaceAll(s, headMark, string(h))
}
