package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/nvfuser-handbook/handbook/generator/publish"
)

func notify(c chan os.Signal) { signal.Notify(c, os.Interrupt, syscall.SIGTERM) }

// exitProcess ends the process after an interrupt (a variable so tests can
// watch it happen instead).
var exitProcess = os.Exit

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
			publish.Abort()
			fmt.Fprintf(stderr, "gen: %v: stopped; the published site is unchanged and no staging folder remains\n", s)
			exitProcess(130)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sig)
		close(done)
	}
}
