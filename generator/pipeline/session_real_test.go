package pipeline_test

import (
	"os"
	"path/filepath"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/internal/project"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// BenchmarkSessionNoteEditReal is BenchmarkSessionNoteEdit on the real
// handbook (HANDBOOK_FUSER, the project's notes and ../shared's seeds):
// one note saved, then read, model, emit and the JSON API, Hugo's render
// aside. HANDBOOK_CACHE names a warm history cache (a worktree's
// generated/cache) to start from; without it the first Update walks the
// whole git history.
func BenchmarkSessionNoteEditReal(b *testing.B) {
	fuser := testsite.Fuser(b)
	wd, err := os.Getwd()
	if err != nil {
		b.Fatal(err)
	}
	root, err := project.Root(wd)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	notes := filepath.Join(dir, "notes")
	if err := os.CopyFS(notes, os.DirFS(filepath.Join(root, "notes"))); err != nil {
		b.Fatal(err)
	}
	s, err := config.Load(filepath.Join(root, "config.toml"))
	if err != nil {
		b.Fatal(err)
	}
	s.ProjectDir = dir
	s.Source, s.Notes = fuser, []string{notes}
	if seeds, _ := filepath.Glob(filepath.Join(root, "..", "shared", "seeds", "*.txt")); len(seeds) > 0 {
		s.Notes = append(s.Notes, filepath.Join(root, "..", "shared", "seeds", "*.txt"))
	}
	if c := os.Getenv("HANDBOOK_CACHE"); c != "" {
		if err := os.CopyFS(filepath.Join(s.GeneratedDir(), "cache"), os.DirFS(c)); err != nil {
			b.Fatal(err)
		}
	}
	ss := pipeline.NewSession(s)
	if _, err := ss.Update(false); err != nil {
		b.Fatal(err)
	}
	if _, _, err := ss.Finish(); err != nil {
		b.Fatal(err)
	}
	entries, err := filepath.Glob(filepath.Join(notes, "*.md"))
	if err != nil || len(entries) == 0 {
		b.Fatalf("no note under %s: %v", notes, err)
	}
	note := entries[0]
	data, err := os.ReadFile(note)
	if err != nil {
		b.Fatal(err)
	}
	// HANDBOOK_EDIT_PROFILE: a CPU profile of the edits alone, setup aside.
	if f := os.Getenv("HANDBOOK_EDIT_PROFILE"); f != "" {
		out, err := os.Create(f)
		if err != nil {
			b.Fatal(err)
		}
		if err := pprof.StartCPUProfile(out); err != nil {
			b.Fatal(err)
		}
		defer func() { pprof.StopCPUProfile(); out.Close() }()
	}
	took := map[string]time.Duration{}
	i := 0
	for b.Loop() {
		i++
		for _, x := range editNote(b, ss, note, data, i) {
			took[x.Name] += x.Took
		}
	}
	// Each stage's mean over the edits, and the process's CPU per edit.
	for _, name := range []string{"read", "model", "emit", "api"} {
		b.Logf("%-6s %7.0f ms per edit", name, float64(took[name].Milliseconds())/float64(i))
	}
}
