package assemble

import (
	"hash/fnv"
	"sort"
	"unicode"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// A note is a copy of a doc when the two texts share at least
// CopyThreshold percent of their shingles: Jaccard similarity of the sets
// of runs of shingleWords consecutive words, words being runs of letters
// and digits, lower-cased, so Markdown punctuation, spacing and line
// wrapping count for nothing. A copy taken a few commits ago (a line
// added, a word changed) stays far above it; two docs on one subject
// written apart share a few per cent.
const (
	CopyThreshold = 80
	shingleWords  = 5
)

// foldCopies publishes each note that copies a doc of the checkout once,
// as the doc: the note leaves the list, and the doc records it (Copies)
// and answers at its address (Former), under the note's kind and id. A
// note close to two docs goes to the closer one (then the first by id).
// Each text's shingles are computed once, and a note is compared with
// every doc at once through an index from shingle to docs, so the cost
// grows with the notes' length, not with notes times docs. Docs are
// copied before they change: parsed notes are shared between runs.
func foldCopies(ns []*model.Note, cache *NoteCache) []*model.Note {
	defer cache.keepShingles(ns)
	var docs []*model.Note
	index := map[uint64][]int32{}
	var sizes []int
	for _, n := range ns {
		if !n.Doc {
			continue
		}
		set := cache.shingles(n.Body)
		for h := range set {
			index[h] = append(index[h], int32(len(docs)))
		}
		docs = append(docs, n)
		sizes = append(sizes, len(set))
	}
	if len(docs) == 0 {
		return ns
	}
	into := map[int][]*model.Note{}
	best := map[*model.Note]int{}
	for _, n := range ns {
		if n.Doc {
			continue
		}
		set := cache.shingles(n.Body)
		if len(set) == 0 {
			continue
		}
		shared := map[int32]int{}
		for h := range set {
			for _, d := range index[h] {
				shared[d]++
			}
		}
		pick, pct := -1, 0
		for d, k := range shared {
			p := 100 * k / (len(set) + sizes[d] - k)
			if p >= CopyThreshold && (p > pct || p == pct && docs[d].ID < docs[pick].ID) {
				pick, pct = int(d), p
			}
		}
		if pick >= 0 {
			into[pick] = append(into[pick], n)
			best[n] = pct
		}
	}
	if len(into) == 0 {
		return ns
	}
	folded := map[*model.Note]*model.Note{}
	for d, copies := range into {
		c := *docs[d]
		c.Copies = append([]model.NoteCopy(nil), c.Copies...)
		c.Former = append([]model.NoteRef(nil), c.Former...)
		for _, n := range copies {
			c.Copies = append(c.Copies, model.NoteCopy{Path: n.Path, ID: n.ID, Kind: n.Kind, Percent: best[n]})
			c.Former = append(c.Former, model.NoteRef{Kind: n.Kind, ID: n.ID})
			for _, a := range n.Aliases {
				c.Former = append(c.Former, model.NoteRef{Kind: n.Kind, ID: a})
			}
			folded[n] = nil
		}
		sort.Slice(c.Copies, func(i, j int) bool { return c.Copies[i].Path < c.Copies[j].Path })
		c.Former = sortRefs(c.Former)
		folded[docs[d]] = &c
	}
	out := ns[:0:0]
	for _, n := range ns {
		r, ok := folded[n]
		switch {
		case !ok:
			out = append(out, n)
		case r != nil:
			out = append(out, r)
		}
	}
	return out
}

// sortRefs sorts refs by kind, then id, and drops repeats.
func sortRefs(r []model.NoteRef) []model.NoteRef {
	sort.Slice(r, func(i, j int) bool {
		if r[i].Kind != r[j].Kind {
			return r[i].Kind < r[j].Kind
		}
		return r[i].ID < r[j].ID
	})
	out := r[:0]
	for i, x := range r {
		if i == 0 || x != r[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// shingles is the set of hashes of text's runs of shingleWords words
// (the whole text when it is shorter).
func shingles(text string) map[uint64]struct{} {
	var words []string
	start := -1
	lower := []rune(nil)
	flush := func() {
		if start >= 0 {
			words = append(words, string(lower))
			lower, start = lower[:0], -1
		}
	}
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
			lower = append(lower, unicode.ToLower(r))
			continue
		}
		flush()
	}
	flush()
	set := map[uint64]struct{}{}
	if len(words) == 0 {
		return set
	}
	n := shingleWords
	if len(words) < n {
		n = len(words)
	}
	h := fnv.New64a()
	for i := 0; i+n <= len(words); i++ {
		h.Reset()
		for _, w := range words[i : i+n] {
			h.Write([]byte(w))
			h.Write([]byte{0})
		}
		set[h.Sum64()] = struct{}{}
	}
	return set
}
