// Command modeltime runs gen's read, extract and model stages (no files
// written) and prints each stage's time: the model stage alone, which a
// whole build's render and search would drown on a loaded machine.
//
//	go run ./internal/cmd/modeltime -source ../Fuser -notes notes -notes '../shared/seeds/*.txt' -runs 3
//
// The settings are config.toml's (-config), as gen build reads them: the
// checkout's docs are read as guides, and the history cache is the
// project folder's generated/cache.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
)

type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(s string) error { *l = append(*l, s); return nil }

func main() {
	var notes list
	source := flag.String("source", "", "nvFuser checkout")
	cfg := flag.String("config", "config.toml", "the project's config.toml")
	runs := flag.Int("runs", 1, "runs, one after the other")
	flag.Var(&notes, "notes", "notes folder or glob (repeatable)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the runs here")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	for i := 0; i < *runs; i++ {
		r := &pipeline.Result{}
		s, err := config.Load(*cfg)
		if err == nil {
			s.Source, s.Notes = *source, notes
			err = pipeline.Model(s, r)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			pprof.StopCPUProfile()
			os.Exit(1)
		}
		var parts []string
		for _, st := range r.Stages {
			parts = append(parts, fmt.Sprintf("%s %.2fs", st.Name, st.Took.Seconds()))
		}
		fmt.Printf("run %d: %s (%d notes, %d checks)\n", i+1, strings.Join(parts, ", "), len(r.Handbook.Notes), len(r.Handbook.Checks))
	}
}
