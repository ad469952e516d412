package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/generator/search"
	"github.com/nvfuser-handbook/handbook/generator/site"
	"github.com/nvfuser-handbook/handbook/internal/corpus"
	"github.com/nvfuser-handbook/handbook/internal/project"
)

// Measurement is one size's figures, in milliseconds and bytes.
type Measurement struct {
	N, Options       int
	Stages           map[string]float64 // gen's stages
	Total            float64            // gen build + check
	FloorHugo        float64            // bare Hugo on the same notes
	FloorPagefind    float64
	PeakRSS          int64 // VmHWM of this process
	RerunWritten     int   // generated files rewritten by an unchanged rerun
	OneChangeWritten int   // ... after one note changed
}

func measure(n, m int) (*Measurement, error) {
	wd, _ := os.Getwd()
	root, err := project.Root(wd)
	if err != nil {
		return nil, err
	}
	pf, err := search.Pagefind(root)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "handbook-bench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if err := corpus.Write(tmp, n, m); err != nil {
		return nil, err
	}
	proj := filepath.Join(tmp, "project")
	if err := project.Copy(root, proj); err != nil {
		return nil, err
	}
	s, err := config.Load(filepath.Join(proj, "config.toml"))
	if err != nil {
		return nil, err
	}
	s.Source, s.Notes = filepath.Join(tmp, "fuser"), []string{filepath.Join(tmp, "notes")}

	res := &Measurement{N: n, Options: m, Stages: map[string]float64{}}
	// The same hooks as `gen check`: search index, then links and URLs.
	hooks := pipeline.Hooks{AfterRender: []pipeline.Hook{pipeline.SearchIndex(proj), pipeline.Check(s, pipeline.CheckOptions{})}}
	start := time.Now()
	r, err := pipeline.Build(s, hooks, io.Discard)
	if err != nil {
		return nil, err
	}
	res.Total = ms(time.Since(start))
	for _, st := range r.Stages {
		res.Stages[st.Name] = ms(st.Took)
	}

	// Rerun: nothing changed, nothing should be rewritten.
	r2, err := pipeline.Build(s, pipeline.Hooks{}, io.Discard)
	if err != nil {
		return nil, err
	}
	res.RerunWritten = r2.Written
	// One note changed: only what depends on it is rewritten.
	notes, _ := filepath.Glob(filepath.Join(tmp, "notes", "*.md"))
	if len(notes) > 0 {
		f, _ := os.OpenFile(notes[len(notes)/2], os.O_APPEND|os.O_WRONLY, 0)
		fmt.Fprintln(f, "\nOne more observation.")
		f.Close()
		r3, err := pipeline.Build(s, pipeline.Hooks{}, io.Discard)
		if err != nil {
			return nil, err
		}
		res.OneChangeWritten = r3.Written
	}

	res.FloorHugo, res.FloorPagefind, err = floor(tmp, pf, notes)
	if err != nil {
		return nil, err
	}
	res.PeakRSS = peakRSS()
	return res, nil
}

// floor renders the same notes with plain Hugo and a bare layout, then
// indexes them with Pagefind: the cost gen cannot go below.
func floor(tmp, pf string, notes []string) (hugoMS, pagefindMS float64, err error) {
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
			return 0, 0, err
		}
		name := strings.TrimSuffix(filepath.Base(n), ".md")
		files["content/notes/"+name+".md"] = "+++\ntitle = \"" + name + "\"\n+++\n" + string(data)
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return 0, 0, err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return 0, 0, err
		}
	}
	out := filepath.Join(tmp, "floor-out")
	t := time.Now()
	if _, err := site.Build(site.Options{ProjectDir: dir, OutDir: out}); err != nil {
		return 0, 0, err
	}
	hugoMS = ms(time.Since(t))
	t = time.Now()
	if _, err := search.Index(pf, out); err != nil {
		return 0, 0, err
	}
	return hugoMS, ms(time.Since(t)), nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

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
