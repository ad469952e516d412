package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/generator/search"
	"github.com/nvfuser-handbook/handbook/generator/site"
	"github.com/nvfuser-handbook/handbook/internal/corpus"
	"github.com/nvfuser-handbook/handbook/internal/project"
)

// Measurement is one size's figures, in milliseconds and bytes: the
// median of Runs runs, gen and floor alternating so that a slow spell on
// the machine slows both.
type Measurement struct {
	N, Options, Runs int
	Stages           map[string]float64 // gen's stages
	Build            float64            // gen build: every stage but check
	FloorPages       int                // pages the floor renders: every page gen renders from Markdown
	FloorHugo        float64            // bare Hugo on the same pages
	FloorPagefind    float64
	Floor            float64 // FloorHugo + FloorPagefind, median of the sums
	Ratio            float64 // median of the runs' build / floor
	// CPU seconds (user + system, this process and its children: Pagefind)
	// of gen build and of the floor, medians, and the median of the runs'
	// ratios: on a shared machine another job's load stretches wall
	// times by whole seconds, CPU time much less.
	BuildCPU, FloorCPU, CPURatio float64
	PeakRSS                      int64 // VmHWM of this process
	RerunWritten                 int   // generated files rewritten by an unchanged rerun
	OneChangeWritten             int   // ... after one note changed
}

func measure(n, m, runs int, cpuProfile string, real *realInputs, warm bool) (*Measurement, error) {
	var c *benchCorpus
	var err error
	if real != nil {
		c, err = realCorpus(real)
	} else {
		c, err = newCorpus(n, m)
	}
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(c.tmp)
	root, tmp, notes := c.root, c.tmp, c.notes
	n = len(notes)
	// The floor renders the pages gen rendered (written after the first
	// build, from its generated content).
	floorDir := filepath.Join(tmp, "site-floor")
	pf, err := search.Pagefind(root)
	if err != nil {
		return nil, err
	}

	res := &Measurement{N: n, Options: m, Runs: runs, Stages: map[string]float64{}}
	stages := map[string][]float64{}
	var builds, hugos, pagefinds, floors, ratios []float64
	var buildCPUs, floorCPUs, cpuRatios []float64
	var s *config.Settings
	// A warm cache (-warm): a first build, untimed, whose generated/cache
	// (the git history walk, freshness verdicts, check pages, lookup
	// features) every timed run starts with, as the publishing workflow
	// restores it.
	var warmCache string
	if warm {
		proj := filepath.Join(tmp, "project-warm")
		if err := project.Copy(root, proj); err != nil {
			return nil, err
		}
		ws, err := config.Load(filepath.Join(proj, "config.toml"))
		if err != nil {
			return nil, err
		}
		ws.Source, ws.Notes = c.source, c.noteArgs
		if real != nil && real.cache != "" {
			if err := os.CopyFS(filepath.Join(ws.GeneratedDir(), "cache"), os.DirFS(real.cache)); err != nil {
				return nil, err
			}
		}
		if _, err := pipeline.Build(ws, pipeline.Hooks{}, io.Discard); err != nil {
			return nil, err
		}
		warmCache = filepath.Join(ws.GeneratedDir(), "cache")
	}
	for run := 0; run < runs; run++ {
		// Each run starts from nothing, as a fresh clone in CI does.
		proj := filepath.Join(tmp, fmt.Sprintf("project-%d", run))
		if err := project.Copy(root, proj); err != nil {
			return nil, err
		}
		if s, err = config.Load(filepath.Join(proj, "config.toml")); err != nil {
			return nil, err
		}
		s.Source, s.Notes = c.source, c.noteArgs
		if warmCache != "" {
			if err := os.CopyFS(filepath.Join(s.GeneratedDir(), "cache"), os.DirFS(warmCache)); err != nil {
				return nil, err
			}
		}
		// The same hooks as `gen check`: search index, then links and URLs.
		// The check's CPU time is taken out of gen build's, as its stage
		// time is.
		var checkCPU float64
		check := pipeline.Check(s, pipeline.CheckOptions{})
		timedCheck := func(staged string, r *pipeline.Result) (pipeline.Stage, error) {
			c0 := cpuSeconds()
			st, err := check(staged, r)
			checkCPU += cpuSeconds() - c0
			return st, err
		}
		hooks := pipeline.Hooks{Search: proj, AfterRender: []pipeline.Hook{timedCheck}}
		stop, err := startProfile(cpuProfile, n, run)
		if err != nil {
			return nil, err
		}
		cpu0 := cpuSeconds()
		r, err := pipeline.Build(s, hooks, io.Discard)
		buildCPU := cpuSeconds() - cpu0 - checkCPU
		stop()
		if err != nil {
			return nil, err
		}
		build := 0.0
		for _, st := range r.Stages {
			stages[st.Name] = append(stages[st.Name], ms(st.Took))
			if st.Name != "check" {
				build += ms(st.Took)
			}
		}
		if run == 0 {
			if res.FloorPages, err = writeSiteFloor(floorDir, filepath.Join(s.GeneratedDir(), "content")); err != nil {
				return nil, err
			}
		}
		cpu0 = cpuSeconds()
		hugo, pagefind, err := floor(floorDir, filepath.Join(tmp, fmt.Sprintf("floor-out-%d", run)), pf)
		if err != nil {
			return nil, err
		}
		floorCPU := cpuSeconds() - cpu0
		buildCPUs, floorCPUs = append(buildCPUs, buildCPU), append(floorCPUs, floorCPU)
		cpuRatios = append(cpuRatios, buildCPU/floorCPU)
		builds, hugos, pagefinds = append(builds, build), append(hugos, hugo), append(pagefinds, pagefind)
		floors, ratios = append(floors, hugo+pagefind), append(ratios, build/(hugo+pagefind))
		if run < runs-1 {
			os.RemoveAll(proj) // keep the disk as full as a single run leaves it
			os.RemoveAll(filepath.Join(tmp, fmt.Sprintf("floor-out-%d", run)))
		}
	}
	for name, v := range stages {
		res.Stages[name] = median(v)
	}
	res.Build, res.FloorHugo, res.FloorPagefind = median(builds), median(hugos), median(pagefinds)
	res.Floor, res.Ratio = median(floors), median(ratios)
	res.BuildCPU, res.FloorCPU, res.CPURatio = median(buildCPUs), median(floorCPUs), median(cpuRatios)

	// Rerun: nothing changed, nothing should be rewritten.
	r2, err := pipeline.Build(s, pipeline.Hooks{}, io.Discard)
	if err != nil {
		return nil, err
	}
	res.RerunWritten = r2.Written
	// One note changed: only what depends on it is rewritten (synthetic
	// notes only: real ones are not ours to edit).
	if len(notes) > 0 && real == nil {
		f, _ := os.OpenFile(notes[len(notes)/2], os.O_APPEND|os.O_WRONLY, 0)
		fmt.Fprintln(f, "\nOne more observation.")
		f.Close()
		r3, err := pipeline.Build(s, pipeline.Hooks{}, io.Discard)
		if err != nil {
			return nil, err
		}
		res.OneChangeWritten = r3.Written
	}
	res.PeakRSS = peakRSS()
	return res, nil
}

// benchCorpus is a synthetic corpus on disk (see internal/corpus) and the
// floor project over the same notes.
type benchCorpus struct {
	root     string   // the repository
	tmp      string   // holds fuser/, notes/ and floor/; the caller removes it
	notes    []string // the note files
	floor    string   // the floor's Hugo project of the notes alone (live preview)
	source   string   // the checkout gen reads
	noteArgs []string // gen's --notes
}

// realInputs are a real checkout and notes folder to measure instead of
// the synthetic corpus (-source, -notes).
type realInputs struct {
	source string
	notes  []string // gen's --notes: folders or globs
	cache  string   // -cache: a history cache to start the warm build from
}

// realCorpus measures gen on real inputs, read where they are.
func realCorpus(r *realInputs) (*benchCorpus, error) {
	root, tmp, err := benchDirs()
	if err != nil {
		return nil, err
	}
	src, _ := filepath.Abs(r.source)
	c := &benchCorpus{root: root, tmp: tmp, source: src}
	for _, arg := range r.notes {
		notes, _ := filepath.Abs(arg)
		c.noteArgs = append(c.noteArgs, notes)
		files, _ := filepath.Glob(notes)
		for _, f := range files {
			_ = filepath.WalkDir(f, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					c.notes = append(c.notes, p)
				}
				return nil
			})
		}
	}
	return c, nil
}

// benchDirs finds the project (whose layouts gen builds with) from the
// working folder and makes the run's temporary folder.
func benchDirs() (root, tmp string, err error) {
	wd, _ := os.Getwd()
	if root, err = project.Root(wd); err != nil {
		return "", "", err
	}
	tmp, err = os.MkdirTemp("", "handbook-bench-")
	return root, tmp, err
}

func newCorpus(n, m int) (*benchCorpus, error) {
	root, tmp, err := benchDirs()
	if err != nil {
		return nil, err
	}
	c := &benchCorpus{root: root, tmp: tmp, source: filepath.Join(tmp, "fuser"), noteArgs: []string{filepath.Join(tmp, "notes")}}
	if err := corpus.Write(tmp, n, m); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	c.notes, _ = filepath.Glob(filepath.Join(tmp, "notes", "*.md"))
	if c.floor, err = writeFloor(tmp, c.notes); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	return c, nil
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// writeFloor writes the live preview's floor project: the same notes, a
// bare layout, no taxonomies, feeds or sitemap.
func writeFloor(tmp string, notes []string) (string, error) {
	dir := filepath.Join(tmp, "floor")
	files := map[string]string{
		"config.toml":         "baseURL = \"https://floor.test/\"\ntitle = \"floor\"\ndisableKinds = [\"taxonomy\", \"term\", \"rss\", \"sitemap\"]\n",
		"layouts/baseof.html": "<!doctype html><html lang=\"en\"><head><title>{{ .Title }}</title></head><body>{{ block \"main\" . }}{{ end }}</body></html>\n",
		"layouts/single.html": "{{ define \"main\" }}<main>{{ .Content }}</main>{{ end }}\n",
		"layouts/list.html":   "{{ define \"main\" }}{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}{{ end }}\n",
	}
	for _, n := range notes {
		data, err := os.ReadFile(n)
		if err != nil {
			return "", err
		}
		name := strings.TrimSuffix(filepath.Base(n), ".md")
		files["content/notes/"+name+".md"] = "+++\ntitle = \"" + name + "\"\n+++\n" + string(data)
	}
	if err := writeFiles(dir, files); err != nil {
		return "", err
	}
	return dir, nil
}

// floor renders the floor project with plain Hugo into out, then indexes
// it with Pagefind: the cost gen cannot go below.
func floor(dir, out, pf string) (hugoMS, pagefindMS float64, err error) {
	t := time.Now()
	if _, err := site.Build(site.Options{ProjectDir: dir, OutDir: out}); err != nil {
		return 0, 0, err
	}
	hugoMS = ms(time.Since(t))
	t = time.Now()
	if _, err := search.Index(pf, out, ""); err != nil {
		return 0, 0, err
	}
	return hugoMS, ms(time.Since(t)), nil
}

// startProfile profiles the CPU into file.N.RUN until stop is called;
// with no file it does nothing.
func startProfile(file string, n, run int) (stop func(), err error) {
	if file == "" {
		return func() {}, nil
	}
	return profileTo(fmt.Sprintf("%s.%d.%d", file, n, run))
}

// profileTo profiles the CPU into path until stop is called.
func profileTo(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// cpuSeconds is the CPU time this process and its waited-for children
// (Pagefind) have used so far.
func cpuSeconds() float64 {
	var self, children syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children)
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(self.Utime) + tv(self.Stime) + tv(children.Utime) + tv(children.Stime)
}

// peakRSS reads this process's high-water resident set size.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:")), "%d", &kb)
			return kb * 1024
		}
	}
	return 0
}
