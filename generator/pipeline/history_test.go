package pipeline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// plainCopy exports the checkout's HEAD without .git: the same files, no
// history.
func plainCopy(tb testing.TB, repo string) string {
	tb.Helper()
	dir := tb.TempDir()
	archive := exec.Command("git", "-C", repo, "archive", "HEAD", "csrc", "python", "tools", "CMakeLists.txt")
	untar := exec.Command("tar", "-x", "-C", dir)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	untar.Stdin = pipe
	if err := untar.Start(); err != nil {
		tb.Fatal(err)
	}
	if err := archive.Run(); err != nil {
		tb.Fatal(err)
	}
	if err := untar.Wait(); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// A git checkout gets its history; the same files without .git build as
// before, with no trace of it.
func TestHistoryOnlyFromGit(t *testing.T) {
	fuser := testsite.FuserHistory(t)
	for _, c := range []struct {
		name    string
		source  string
		history bool
	}{{"git checkout", fuser, true}, {"plain copy", plainCopy(t, fuser), false}} {
		t.Run(c.name, func(t *testing.T) {
			r := &pipeline.Result{}
			if err := pipeline.Model(&config.Settings{Source: c.source, ProjectDir: t.TempDir()}, r); err != nil {
				t.Fatal(err)
			}
			h := r.Handbook
			if h.HasHistory != c.history || (len(h.Changes) > 0) != c.history {
				t.Fatalf("HasHistory %v with %d changes, want %v", h.HasHistory, len(h.Changes), c.history)
			}
			o := h.Option("NVFUSER_DUMP", "debug_info")
			switch {
			case c.history && (o == nil || !o.Removed() || o.History.ReplacedBy[0] != "NVFUSER_ENABLE=kernel_lineinfo"):
				t.Errorf("debug_info: %+v", o)
			case !c.history && o != nil:
				t.Errorf("a plain copy knows the removed option debug_info")
			}
			for _, opt := range h.Options {
				if (opt.History != nil) != c.history {
					t.Errorf("%s: history %v", opt.Key(), opt.History)
				}
			}
		})
	}
}

// BenchmarkModelFuser measures read + extract + model on a Fuser clone side
// by side: a plain copy (no history), the first run over the whole history
// (empty cache) and a rerun (cache warm). docs/benchmarks.md records it.
func BenchmarkModelFuser(b *testing.B) {
	fuser := testsite.FuserHistory(b)
	plain := plainCopy(b, fuser)
	for _, c := range []struct {
		name   string
		source string
		fresh  bool
	}{{"plain", plain, false}, {"history-first", fuser, true}, {"history-rerun", fuser, false}} {
		b.Run(c.name, func(b *testing.B) {
			proj := b.TempDir()
			s := &config.Settings{Source: c.source, ProjectDir: proj}
			if err := pipeline.Model(s, &pipeline.Result{}); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if c.fresh {
					b.StopTimer()
					os.RemoveAll(filepath.Join(proj, "generated"))
					b.StartTimer()
				}
				if err := pipeline.Model(s, &pipeline.Result{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
