// Package buildid reads the Go build ID of the running gen binary: a
// digest the Go toolchain derives from everything linked into it (code,
// embedded templates, dependencies), so two binaries with the same ID
// make the same pages from the same facts. gen's build cache is keyed on
// it. Hashing the 80 MB binary instead took a quarter of a second.
package buildid

import (
	"bytes"
	"debug/elf"
	"errors"
	"io"
	"os"
	"sync"
)

// Self is the build ID of the running binary, or an error when it has
// none gen can read (the caller then keeps no cache). Read once: every
// cache of a build asks for it.
var Self = sync.OnceValues(func() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	return Of(exe)
})

// Of is the Go build ID of the executable at path. On ELF (Linux) it is
// the .note.go.buildid note; elsewhere the toolchain writes it as
// `\xff Go build ID: "…"\n \xff` near the start of the text, which the
// first megabyte of the file holds.
func Of(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if ef, err := elf.NewFile(f); err == nil {
		if s := ef.Section(".note.go.buildid"); s != nil {
			data, err := s.Data()
			if err != nil {
				return "", err
			}
			return noteDesc(data)
		}
		return "", errors.New("buildid: no .note.go.buildid section")
	}
	head := make([]byte, 1<<20)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return "", err
	}
	return marked(head[:n])
}

// noteDesc is the description of the Go note in an ELF note section:
// namesz, descsz and type as 4-byte little-endian words, the name "Go"
// padded to 4 bytes, then the ID.
func noteDesc(data []byte) (string, error) {
	if len(data) < 16 {
		return "", errors.New("buildid: short note")
	}
	le := func(b []byte) int { return int(b[0]) | int(b[1])<<8 | int(b[2])<<16 | int(b[3])<<24 }
	namesz, descsz := le(data[0:]), le(data[4:])
	off := 12 + (namesz+3)&^3
	if namesz != 4 || !bytes.Equal(data[12:15], []byte("Go\x00")) || descsz <= 0 || off+descsz > len(data) {
		return "", errors.New("buildid: not a Go build ID note")
	}
	return string(data[off : off+descsz]), nil
}

var (
	prefix = []byte("\xff Go build ID: \"")
	suffix = []byte("\"\n \xff")
)

// marked is the build ID between the toolchain's markers in data.
func marked(data []byte) (string, error) {
	i := bytes.Index(data, prefix)
	if i < 0 {
		return "", errors.New("buildid: none found")
	}
	rest := data[i+len(prefix):]
	j := bytes.Index(rest, suffix)
	if j <= 0 || j > 1024 {
		return "", errors.New("buildid: malformed")
	}
	return string(rest[:j]), nil
}
