package assemble

import (
	"crypto/sha256"
	"encoding/json"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/rank"
)

// derived keeps what the model derives from the facts alone, so that
// runs against the same facts (gen serve after a note edit: the checkout
// is not read again) do not derive it again: the index of the checks the
// notes are matched against, each note text's hits, and the tests that
// expect each check. Handbook fills it on first use; a new checkout read
// gives new Facts and so a new one.
type derived struct {
	mu sync.Mutex
	// index is built from the checks after history.Apply (their past
	// wordings count), which the facts alone decide.
	index *rank.Index
	// indexSum is the digest of the index's entries: a QuoteStore holds
	// for one index.
	indexSum [sha256.Size]byte
	// hits are each note text's matches in index, by the text.
	hits map[string][]rank.Hit
	// expected are the tests that expect each check, by its place in
	// the facts' checks (mergeChecks copies the checks on every run).
	expected     [][]model.ExpectedError
	expectedDone bool
}

func (f *Facts) memo() *derived {
	f.derivedOnce.Do(func() { f.derived = &derived{hits: map[string][]rank.Hit{}} })
	return f.derived
}

// checkIndex is the index of cs, the handbook's checks.
func (d *derived) checkIndex(cs []*model.Check) *rank.Index {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.index == nil {
		entries := rank.Entries(cs)
		d.index = rank.NewIndex(entries)
		// The entries are all the index is made of (and JSON all of each
		// entry): the same digest, the same matches.
		data, _ := json.Marshal(entries)
		d.indexSum = sha256.Sum256(data)
	}
	return d.index
}

// matches returns text's hits in x, matching it only the first time.
func (d *derived) matches(x *rank.Index, text string) []rank.Hit {
	d.mu.Lock()
	hits, ok := d.hits[text]
	d.mu.Unlock()
	if ok {
		return hits
	}
	hits = x.Match(text)
	d.mu.Lock()
	d.hits[text] = hits
	d.mu.Unlock()
	return hits
}

// retain forgets the hits of every text but these (the notes of the
// last run), so that a long gen serve session keeps one entry per note
// however often each is edited.
func (d *derived) retain(texts []string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	keep := make(map[string][]rank.Hit, len(texts))
	for _, t := range texts {
		if hits, ok := d.hits[t]; ok {
			keep[t] = hits
		}
	}
	d.hits = keep
}

// expectedBy is checks.ExpectedBy by the checks' places in cs.
func (d *derived) expectedBy(cs []*model.Check, tests []model.ExpectedError) [][]model.ExpectedError {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.expectedDone {
		d.expected = make([][]model.ExpectedError, len(cs))
		at := make(map[*model.Check]int, len(cs))
		for i, c := range cs {
			at[c] = i
		}
		for c, xs := range checks.ExpectedBy(cs, tests) {
			d.expected[at[c]] = xs
		}
		d.expectedDone = true
	}
	return d.expected
}
