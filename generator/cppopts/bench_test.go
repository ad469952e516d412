package cppopts

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/corpus"
)

// corpusFiles writes a synthetic options.h/options.cpp with m options per
// family and returns their bytes.
func corpusFiles(b *testing.B, m int) (h, cpp []byte) {
	dir := b.TempDir()
	if err := corpus.Write(dir, 0, m); err != nil {
		b.Fatal(err)
	}
	h, _ = os.ReadFile(filepath.Join(dir, "fuser/csrc/options.h"))
	cpp, _ = os.ReadFile(filepath.Join(dir, "fuser/csrc/options.cpp"))
	return h, cpp
}

func BenchmarkParseTables(b *testing.B) {
	_, cpp := corpusFiles(b, 200)
	b.SetBytes(int64(len(cpp)))
	for b.Loop() {
		if _, err := ParseTables("options.cpp", cpp); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseHeader(b *testing.B) {
	h, _ := corpusFiles(b, 200)
	b.SetBytes(int64(len(h)))
	for b.Loop() {
		if _, err := ParseHeader("options.h", h); err != nil {
			b.Fatal(err)
		}
	}
}
