package assemble

import (
	"crypto/sha256"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// quotesOf is a stand-in for matching a text against the checks: the
// words of the text that start with "C" are the checks it quotes.
func quotesOf(calls *int) func(string) []string {
	return func(text string) []string {
		*calls++
		var ids []string
		for _, w := range strings.Fields(text) {
			if strings.HasPrefix(w, "C") {
				ids = append(ids, w)
			}
		}
		return ids
	}
}

func TestQuoteStore(t *testing.T) {
	index := sha256.Sum256([]byte("the checks"))
	texts := []string{"a note quoting C1 and C2", "a note quoting nothing", "C3"}
	for _, tc := range []struct {
		name    string
		next    []string
		index   [sha256.Size]byte
		gen     string
		damage  bool
		matched int // texts matched anew
		wrote   bool
	}{
		{name: "same texts, same index: nothing matched, nothing written", next: texts},
		{name: "a text changed", next: []string{texts[0], texts[1], "C3 and C4"}, matched: 1, wrote: true},
		{name: "a text no longer asked for", next: texts[:2], wrote: true},
		{name: "the checks changed", next: texts, index: sha256.Sum256([]byte("other checks")), matched: 3, wrote: true},
		{name: "another gen binary", next: texts, gen: "other", matched: 3, wrote: true},
		{name: "a damaged file", next: texts, damage: true, matched: 3, wrote: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "quotes.bin")
			first, calls := openQuotes(file, "g", index), 0
			for _, text := range texts {
				first.quotes(text, quotesOf(&calls))
			}
			if wrote, err := first.Save(); err != nil || !wrote {
				t.Fatalf("first save: wrote %v, %v", wrote, err)
			}
			if tc.damage {
				data, _ := os.ReadFile(file)
				if err := os.WriteFile(file, data[:len(data)-3], 0o644); err != nil {
					t.Fatal(err)
				}
			}
			idx, gen := index, "g"
			if tc.index != ([sha256.Size]byte{}) {
				idx = tc.index
			}
			if tc.gen != "" {
				gen = tc.gen
			}
			// Whatever came from the store is what matching gives now.
			s, matched := openQuotes(file, gen, idx), 0
			for _, text := range tc.next {
				got := s.quotes(text, quotesOf(&matched))
				if want := quotesOf(new(int))(text); !slices.Equal(got, want) {
					t.Errorf("%q quotes %v, want %v", text, got, want)
				}
			}
			if matched != tc.matched {
				t.Errorf("matched %d texts anew, want %d", matched, tc.matched)
			}
			if reused, of := s.Reused(); reused != len(tc.next)-tc.matched || of != len(tc.next) {
				t.Errorf("reused %d of %d, want %d of %d", reused, of, len(tc.next)-tc.matched, len(tc.next))
			}
			if wrote, err := s.Save(); err != nil || wrote != tc.wrote {
				t.Errorf("Save wrote %v (%v), want %v", wrote, err, tc.wrote)
			}
		})
	}
}

// FuzzStoresDecode: a damaged or crafted cache file of either store is an
// error or a store, never a panic.
func FuzzStoresDecode(f *testing.F) {
	index := sha256.Sum256([]byte("the checks"))
	dir := f.TempDir()
	q := openQuotes(filepath.Join(dir, "quotes.bin"), "g", index)
	q.quotes("C1 and C2", quotesOf(new(int)))
	if _, err := q.Save(); err != nil {
		f.Fatal(err)
	}
	parseAll(f, OpenParseStore(filepath.Join(dir, "notes.bin"), "g"), storeNotes, newStoreModel(), notes.Preset{})
	for _, name := range []string{"quotes.bin", "notes.bin"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _, _ = decodeQuotes(data, "g")
		_, _ = decodeParses(data, "g")
	})
}

// openQuotes opens the store in file for the index with digest index, as
// a build does (OpenQuoteStore, then forIndex when matching).
func openQuotes(file, gen string, index [sha256.Size]byte) *QuoteStore {
	s := OpenQuoteStore(file, gen)
	s.forIndex(index)
	return s
}
