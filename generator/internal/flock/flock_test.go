package flock

import (
	"path/filepath"
	"testing"
	"time"
)

// A second Lock on the same file waits until the first is released.
func TestLockExcludes(t *testing.T) {
	file := filepath.Join(t.TempDir(), "sub", ".lock") // the folder is created
	unlock, err := Lock(file)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan func())
	go func() {
		u, err := Lock(file)
		if err != nil {
			t.Error(err)
		}
		got <- u
	}()
	select {
	case <-got:
		t.Fatal("second Lock returned while the first was held")
	case <-time.After(200 * time.Millisecond):
	}
	unlock()
	select {
	case u := <-got:
		if u != nil {
			u()
		}
	case <-time.After(10 * time.Second):
		t.Fatal("second Lock still waiting after the first was released")
	}
}
