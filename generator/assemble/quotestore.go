package assemble

import (
	"crypto/sha256"
	"os"
	"slices"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/internal/bincache"
)

// A QuoteStore keeps, from one build to the next, which checks each note's
// text quotes (generated/cache/quotes.bin): matching 10,000 notes against
// nvFuser's checks was 1 CPU-s of every build (docs/benchmarks.md, issue 35
// round 8). A text's checks hold while the index they were matched in is
// the same: the store is for one index (its digest, rank.Entries as the
// checks are now: forIndex) and one gen binary; another index starts it
// empty.
type QuoteStore struct {
	file, gen string
	index     [sha256.Size]byte // the digest of the index the quotes were found in

	mu      sync.Mutex
	old     map[[sha256.Size]byte][]string // by the text's digest: check ids
	now     map[[sha256.Size]byte][]string
	reused  int
	changed bool
}

const quoteStoreMagic = "gen-note-quotes-1\n"

// OpenQuoteStore reads the store in file, written by the gen binary gen
// ("" keeps no store: nil). A missing or damaged file, or one of another
// binary, is an empty store.
func OpenQuoteStore(file, gen string) *QuoteStore {
	if gen == "" {
		return nil
	}
	s := &QuoteStore{file: file, gen: gen, old: map[[sha256.Size]byte][]string{}, now: map[[sha256.Size]byte][]string{}}
	if data, err := os.ReadFile(file); err == nil {
		if index, old, err := decodeQuotes(data, gen); err == nil {
			s.index, s.old = index, old
		}
	}
	return s
}

// forIndex says which index of the checks this build matches notes in
// (its digest): what the store read of another holds nothing.
func (s *QuoteStore) forIndex(index [sha256.Size]byte) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.index != index {
		s.index, s.old = index, map[[sha256.Size]byte][]string{}
	}
}

func decodeQuotes(data []byte, gen string) (index [sha256.Size]byte, out map[[sha256.Size]byte][]string, err error) {
	d, err := bincache.NewDecoder(data, quoteStoreMagic, gen)
	if err != nil {
		return index, nil, err
	}
	if copy(index[:], d.Bytes()) != sha256.Size {
		return index, nil, bincache.ErrDamaged
	}
	out = map[[sha256.Size]byte][]string{}
	for n := d.Uvarint(); n > 0 && d.Err == nil; n-- {
		var sum [sha256.Size]byte
		copy(sum[:], d.Take(sha256.Size))
		m := d.Uvarint()
		ids := make([]string, 0, min(m, 64)) // a damaged count allocates no more
		for ; m > 0 && d.Err == nil; m-- {
			ids = append(ids, d.String())
		}
		out[sum] = ids
	}
	return index, out, d.End()
}

// quotes is the check ids text quotes: the store's when it has them, else
// match(text)'s, kept.
func (s *QuoteStore) quotes(text string, match func(string) []string) []string {
	if s == nil {
		return match(text)
	}
	sum := sha256.Sum256([]byte(text))
	s.mu.Lock()
	ids, ok := s.old[sum]
	s.mu.Unlock()
	if !ok {
		ids = match(text)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now[sum] = ids
	if ok {
		s.reused++
	} else {
		s.changed = true
	}
	return ids
}

// Reused is how many texts this build took from the store, of how many it
// asked for.
func (s *QuoteStore) Reused() (reused, of int) {
	if s == nil {
		return 0, 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reused, len(s.now)
}

// Save writes this build's quotes over the store's file when they differ
// from what was read (a text matched anew, or one no longer asked for),
// and returns whether it wrote.
func (s *QuoteStore) Save() (wrote bool, err error) {
	if s == nil {
		return false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.changed && len(s.now) == len(s.old) {
		return false, nil
	}
	sums := make([][sha256.Size]byte, 0, len(s.now))
	for sum := range s.now {
		sums = append(sums, sum)
	}
	// In digest order, so the file is the same for the same texts.
	slices.SortFunc(sums, func(a, b [sha256.Size]byte) int { return slices.Compare(a[:], b[:]) })
	b := bincache.AppendBytes(bincache.Header(quoteStoreMagic, s.gen), s.index[:])
	b = bincache.AppendUvarint(b, uint64(len(sums)))
	for _, sum := range sums {
		b = append(b, sum[:]...)
		ids := s.now[sum]
		b = bincache.AppendUvarint(b, uint64(len(ids)))
		for _, id := range ids {
			b = bincache.AppendString(b, id)
		}
	}
	if err := bincache.WriteFile(s.file, b); err != nil {
		return false, err
	}
	return true, nil
}
