package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/preview"
	"github.com/nvfuser-handbook/handbook/internal/corpus"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestServeReloadsTheBrowser: a runbook open in Chromium under gen serve
// shows a saved edit by itself, through Hugo's livereload: nobody presses
// reload.
func TestServeReloadsTheBrowser(t *testing.T) {
	ctx := newTab(t)
	proj := testsite.New(t)
	dir := t.TempDir()
	if err := corpus.Write(dir, 6, 6); err != nil {
		t.Fatal(err)
	}
	s, err := config.Load(filepath.Join(proj, "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	s.Source, s.Notes = filepath.Join(dir, "fuser"), []string{filepath.Join(dir, "notes")}
	ready := make(chan string, 1)
	stop := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- preview.Run(preview.Options{Settings: s, Addr: "127.0.0.1:0", Ready: func(u string) { ready <- u }}, stop)
	}()
	t.Cleanup(func() {
		close(stop)
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	var url string
	select {
	case url = <-ready:
	case err := <-done:
		t.Fatalf("gen serve: %v", err)
	case <-time.After(2 * time.Minute):
		t.Fatal("gen serve did not start")
	}

	do(t, ctx, "open the runbook", chromedp.Navigate(url+"runbooks/00000-report/"))
	waitFor(t, ctx, `document.querySelector("h1") !== null`, 30*time.Second, `document.title`)
	// The livereload script connects; a variable set now is gone only if
	// the page really reloads.
	eval[any](t, ctx, `window.beforeTheEdit = true`)
	waitFor(t, ctx, `typeof window.LiveReload === "object"`, 30*time.Second, `"no LiveReload object: " + [...document.scripts].map(s => s.src).join(" ")`)
	time.Sleep(300 * time.Millisecond) // the websocket handshake

	note := filepath.Join(dir, "notes", "00000-report.md")
	f, err := os.OpenFile(note, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\nSeen again on a machine with eleven GPUs.\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	waitFor(t, ctx, `window.beforeTheEdit === undefined && document.body.innerText.includes("eleven GPUs")`, 60*time.Second,
		`"reloaded: " + (window.beforeTheEdit === undefined) + "; text: " + document.body.innerText.slice(0, 400)`)
}
