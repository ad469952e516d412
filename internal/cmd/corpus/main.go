// Command corpus writes the benchmarks' synthetic corpus (internal/corpus)
// to a folder, to profile or time one size by hand:
//
//	go run ./internal/cmd/corpus -n 2000 /dev/shm/c2k
//	go run ./cmd/gen build --source /dev/shm/c2k/fuser --notes /dev/shm/c2k/notes --template-metrics
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/nvfuser-handbook/handbook/internal/corpus"
)

func main() {
	n := flag.Int("n", 2000, "notes")
	m := flag.Int("m", 60, "options per family")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: corpus [-n N] [-m M] DIR")
		os.Exit(2)
	}
	if err := corpus.Write(flag.Arg(0), *n, *m); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
