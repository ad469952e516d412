package lookup

import (
	"crypto/sha256"
	"encoding/binary"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/rank"
)

// pastMemo is what WithPast added to an index, kept for the next index
// built from the same checks and history (gen serve after a note edit,
// which changes neither): resolving every past line of every check was
// the largest part of a note edit's JSON API.
type pastMemo struct {
	key     [sha256.Size]byte
	added   []rank.Entry // the removed checks' entries, appended
	past    []string     // each entry's Past, in order, the added ones too
	since   []string     // and its Since
	checked int          // how many entries WithPast was given (len(idx.Checks))
}

// pastKey digests what WithPast's result depends on: each entry's id and
// file (which today's checks decide) and the history's spots and removed
// checks.
func pastKey(entries []rank.Entry, spots []model.PastSpot, removed []model.RemovedCheck) [sha256.Size]byte {
	h := sha256.New()
	var n [8]byte
	str := func(s string) {
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	num := func(i int) {
		binary.LittleEndian.PutUint64(n[:], uint64(i))
		h.Write(n[:])
	}
	num(len(entries))
	for _, e := range entries {
		str(e.ID)
		str(e.File)
		str(e.Fn)
		str(e.Since)
	}
	num(len(spots))
	for _, s := range spots {
		str(s.File)
		num(s.Line)
		str(s.Check)
		str(s.From)
		str(s.To)
		flags := 0
		if s.Removed {
			flags |= 1
		}
		if s.Current {
			flags |= 2
		}
		num(flags)
	}
	num(len(removed))
	for _, r := range removed {
		str(r.ID)
		str(r.Function)
		str(r.Where.File)
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// recallPast applies the kept result to entries, if it was kept under
// key for as many entries.
func (m *Memo) recallPast(key [sha256.Size]byte, entries []rank.Entry) ([]rank.Entry, bool) {
	if m == nil {
		return entries, false
	}
	m.mu.Lock()
	p := m.past
	m.mu.Unlock()
	if p == nil || p.key != key || p.checked != len(entries) {
		return entries, false
	}
	entries = append(entries, p.added...)
	for i := range entries {
		entries[i].Past, entries[i].Since = p.past[i], p.since[i]
	}
	return entries, true
}

// keepPast remembers WithPast's result: entries as it left them, of
// which the first checked were there before.
func (m *Memo) keepPast(key [sha256.Size]byte, entries []rank.Entry, checked int) {
	if m == nil {
		return
	}
	p := &pastMemo{key: key, checked: checked, added: append([]rank.Entry(nil), entries[checked:]...),
		past: make([]string, len(entries)), since: make([]string, len(entries))}
	for i, e := range entries {
		p.past[i], p.since[i] = e.Past, e.Since
	}
	m.mu.Lock()
	m.past = p
	m.mu.Unlock()
}
