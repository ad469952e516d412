// Command livetime times Hugo's part of a gen serve edit alone: it renders
// an already generated site (a project's generated/ folder, as gen build
// or gen serve left it) into memory once, then appends a line to one
// generated page again and again and times each partial rebuild, as gen
// serve's Live does after emit.
//
//	go run ./internal/cmd/livetime -page guides/first-look-at-a-failing-fusion.md -edits 5
//
// -cpuprofile profiles the rebuilds only. -project runs it on a copy of
// the project whose layouts or config.toml were changed by hand: the way
// to try a template change against Hugo's rebuild before making it.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/site"
)

func main() {
	project := flag.String("project", ".", "the project folder (config.toml, layouts/)")
	generated := flag.String("generated", "generated", "the generated folder gen wrote")
	page := flag.String("page", "", "the generated page to edit, below generated/content/")
	edits := flag.Int("edits", 5, "edits")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the rebuilds here")
	flag.Parse()
	if err := run(*project, *generated, *page, *edits, *cpuprofile); err != nil {
		fmt.Fprintln(os.Stderr, "livetime:", err)
		os.Exit(1)
	}
}

func run(project, generated, page string, edits int, cpuprofile string) error {
	out, err := os.MkdirTemp("", "livetime-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(out)
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	opt := site.Options{ProjectDir: abs(project), ConfigFile: filepath.Join(abs(project), "config.toml"),
		GeneratedDir: abs(generated), OutDir: out, Log: os.Stderr}
	t := time.Now()
	live, _, err := site.NewLive(opt, "http://127.0.0.1:1/")
	if err != nil {
		return err
	}
	defer live.Close()
	fmt.Printf("first render: %s\n", time.Since(t).Round(time.Millisecond))
	file := filepath.Join(abs(generated), "content", filepath.FromSlash(page))
	orig, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	defer os.WriteFile(file, orig, 0o644)
	if cpuprofile != "" {
		f, err := os.Create(cpuprofile)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer func() { pprof.StopCPUProfile(); f.Close() }()
	}
	var took []time.Duration
	for i := 0; i < edits; i++ {
		data := fmt.Appendf(append([]byte(nil), orig...), "\n\nEdit %d.\n", i)
		if err := os.WriteFile(file, data, 0o644); err != nil {
			return err
		}
		t := time.Now()
		written, err := live.Rebuild([]site.Change{{Path: file}})
		if err != nil {
			return err
		}
		took = append(took, time.Since(t))
		fmt.Printf("edit %d: %s, %d file(s) written\n", i, time.Since(t).Round(time.Millisecond), len(written))
	}
	sort.Slice(took, func(a, b int) bool { return took[a] < took[b] })
	fmt.Printf("median: %s\n", took[len(took)/2].Round(time.Millisecond))
	return nil
}
