package mdconf

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkUnderscoreRuns parses and renders notes made of "_a" runs,
// the input GFM's linkify (off in the dialect) took quadratic time on:
// ns/op should double with the size. Figures are in docs/markdown.md.
//
//	go test ./generator/internal/mdconf -run X -bench UnderscoreRuns
func BenchmarkUnderscoreRuns(b *testing.B) {
	for _, kb := range []int{100, 200, 400} {
		src := []byte("# Runs\n\n" + strings.Repeat("_a", kb*1024/2) + "\n")
		b.Run(fmt.Sprintf("%dKB", kb), func(b *testing.B) {
			md := New()
			var out bytes.Buffer
			for b.Loop() {
				out.Reset()
				if err := md.Convert(src, &out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
