package main

import (
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/nvfuser-handbook/handbook/internal/corpus"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestInterruptKeepsSiteAndLeavesNoStaging: SIGINT while a build renders
// stops it with status 130; the published site is byte-identical and no
// staging folder remains, then or a moment later (nothing recreates it).
func TestInterruptKeepsSiteAndLeavesNoStaging(t *testing.T) {
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")
	// Enough notes keep the build rendering for seconds, so that the
	// signal lands before the publish even on a loaded CI machine (with the
	// embedded example's two notes the whole render could finish first;
	// with 300, once builds got faster, it did once in a dozen loaded runs).
	dir := t.TempDir()
	if err := corpus.Write(dir, 1000, 20); err != nil {
		t.Fatal(err)
	}
	args := []string{"--config", cfg, "--source", filepath.Join(dir, "fuser"), "--notes", filepath.Join(dir, "notes")}
	if code, o, e := gen(t, "", args...); code != 0 {
		t.Fatalf("first build: exit %d\n%s\n%s", code, o, e)
	}
	out := filepath.Join(proj, "public")
	before := testsite.Tree(t, out)

	// The test keeps SIGINT from ending the test binary whatever gen does.
	guard := make(chan os.Signal, 4)
	signal.Notify(guard, os.Interrupt)
	defer signal.Stop(guard)
	exited := make(chan int, 1)
	exitProcess = func(code int) { exited <- code; runtime.Goexit() }
	defer func() { exitProcess = os.Exit }()

	sent := make(chan bool, 1)
	go func() {
		deadline := time.Now().Add(time.Minute)
		for time.Now().Before(deadline) {
			if m, _ := filepath.Glob(filepath.Join(proj, ".public.new-*", "site")); len(m) > 0 {
				_ = syscall.Kill(os.Getpid(), syscall.SIGINT)
				sent <- true
				return
			}
			time.Sleep(time.Millisecond)
		}
		sent <- false
	}()
	code, _, stderr := gen(t, "", args...)
	if !<-sent {
		t.Fatal("never saw a staging folder to interrupt")
	}
	select {
	case c := <-exited:
		if c != 130 {
			t.Errorf("exit status %d after SIGINT, want 130", c)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("no exit after SIGINT (build returned %d: %s)", code, stderr)
	}
	for i := 0; i < 2; i++ {
		if left, _ := filepath.Glob(filepath.Join(proj, ".public.*")); len(left) > 0 {
			t.Errorf("staging left after SIGINT: %v", left)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if changed := testsite.Diff(before, testsite.Tree(t, out)); len(changed) > 0 {
		t.Errorf("the published site changed after SIGINT: %v", changed)
	}
}
