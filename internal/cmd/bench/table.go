package main

import (
	"fmt"
	"io"
)

var stageOrder = []string{"read", "extract", "model", "emit", "render", "search", "check", "publish"}

// printTable writes the figures as a Markdown table (pasted into
// docs/benchmarks.md). Stage times, gen build and floor are medians over
// the runs; build / floor is the median of each run's own ratio.
func printTable(w io.Writer, rows []Measurement) {
	fmt.Fprint(w, "| N notes | runs |")
	for _, s := range stageOrder {
		fmt.Fprintf(w, " %s ms |", s)
	}
	fmt.Fprintln(w, " gen build ms | floor (Hugo + Pagefind) ms | build / floor | build ms per note | peak RSS MB | rerun rewrites | 1 note changed rewrites |")
	fmt.Fprint(w, "|---:|---:|")
	for range stageOrder {
		fmt.Fprint(w, "---:|")
	}
	fmt.Fprintln(w, "---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rows {
		fmt.Fprintf(w, "| %d | %d |", r.N, r.Runs)
		for _, s := range stageOrder {
			fmt.Fprintf(w, " %.0f |", r.Stages[s])
		}
		fmt.Fprintf(w, " %.0f | %.0f (%.0f + %.0f) | %.2f | %.2f | %.0f | %d | %d |\n",
			r.Build, r.Floor, r.FloorHugo, r.FloorPagefind, r.Ratio, r.Build/float64(r.N), float64(r.PeakRSS)/(1<<20), r.RerunWritten, r.OneChangeWritten)
	}
}
