package site

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/gohugoio/hugo/hugolib"
)

// TestLiveRebuildWatchdog: a partial rebuild or a visit whose Hugo build
// never returns fails with errRenderTimeout instead of holding the lock
// for ever (gen serve would freeze), and the next rebuild starts a fresh
// site that renders the change.
func TestLiveRebuildWatchdog(t *testing.T) {
	realBuild, realTimeout := hugoBuild, renderTimeout
	t.Cleanup(func() { hugoBuild, renderTimeout = realBuild, realTimeout })

	for _, step := range []string{"rebuild", "visit"} {
		t.Run(step, func(t *testing.T) {
			hugoBuild, renderTimeout = realBuild, realTimeout
			dir, gen := project(t)
			out := filepath.Join(t.TempDir(), "out")
			live, _, err := NewLive(Options{ProjectDir: dir, GeneratedDir: gen, OutDir: out}, "http://127.0.0.1:1/")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(live.Close)
			page := filepath.Join(gen, "content", "gen", "page.md")
			edit := func(body string) {
				writeFiles(t, gen, map[string]string{"content/gen/page.md": "+++\ntitle = \"generated\"\n+++\n" + body + "\n"})
			}
			if step == "visit" {
				// A visit renders only after a rebuild made pages stale.
				edit("first edit")
				if _, err := live.Rebuild([]Change{{Path: page}}); err != nil {
					t.Fatal(err)
				}
			}

			hang := make(chan struct{})
			t.Cleanup(func() { close(hang) })
			hugoBuild = func(s *hugolib.HugoSites, cfg hugolib.BuildCfg, events ...fsnotify.Event) error {
				<-hang
				return nil
			}
			renderTimeout = 100 * time.Millisecond
			done := make(chan error, 1)
			go func() {
				if step == "rebuild" {
					edit("hung edit")
					_, err := live.Rebuild([]Change{{Path: page}})
					done <- err
				} else {
					done <- live.Visit("/hand/")
				}
			}()
			select {
			case err := <-done:
				if !errors.Is(err, errRenderTimeout) {
					t.Fatalf("%s of a hung build: err = %v, want errRenderTimeout", step, err)
				}
			case <-time.After(30 * time.Second):
				t.Fatalf("%s of a hung build did not return", step)
			}

			// The lock is free and the next change renders on a fresh site.
			hugoBuild, renderTimeout = realBuild, realTimeout
			edit("after the hang")
			if _, err := live.Rebuild([]Change{{Path: page}}); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(out, "gen", "page", "index.html"))
			if err != nil || !strings.Contains(string(b), "after the hang") {
				t.Errorf("page after the hang: %v %q", err, b)
			}
		})
	}
}
