package lookup

import (
	"slices"

	"github.com/nvfuser-handbook/handbook/generator/internal/bincache"
)

// A build keeps the checks' features (textFeatures) between processes,
// as gen serve keeps them between saves: they are a regexp pass over each
// of thousands of checks' error output, 0.8 CPU-s on the real handbook,
// and a pure function of that text, which changes for the few checks a
// day of nvFuser's commits touches. The file (generated/cache,
// generator/internal/bincache) holds the texts of the last index and
// their features; the gen binary that wrote it is in its header, so a
// change to Features is a new binary and an empty memo.
const textsMagic = "nvfuser-handbook lookup features 1\n"

// MarshalTexts encodes the memo's check texts and features for the
// binary gen.
func (m *Memo) MarshalTexts(gen string) []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	texts := make([]string, 0, len(m.texts))
	for t := range m.texts {
		texts = append(texts, t)
	}
	slices.Sort(texts) // the same memo, the same file
	b := bincache.AppendUvarint(bincache.Header(textsMagic, gen), uint64(len(texts)))
	for _, t := range texts {
		b = bincache.AppendString(b, t)
		fs := m.texts[t]
		b = bincache.AppendUvarint(b, uint64(len(fs)))
		for _, f := range fs {
			b = bincache.AppendString(b, f)
		}
	}
	return b
}

// UnmarshalTexts sets the memo's check texts and features from data,
// written by MarshalTexts for the binary gen; on an error the memo is
// left as it was.
func (m *Memo) UnmarshalTexts(data []byte, gen string) error {
	d, err := bincache.NewDecoder(data, textsMagic, gen)
	if err != nil {
		return err
	}
	n := d.Count(2) // a text and its number of features, a byte each at least
	texts := make(map[string][]string, n)
	for range n {
		t := d.String()
		fs := make([]string, d.Count(1))
		for i := range fs {
			fs[i] = d.String()
		}
		if d.Err != nil {
			return d.Err
		}
		texts[t] = fs
	}
	if err := d.End(); err != nil {
		return err
	}
	m.mu.Lock()
	m.texts = texts
	m.mu.Unlock()
	return nil
}
