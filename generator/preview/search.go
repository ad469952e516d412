package preview

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/search"
)

// indexer refreshes the served site's search index in the background,
// after the pages are already served: Pagefind takes seconds on a large
// handbook, and a note author wants the page first. Requests arriving
// while it runs are folded into one more run.
type indexer struct {
	project, dir string
	opt          Options
	mu           sync.Mutex
	running      bool
	again        bool
	done         sync.WaitGroup
}

func newIndexer(project, dir string, opt Options) *indexer {
	return &indexer{project: project, dir: dir, opt: opt}
}

// refresh asks for a new index; it returns at once.
func (x *indexer) refresh() {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.running {
		x.again = true
		return
	}
	x.running = true
	x.done.Add(1)
	go x.loop()
}

func (x *indexer) loop() {
	defer x.done.Done()
	for {
		x.index()
		x.mu.Lock()
		if !x.again {
			x.running = false
			x.mu.Unlock()
			return
		}
		x.again = false
		x.mu.Unlock()
	}
}

// index runs Pagefind on the served folder's search documents into a
// folder beside it, then swaps that in, so a search never meets half an
// index.
func (x *indexer) index() {
	t := time.Now()
	if !search.Installed(x.project) {
		fmt.Fprintln(x.opt.Out, "installing Pagefind with npm ci for the search index (first run only; it needs the npm registry) ...")
	}
	bin, err := search.Pagefind(x.project)
	if err != nil {
		fmt.Fprintf(x.opt.Errors, "gen serve: search: %v\n", err)
		return
	}
	next := x.dir + ".search"
	_ = os.RemoveAll(next)
	defer os.RemoveAll(next)
	docs := filepath.Join(x.dir, search.DocsDir)
	if _, err := os.Stat(docs); err != nil {
		return
	}
	if _, err := search.Index(bin, next, docs); err != nil {
		fmt.Fprintf(x.opt.Errors, "gen serve: %v\n", err)
		return
	}
	live := filepath.Join(x.dir, "pagefind")
	old := live + ".old"
	_ = os.RemoveAll(old)
	_ = os.Rename(live, old)
	if err := os.Rename(filepath.Join(next, "pagefind"), live); err != nil {
		fmt.Fprintf(x.opt.Errors, "gen serve: search: %v\n", err)
		return
	}
	_ = os.RemoveAll(old)
	fmt.Fprintf(x.opt.Out, "search index refreshed in the background in %s\n", time.Since(t).Round(time.Millisecond))
}

// stop waits for a run in progress.
func (x *indexer) stop() {
	x.mu.Lock()
	x.again = false
	x.mu.Unlock()
	x.done.Wait()
}
