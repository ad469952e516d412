package emit

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"slices"
)

// The page cache's file: a header (pagesMagic, then the build ID of the
// gen that wrote it), the number of pages, then each page's fields in
// order, every string and byte slice as its length (uvarint) and bytes.
// A plain sequence rather than gob: the real handbook's 85 MB took gob
// 0.3 s to decode and 0.35 s to encode, most of what the cache saved;
// reading this one is slicing the file.
const pagesMagic = "nvfuser-handbook pages 1\n"

func encodePages(gen string, pages map[string]cachedPage) []byte {
	rels := make([]string, 0, len(pages))
	size := len(pagesMagic) + len(gen) + 16
	for rel, p := range pages {
		rels = append(rels, rel)
		size += len(rel) + len(p.Data) + len(p.SearchFile) + len(p.SearchDoc) + 64 + 13*binary.MaxVarintLen64
		t := p.Twin
		size += len(t.Path) + len(t.Title) + len(t.Link) + len(t.Kind) + len(t.Status) + len(t.Body) + len(t.Facts) + len(t.Key)
	}
	slices.Sort(rels) // the same pages, the same file
	b := make([]byte, 0, size)
	b = append(b, pagesMagic...)
	b = appendString(b, gen)
	b = binary.AppendUvarint(b, uint64(len(rels)))
	for _, rel := range rels {
		p := pages[rel]
		b = appendString(b, rel)
		b = append(b, p.Key[:]...)
		b = appendBytes(b, p.Data)
		if p.HasTwin {
			b = append(b, 1)
			t := p.Twin
			for _, s := range []string{t.Path, t.Title, t.Link, t.Kind, t.Status, t.Body, t.Facts} {
				b = appendString(b, s)
			}
			b = binary.AppendVarint(b, t.Weight)
			b = appendBytes(b, t.Key)
		} else {
			b = append(b, 0)
		}
		b = appendString(b, p.SearchFile)
		b = appendBytes(b, p.SearchDoc)
	}
	return b
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

func appendBytes(b, s []byte) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

var errDamaged = errors.New("page cache: damaged")

// decodePages reads a file encodePages wrote for the binary gen. Every
// length is checked against what is left of the file, so a damaged file
// costs no more than its size; the pages' bytes are slices of data.
func decodePages(data []byte, gen string) (map[string]cachedPage, error) {
	d := pageDecoder{b: data}
	if !d.prefix(pagesMagic) {
		return nil, errors.New("page cache: another format")
	}
	if d.string() != gen || d.err != nil {
		return nil, errors.New("page cache: made by another gen")
	}
	n := d.uvarint()
	// Each page takes at least its key's bytes: a count past that is
	// damage, not a reason to allocate.
	if d.err != nil || n > uint64(len(d.b)/sha256.Size) {
		return nil, errDamaged
	}
	pages := make(map[string]cachedPage, n)
	for range n {
		rel := d.string()
		var p cachedPage
		copy(p.Key[:], d.take(sha256.Size))
		p.Data = d.bytes()
		switch twin := d.take(1); {
		case twin == nil:
		case twin[0] == 1:
			p.HasTwin = true
			t := &p.Twin
			for _, s := range []*string{&t.Path, &t.Title, &t.Link, &t.Kind, &t.Status, &t.Body, &t.Facts} {
				*s = d.string()
			}
			t.Weight = d.varint()
			t.Key = d.bytes()
		case twin[0] != 0:
			d.err = errDamaged
		}
		p.SearchFile = d.string()
		p.SearchDoc = d.bytes()
		if d.err != nil {
			return nil, d.err
		}
		pages[rel] = p
	}
	if len(d.b) != 0 {
		return nil, errDamaged
	}
	return pages, nil
}

// pageDecoder reads the fields of a page cache's file; the first damage
// sticks (err), and every read after it returns zero values.
type pageDecoder struct {
	b   []byte
	err error
}

func (d *pageDecoder) prefix(p string) bool {
	if len(d.b) < len(p) || string(d.b[:len(p)]) != p {
		return false
	}
	d.b = d.b[len(p):]
	return true
}

func (d *pageDecoder) take(n uint64) []byte {
	if d.err != nil {
		return nil
	}
	if n > uint64(len(d.b)) {
		d.err = errDamaged
		return nil
	}
	out := d.b[:n:n]
	d.b = d.b[n:]
	return out
}

func (d *pageDecoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errDamaged
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *pageDecoder) varint() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.err = errDamaged
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *pageDecoder) bytes() []byte {
	b := d.take(d.uvarint())
	if len(b) == 0 {
		return nil
	}
	return b
}

func (d *pageDecoder) string() string { return string(d.take(d.uvarint())) }
