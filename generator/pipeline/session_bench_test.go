package pipeline_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/internal/corpus"
)

// BenchmarkSessionNoteEdit is gen serve's work after one note of 2,000 is
// saved, but Hugo's: read, parse that note, model, emit pages, then the
// JSON API.
func BenchmarkSessionNoteEdit(b *testing.B) {
	dir := b.TempDir()
	if err := corpus.Write(dir, 2000, 60); err != nil {
		b.Fatal(err)
	}
	s := &config.Settings{ProjectDir: filepath.Join(dir, "project"), Source: filepath.Join(dir, "fuser"), Notes: []string{filepath.Join(dir, "notes")},
		BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}
	ss := pipeline.NewSession(s)
	if _, err := ss.Update(false); err != nil {
		b.Fatal(err)
	}
	if _, _, err := ss.Finish(); err != nil {
		b.Fatal(err)
	}
	note := filepath.Join(dir, "notes", "01002-report.md")
	data, err := os.ReadFile(note)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		i++
		editNote(b, ss, note, data, i)
	}
}

// editNote saves the note with a line added (the i-th edit) and runs the
// session's update and finish, as gen serve does on a save: the stages'
// figures, for benchmarks that report them.
func editNote(b *testing.B, ss *pipeline.Session, note string, data []byte, i int) []pipeline.Stage {
	if err := os.WriteFile(note, fmt.Appendf(append([]byte(nil), data...), "\nEdit %d.\n", i), 0o644); err != nil {
		b.Fatal(err)
	}
	r, err := ss.Update(true)
	if err != nil {
		b.Fatal(err)
	}
	if len(r.Changed) == 0 {
		b.Fatal("an edit changed no generated file")
	}
	st, _, err := ss.Finish()
	if err != nil {
		b.Fatal(err)
	}
	return append(r.Stages, st)
}
