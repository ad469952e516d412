package notes

import (
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/golden"
)

// TestGoldenFacts keeps the facts extracted from every fixture note in
// testdata/golden/<note>.json, so a change in extraction is a diff to
// review: `go test ./generator/notes -update` rewrites them. Body is left
// out (it is the note itself); every extracted fact is in.
func TestGoldenFacts(t *testing.T) {
	for _, dir := range []struct{ notes, golden string }{
		{"testdata", filepath.Join("testdata", "golden")},
		{filepath.Join("..", "example", "fuser", "notes"), filepath.Join("testdata", "golden", "example")},
	} {
		opt := fakeOptions()
		if dir.notes != "testdata" {
			opt = exampleOptions(filepath.Join("..", "example", "fuser"))
		}
		golden.Dir(t, dir.notes, "*.md", dir.golden, func(t *testing.T, path string, data []byte) any {
			n, err := Parse(filepath.ToSlash(path), data, opt)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, n, data)
			n.Body = ""
			return n
		})
	}
}
