// Package syncbuf is a text buffer one goroutine may write while another
// reads it: a server's output, watched by a test or a benchmark.
package syncbuf

import (
	"strings"
	"sync"
)

// Buffer is a strings.Builder behind a lock. The zero value is ready.
type Buffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String is everything written so far.
func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
