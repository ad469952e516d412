package lookup

import (
	"os"
	"testing"
)

func BenchmarkFeatures(b *testing.B) {
	text, err := os.ReadFile("testdata/errors/uaf.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Features(string(text))
	}
}

func BenchmarkRank(b *testing.B) {
	idx := fixtureIndex(b)
	text, err := os.ReadFile("testdata/errors/smem.txt")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		idx.Rank(string(text))
	}
}
