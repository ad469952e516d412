package main

import (
	"fmt"
	"io"
	"strings"
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
	fmt.Fprintln(w, " gen build ms | floor pages | floor (Hugo + Pagefind) ms | build / floor | CPU s: build / floor (ratio) | build ms per note | peak RSS MB | rerun rewrites | 1 note changed rewrites |")
	fmt.Fprint(w, "|---:|---:|")
	for range stageOrder {
		fmt.Fprint(w, "---:|")
	}
	fmt.Fprintln(w, "---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range rows {
		fmt.Fprintf(w, "| %d | %d |", r.N, r.Runs)
		for _, s := range stageOrder {
			fmt.Fprintf(w, " %.0f |", r.Stages[s])
		}
		fmt.Fprintf(w, " %.0f | %d | %.0f (%.0f + %.0f) | %.2f | %.1f / %.1f (%.2f) | %.2f | %.0f | %d | %d |\n",
			r.Build, r.FloorPages, r.Floor, r.FloorHugo, r.FloorPagefind, r.Ratio, r.BuildCPU, r.FloorCPU, r.CPURatio, r.Build/float64(r.N), float64(r.PeakRSS)/(1<<20), r.RerunWritten, r.OneChangeWritten)
	}
}

// printServeTable writes the live-preview figures as a Markdown table.
func printServeTable(w io.Writer, rows []ServeMeasurement) {
	fmt.Fprintln(w, "| N notes | edits | gen serve: save to served, median ms (all) | hugo server: same, median ms (all) | gen / hugo | gen serve stages, median ms | start: gen serve / hugo server ms |")
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---|---:|")
	for _, r := range rows {
		var st []string
		for _, name := range []string{"read", "extract", "model", "emit", "render"} {
			if v, ok := r.GenStageMedian[name]; ok {
				st = append(st, fmt.Sprintf("%s %.0f", name, v))
			}
		}
		fmt.Fprintf(w, "| %d | %d | %.0f (%s) | %.0f (%s) | %.2f | %s | %.0f / %.0f |\n",
			r.N, r.Edits, r.GenMedian, list(r.Gen), r.HugoMedian, list(r.Hugo), r.Ratio, strings.Join(st, ", "), r.GenStart, r.HugoStart)
	}
}

func list(v []float64) string {
	var s []string
	for _, x := range v {
		s = append(s, fmt.Sprintf("%.0f", x))
	}
	return strings.Join(s, ", ")
}
