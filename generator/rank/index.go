package rank

import (
	"sort"
	"strings"
)

// Index answers Match without scoring every entry. An entry can only be
// reported when the text holds one of its anchors (its rarest words), the
// first word of one of its older wordings, or a frame naming its file,
// a file it sat in before, or its function: score skips every other
// entry before comparing anything. The index lists the entries under
// each of those keys, so a text is scored against the entries its own
// words and frames name, in entry order: the hits are MatchAt's, the
// same points in the same order (TestIndexAgrees holds it on the real
// checks and the note corpora).
type Index struct {
	entries []Entry
	// byWord: anchors and the first words of older wordings.
	byWord map[string][]int32
	// byFile: each file an entry is or was in, by path and by base name
	// (a frame may name either).
	byFile map[string][]int32
	byFn   map[string][]int32
	// known are the files holding checks today (paste.known).
	known map[string]bool
}

// NewIndex indexes entries; the hits it returns point into entries,
// which must not change afterwards.
func NewIndex(entries []Entry) *Index {
	x := &Index{entries: entries, byWord: map[string][]int32{}, byFile: map[string][]int32{},
		byFn: map[string][]int32{}, known: map[string]bool{}}
	for i := range entries {
		e, n := &entries[i], int32(i)
		x.known[e.File] = true
		for _, w := range e.Anchors {
			add(x.byWord, w, n)
		}
		for _, w := range e.Old {
			first, _, _ := strings.Cut(w, " ")
			add(x.byWord, first, n)
		}
		addFile(x.byFile, e.File, n)
		for _, g := range strings.Split(e.Past, " ") {
			if k := strings.IndexByte(g, '|'); k >= 0 {
				addFile(x.byFile, g[:k], n)
			}
		}
		if e.Fn != "" {
			add(x.byFn, e.Fn, n)
		}
	}
	return x
}

// add appends n to m[k] once (entries are added in order).
func add(m map[string][]int32, k string, n int32) {
	if l := m[k]; len(l) == 0 || l[len(l)-1] != n {
		m[k] = append(l, n)
	}
}

// addFile files n under a path and its base name: sameFile matches a
// frame's bare name by it.
func addFile(m map[string][]int32, path string, n int32) {
	add(m, path, n)
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		add(m, path[i+1:], n)
	}
}

// Entries are the indexed entries.
func (x *Index) Entries() []Entry { return x.entries }

// Match is MatchAt with no version.
func (x *Index) Match(text string) []Hit { return x.MatchAt(text, "") }

// MatchAt is the package's MatchAt over the index's entries.
func (x *Index) MatchAt(text, v string) []Hit {
	t := newPaste(text, v)
	if len(t.fs) > 0 {
		t.known = x.known
	}
	var hits []Hit
	for _, i := range x.candidates(t) {
		if h, ok := t.score(&x.entries[i]); ok {
			hits = append(hits, h)
		}
	}
	return best(hits)
}

// candidates are the entries the text's words and frames name, in entry
// order.
func (x *Index) candidates(t *paste) []int32 {
	var out []int32
	for w := range t.words {
		out = append(out, x.byWord[w]...)
	}
	for _, f := range t.fs {
		if f.file != "" {
			out = append(out, x.byFile[f.file]...)
		}
		if f.fn != "" {
			out = append(out, x.byFn[f.fn]...)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	uniq := out[:0]
	for i, n := range out {
		if i == 0 || n != out[i-1] {
			uniq = append(uniq, n)
		}
	}
	return uniq
}
