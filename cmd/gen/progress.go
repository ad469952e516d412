package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/pipeline"
)

// slowStage is how long a stage runs before gen says what it is doing.
const slowStage = 3 * time.Second

// progress prints each stage as it finishes, and what a stage is doing
// once it has run for slowStage (a first-time install at once), so a long
// build never sits silent.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	timer *time.Timer
	after time.Duration
}

func newProgress(w io.Writer) *progress { return &progress{w: w, after: slowStage} }

func (p *progress) Start(stage, doing string, now bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.timer != nil {
		p.timer.Stop()
	}
	line := fmt.Sprintf("%-8s %8s  %s ...\n", stage, "", doing)
	if now {
		fmt.Fprint(p.w, line)
		p.timer = nil
		return
	}
	p.timer = time.AfterFunc(p.after, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		fmt.Fprint(p.w, line)
	})
}

func (p *progress) Done(st pipeline.Stage) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.timer != nil {
		p.timer.Stop()
		p.timer = nil
	}
	fmt.Fprintln(p.w, stageLine(st))
}

func stageLine(st pipeline.Stage) string {
	return fmt.Sprintf("%-8s %8s  %s", st.Name, st.Took.Round(time.Millisecond), st.Detail)
}
