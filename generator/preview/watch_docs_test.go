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
