package main

import (
	"fmt"
	"io"
)

var stageOrder = []string{"read", "extract", "model", "emit", "render", "search", "check", "publish"}

// printTable writes the figures as a Markdown table (pasted into
// docs/benchmarks.md).
func printTable(w io.Writer, rows []Measurement) {
	fmt.Fprint(w, "| N notes |")
	for _, s := range stageOrder {
		fmt.Fprintf(w, " %s ms |", s)
	}
	fmt.Fprintln(w, " gen build ms | floor (Hugo + Pagefind) ms | build / floor | build ms per note | peak RSS MB | rerun rewrites | 1 note changed rewrites |")
	fmt.Fprint(w, "|---:|")
	for range stageOrder {
		fmt.Fprint(w, "---:|")
	}
	fmt.Fprintln(w, "---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rows {
		fmt.Fprintf(w, "| %d |", r.N)
		for _, s := range stageOrder {
			fmt.Fprintf(w, " %.0f |", r.Stages[s])
		}
		floor := r.FloorHugo + r.FloorPagefind
		// gen build is every stage but check, which only gen check adds.
		build := 0.0
		for name, ms := range r.Stages {
			if name != "check" {
				build += ms
			}
		}
		fmt.Fprintf(w, " %.0f | %.0f (%.0f + %.0f) | %.2f | %.2f | %.0f | %d | %d |\n",
			build, floor, r.FloorHugo, r.FloorPagefind, build/floor, build/float64(r.N), float64(r.PeakRSS)/(1<<20), r.RerunWritten, r.OneChangeWritten)
	}
}
