package emit_test

import (
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/internal/corpus"
)

// BenchmarkEmit emits the model of 500 synthetic notes into a fresh folder
// each iteration (the cost of a first build's emit stage).
func BenchmarkEmit(b *testing.B) {
	dir := b.TempDir()
	if err := corpus.Write(dir, 500, 60); err != nil {
		b.Fatal(err)
	}
	s := &config.Settings{Source: filepath.Join(dir, "fuser"), Notes: []string{filepath.Join(dir, "notes")}, BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}
	r := &pipeline.Result{}
	if err := pipeline.Model(s, r); err != nil {
		b.Fatal(err)
	}
	site := emit.Site{BaseURL: s.BaseURL, RepoURL: s.RepoURL, RepoRef: s.RepoRef}
	for b.Loop() {
		if err := emit.Emit(r.Handbook, site, emit.NewWriter(b.TempDir())); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkModel reads and extracts 500 synthetic notes and the option
// tables: the read, extract and model stages.
func BenchmarkModel(b *testing.B) {
	dir := b.TempDir()
	if err := corpus.Write(dir, 500, 60); err != nil {
		b.Fatal(err)
	}
	s := &config.Settings{Source: filepath.Join(dir, "fuser"), Notes: []string{filepath.Join(dir, "notes")}}
	for b.Loop() {
		if err := pipeline.Model(s, &pipeline.Result{}); err != nil {
			b.Fatal(err)
		}
	}
}
