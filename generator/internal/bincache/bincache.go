// Package bincache is the encoding of gen's own caches under
// generated/cache that are read on every build (the check pages, the
// lookup features): a header naming the cache and the gen binary that
// wrote it, then fields in order, each string and byte slice as its
// length (uvarint) and bytes. Reading one is slicing the file: gob took
// as long to decode the real handbook's check pages as making them did.
//
// A cache is gen's own file, but still read defensively: every length is
// checked against what is left, so a damaged file costs no more than its
// size and reads as an error, which callers take as no cache.
package bincache

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
)

// ErrDamaged is what a file that does not decode reads as.
var ErrDamaged = errors.New("cache file damaged")

// Header starts a cache file: magic names the cache and its format, gen
// the binary that wrote it (its Go build ID).
func Header(magic, gen string) []byte {
	return AppendString([]byte(magic), gen)
}

// AppendString appends s, its length first.
func AppendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// AppendBytes appends s, its length first.
func AppendBytes(b, s []byte) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// AppendUvarint and AppendVarint append a number.
func AppendUvarint(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }
func AppendVarint(b []byte, v int64) []byte   { return binary.AppendVarint(b, v) }

// Decoder reads the fields of a cache file; the first damage sticks (Err)
// and every read after it returns zero values.
type Decoder struct {
	b   []byte
	Err error
}

// NewDecoder reads data, which must start with Header(magic, gen): a file
// of another cache, format or binary is an error, not a cache.
func NewDecoder(data []byte, magic, gen string) (*Decoder, error) {
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		return nil, errors.New("cache file of another format")
	}
	d := &Decoder{b: data[len(magic):]}
	if d.String() != gen || d.Err != nil {
		return nil, errors.New("cache file written by another gen")
	}
	return d, nil
}

// Count reads a number of items each at least min bytes long: a count
// the rest of the file cannot hold is damage, not a reason to allocate.
func (d *Decoder) Count(min int) int {
	n := d.Uvarint()
	if d.Err == nil && n > uint64(len(d.b)/max(min, 1)) {
		d.Err = ErrDamaged
	}
	if d.Err != nil {
		return 0
	}
	return int(n)
}

// Take reads n bytes, a slice of the file.
func (d *Decoder) Take(n uint64) []byte {
	if d.Err != nil {
		return nil
	}
	if n > uint64(len(d.b)) {
		d.Err = ErrDamaged
		return nil
	}
	out := d.b[:n:n]
	d.b = d.b[n:]
	return out
}

// Uvarint and Varint read a number.
func (d *Decoder) Uvarint() uint64 { return number(d, binary.Uvarint) }
func (d *Decoder) Varint() int64   { return number(d, binary.Varint) }

func number[T uint64 | int64](d *Decoder, read func([]byte) (T, int)) T {
	if d.Err != nil {
		return 0
	}
	v, n := read(d.b)
	if n <= 0 {
		d.Err = ErrDamaged
		return 0
	}
	d.b = d.b[n:]
	return v
}

// Bytes reads a byte slice (nil when empty), a slice of the file.
func (d *Decoder) Bytes() []byte {
	b := d.Take(d.Uvarint())
	if len(b) == 0 {
		return nil
	}
	return b
}

func (d *Decoder) String() string { return string(d.Take(d.Uvarint())) }

// End is the decoder's error, or ErrDamaged when bytes are left over.
func (d *Decoder) End() error {
	if d.Err == nil && len(d.b) != 0 {
		d.Err = ErrDamaged
	}
	return d.Err
}

// WriteFile writes data over the cache file at path through a temporary
// file beside it, so that an interrupted write leaves the old cache or
// none, never half of one.
func WriteFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
