package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/nvfuser-handbook/handbook/generator/publish"
)

func notify(c chan os.Signal) { signal.Notify(c, os.Interrupt, syscall.SIGTERM) }

// exitProcess ends the process after an interrupt (a variable so tests can
// watch it happen instead).
var exitProcess = os.Exit

// syncWriter serialises writes from the build and the interrupt handler.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// stopCleanly makes Ctrl-C (SIGINT) and SIGTERM during a build stop it
// cleanly: publish.Abort waits for a swap in progress, removes this run's
// staging folders and blocks further writes into them, so the published
// site stays as it was. The process then exits with 130, as a shell
// reports an interrupted command. The returned func uninstalls the handler.
func stopCleanly(stderr io.Writer) (release func()) {
	sig := make(chan os.Signal, 1)
	notify(sig)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sig:
			fmt.Fprintf(stderr, "gen: %v: stopping; the published site stays as it was and the staging folder is removed\n", s)
			publish.Abort()
			exitProcess(130)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sig)
		close(done)
	}
}
