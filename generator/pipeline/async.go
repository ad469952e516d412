package pipeline

import "sync"

// async runs f on its own goroutine and returns what waits for its
// result: the first call blocks until f is done, every call returns the
// same value. A build reads the history and its caches beside the
// extraction, and writes the JSON API and the caches beside the render,
// this way; a deferred call makes sure no return leaves one running.
func async[T any](f func() T) func() T {
	done := make(chan T, 1)
	go func() { done <- f() }()
	return sync.OnceValue(func() T { return <-done })
}
