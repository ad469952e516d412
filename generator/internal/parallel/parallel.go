// Package parallel runs independent work items on every CPU. The stages
// that handle one note at a time (parsing, writing its page) use it: notes
// do not depend on each other, and a handbook may hold thousands.
package parallel

import (
	"runtime"
	"sync"
)

// For calls f(i) for every i in [0, n), on up to GOMAXPROCS goroutines,
// and returns when all calls have. f must be safe to run concurrently;
// results go into slots indexed by i, so the caller's order is kept.
func For(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
