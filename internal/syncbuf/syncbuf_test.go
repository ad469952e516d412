package syncbuf

import (
	"strings"
	"sync"
	"testing"
)

// TestConcurrentWrites: writes from many goroutines all land, whole, while
// another goroutine reads (go test -race checks the locking).
func TestConcurrentWrites(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				_, _ = b.Write([]byte("line\n"))
				_ = b.String()
			}
		}()
	}
	wg.Wait()
	if got := strings.Count(b.String(), "line\n"); got != 800 {
		t.Errorf("%d lines, want 800", got)
	}
}
