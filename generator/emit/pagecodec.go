package emit

import (
	"crypto/sha256"
	"slices"

	"github.com/nvfuser-handbook/handbook/generator/internal/bincache"
)

// The page cache's file (generator/internal/bincache): its header, the
// number of pages, then each page's fields in order.
const pagesMagic = "nvfuser-handbook pages 1\n"

func encodePages(gen string, pages map[string]cachedPage) []byte {
	rels := make([]string, 0, len(pages))
	size := len(pagesMagic) + len(gen) + 16
	for rel, p := range pages {
		rels = append(rels, rel)
		t := p.Twin
		size += len(rel) + len(p.Data) + len(p.SearchFile) + len(p.SearchDoc) + 200 +
			len(t.Path) + len(t.Title) + len(t.Link) + len(t.Kind) + len(t.Status) + len(t.Body) + len(t.Facts) + len(t.Key)
	}
	slices.Sort(rels) // the same pages, the same file
	b := make([]byte, 0, size)
	b = append(b, bincache.Header(pagesMagic, gen)...)
	b = bincache.AppendUvarint(b, uint64(len(rels)))
	for _, rel := range rels {
		p := pages[rel]
		b = bincache.AppendString(b, rel)
		b = append(b, p.Key[:]...)
		b = bincache.AppendBytes(b, p.Data)
		if p.HasTwin {
			b = append(b, 1)
			t := p.Twin
			for _, s := range []string{t.Path, t.Title, t.Link, t.Kind, t.Status, t.Body, t.Facts} {
				b = bincache.AppendString(b, s)
			}
			b = bincache.AppendVarint(b, t.Weight)
			b = bincache.AppendBytes(b, t.Key)
		} else {
			b = append(b, 0)
		}
		b = bincache.AppendString(b, p.SearchFile)
		b = bincache.AppendBytes(b, p.SearchDoc)
	}
	return b
}

// decodePages reads a file encodePages wrote for the binary gen; the
// pages' bytes are slices of data.
func decodePages(data []byte, gen string) (map[string]cachedPage, error) {
	d, err := bincache.NewDecoder(data, pagesMagic, gen)
	if err != nil {
		return nil, err
	}
	n := d.Count(sha256.Size) // each page holds at least its key
	pages := make(map[string]cachedPage, n)
	for range n {
		rel := d.String()
		var p cachedPage
		copy(p.Key[:], d.Take(sha256.Size))
		p.Data = d.Bytes()
		switch twin := d.Take(1); {
		case twin == nil:
		case twin[0] == 1:
			p.HasTwin = true
			t := &p.Twin
			for _, s := range []*string{&t.Path, &t.Title, &t.Link, &t.Kind, &t.Status, &t.Body, &t.Facts} {
				*s = d.String()
			}
			t.Weight = d.Varint()
			t.Key = d.Bytes()
		case twin[0] != 0:
			d.Err = bincache.ErrDamaged
		}
		p.SearchFile = d.String()
		p.SearchDoc = d.Bytes()
		if d.Err != nil {
			return nil, d.Err
		}
		pages[rel] = p
	}
	if err := d.End(); err != nil {
		return nil, err
	}
	return pages, nil
}
