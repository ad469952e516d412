package notes

import (
	"fmt"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/corpus"
)

// BenchmarkParse parses synthetic notes of every style in turn.
func BenchmarkParse(b *testing.B) {
	const styles = 6
	var docs [][]byte
	size := 0
	for i := 0; i < styles; i++ {
		d := []byte(corpus.Note(i, 60))
		docs = append(docs, d)
		size += len(d)
	}
	b.SetBytes(int64(size / styles))
	i := 0
	for b.Loop() {
		if _, err := Parse(fmt.Sprintf("n%d.md", i%styles), docs[i%styles], Options{}); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
