package preview

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/internal/fsutil"
)

// A saved doc of the checkout is a checkout change (its guide is read
// again), unless the docs are not read.
func TestWatchDocs(t *testing.T) {
	dir := t.TempDir()
	fuser := filepath.Join(dir, "Fuser")
	if err := fsutil.WriteFiles(fuser, map[string]string{"doc/dev/tma.md": "# TMA\n", "csrc/options.cpp": ""}); err != nil {
		t.Fatal(err)
	}
	doc := filepath.Join(fuser, "doc", "dev", "tma.md")
	for _, docs := range []string{config.DocsAuto, config.DocsOff} {
		s := &config.Settings{ConfigFile: filepath.Join(dir, "config.toml"), ProjectDir: dir, Source: fuser,
			Docs: docs, DocsInclude: config.DefaultDocsInclude, DocsExclude: config.DefaultDocsExclude}
		w, err := newWatcher(s, 50*time.Millisecond, 0)
		if err != nil {
			t.Fatal(err)
		}
		c := w.classify([]fsnotify.Event{{Name: doc, Op: fsnotify.Write}})
		w.close()
		if want := docs != config.DocsOff; c.checkout != want {
			t.Errorf("docs = %s: a saved doc is a checkout change: %v, want %v", docs, c.checkout, want)
		}
	}
}

// A saved explanation (explanations/<id>.md) is read again with the
// checkout's facts; a file beside the folder is not one.
func TestWatchExplanations(t *testing.T) {
	dir := t.TempDir()
	xs := filepath.Join(dir, "explanations")
	if err := fsutil.WriteFiles(dir, map[string]string{"explanations/validate-vectorize.md": "# Why\n", "other.txt": ""}); err != nil {
		t.Fatal(err)
	}
	s := &config.Settings{ConfigFile: filepath.Join(dir, "config.toml"), ProjectDir: dir, Explanations: xs}
	w, err := newWatcher(s, 50*time.Millisecond, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	for _, c := range []struct {
		name string
		want bool
	}{
		{filepath.Join(xs, "validate-vectorize.md"), true},
		{filepath.Join(xs, "new-check.md"), true},
		{filepath.Join(dir, "other.txt"), false},
	} {
		if got := w.classify([]fsnotify.Event{{Name: c.name, Op: fsnotify.Write}}).checkout; got != c.want {
			t.Errorf("%s: a checkout change: %v, want %v", c.name, got, c.want)
		}
	}
}
