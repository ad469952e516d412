package pipeline

import (
	"sync/atomic"
	"testing"
)

// async runs f once, on its own goroutine, and every wait returns its
// one result.
func TestAsync(t *testing.T) {
	var runs atomic.Int32
	release := make(chan struct{})
	wait := async(func() int {
		<-release // still running when async has returned
		return int(runs.Add(1))
	})
	close(release)
	if a, b := wait(), wait(); a != 1 || b != 1 || runs.Load() != 1 {
		t.Errorf("waits returned %d and %d after %d runs; want 1, 1, 1", a, b, runs.Load())
	}
}
