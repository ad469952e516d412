// Package parsed reads note files as the notes parser does, for tests
// that index the corpus (the lookup's and the error corpus's). It is apart
// from notecorpus because the parser's own tests read notecorpus.
package parsed

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// Notes parses each file with default options, failing tb on any error.
func Notes(tb testing.TB, files []string) []*model.Note {
	tb.Helper()
	var ns []*model.Note
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		n, err := notes.Parse(filepath.Base(f), data, notes.Options{})
		if err != nil {
			tb.Fatal(err)
		}
		ns = append(ns, n)
	}
	return ns
}
