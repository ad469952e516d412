// Command bench times every stage of gen on synthetic corpora and compares
// it with the floor: plain Hugo rendering the same notes with a bare layout,
// plus Pagefind on that output. Each size runs in its own process so its
// peak memory (VmHWM) is its own.
//
//	go run ./internal/cmd/bench                  # N = 100, 1000, 10000
//	go run ./internal/cmd/bench -n 100,2000 -m 60
//	go run ./internal/cmd/bench -n 2000 -runs 5
//	go run ./internal/cmd/bench -n 2000 -cpuprofile /tmp/gen.prof   # then go tool pprof /tmp/gen.prof.2000.0
//	go run ./internal/cmd/bench -serve -n 2000,10000 -hugo /tmp/hugo-bin/hugo   # live preview: save to served
//	go run ./internal/cmd/bench -source ../Fuser -notes notes,../shared/seeds/*.txt -runs 3 -warm  # the real handbook against its same-words floor, history cache warm
//	go run ./internal/cmd/bench -serve -source ../Fuser -notes notes,../shared/seeds/*.txt -cache generated/cache -hugo /tmp/hugo-bin/hugo  # a note edit, gen serve against hugo server on that floor
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
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of each gen build (to FILE.N.RUN) for go tool pprof; with -serve, of gen serve's edits (FILE.N.serve)")
	serve := flag.Bool("serve", false, "measure live preview instead: save a note, time until its page is served, gen serve against hugo server")
	edits := flag.Int("edits", 7, "with -serve: edits per server; the table shows medians")
	hugoFlag := flag.String("hugo", "", "with -serve: the hugo command to compare with (default: hugo on PATH)")
	source := flag.String("source", "", "with -notes: measure this nvFuser checkout and notes folder (the real handbook) instead of a synthetic corpus; -n is ignored")
	notesDir := flag.String("notes", "", "with -source: the notes, as gen's --notes (folders or globs), comma-separated")
	warm := flag.Bool("warm", false, "start every timed build with the cache of an untimed first build (git history, freshness, check pages, lookup features), as the publishing workflow restores it")
	seedCache := flag.String("cache", "", "with -warm: a generated/cache folder the untimed first build starts from (a cache from an earlier run: no cold walk of the git history)")
	flag.Parse()
	var real *realInputs
	if *source != "" || *notesDir != "" {
		if *source == "" || *notesDir == "" {
			fmt.Fprintln(os.Stderr, "bench: -source and -notes go together")
			os.Exit(2)
		}
		real = &realInputs{source: *source, notes: strings.Split(*notesDir, ","), cache: *seedCache}
		if *one == 0 {
			*sizes = "1" // one measurement, in a child process as the others
		}
	}
	if *serve && *one > 0 {
		bin, err := findHugo(*hugoFlag)
		if err == nil {
			var m *ServeMeasurement
			if m, err = measureServe(*one, *options, *edits, bin, real, *cpuProfile); err == nil {
				_ = json.NewEncoder(os.Stdout).Encode(m)
				return
			}
		}
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	if *one > 0 {
		m, err := measure(*one, *options, max(*runs, 1), *cpuProfile, real, *warm)
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
	if *serve {
		if _, err := findHugo(*hugoFlag); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
	}
	var rows []Measurement
	var serveRows []ServeMeasurement
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench: bad -n:", s)
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "measuring N=%d ...\n", n)
		args := []string{"-one", strconv.Itoa(n), "-m", strconv.Itoa(*options), "-runs", strconv.Itoa(*runs), "-cpuprofile", *cpuProfile}
		if *serve {
			args = append(args, "-serve", "-edits", strconv.Itoa(*edits), "-hugo", *hugoFlag)
		}
		if real != nil {
			args = append(args, "-source", real.source, "-notes", strings.Join(real.notes, ","), "-cache", real.cache)
		}
		if *warm {
			args = append(args, "-warm")
		}
		cmd := exec.Command(exe, args...)
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		if *serve {
			var m ServeMeasurement
			if err := json.Unmarshal(out, &m); err != nil {
				fmt.Fprintln(os.Stderr, "bench:", err)
				os.Exit(1)
			}
			serveRows = append(serveRows, m)
			continue
		}
		var m Measurement
		if err := json.Unmarshal(out, &m); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		rows = append(rows, m)
	}
	if *serve {
		printServeTable(os.Stdout, serveRows)
		return
	}
	printTable(os.Stdout, rows)
}
