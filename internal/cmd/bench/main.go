// Command bench times every stage of gen on synthetic corpora and compares
// it with the floor: plain Hugo rendering the same notes with a bare layout,
// plus Pagefind on that output. Each size runs in its own process so its
// peak memory (VmHWM) is its own.
//
//	go run ./internal/cmd/bench                  # N = 100, 1000, 10000
//	go run ./internal/cmd/bench -n 100,2000 -m 60
//	go run ./internal/cmd/bench -n 2000 -runs 5
//	go run ./internal/cmd/bench -n 2000 -cpuprofile /tmp/gen.prof   # then go tool pprof /tmp/gen.prof.2000.0
//
// Figures are kept in docs/benchmarks.md.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

func main() {
	sizes := flag.String("n", "100,1000,10000", "note counts, comma-separated")
	options := flag.Int("m", 60, "options per family")
	one := flag.Int("one", 0, "internal: measure one size in this process and print JSON")
	runs := flag.Int("runs", 3, "runs per size; the table shows medians")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of each gen build (to FILE.N.RUN) for go tool pprof")
	flag.Parse()
	if *one > 0 {
		m, err := measure(*one, *options, max(*runs, 1), *cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		_ = json.NewEncoder(os.Stdout).Encode(m)
		return
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	var rows []Measurement
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench: bad -n:", s)
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "measuring N=%d ...\n", n)
		out, err := exec.Command(exe, "-one", strconv.Itoa(n), "-m", strconv.Itoa(*options), "-runs", strconv.Itoa(*runs), "-cpuprofile", *cpuProfile).Output()
		if err != nil {
			if ee, ok := err.(*exec.ExitError); ok {
				os.Stderr.Write(ee.Stderr)
			}
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		var m Measurement
		if err := json.Unmarshal(out, &m); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		rows = append(rows, m)
	}
	printTable(os.Stdout, rows)
}
