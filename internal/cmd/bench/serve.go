package main

import (
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	hugoversion "github.com/gohugoio/hugo/common/hugo"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/preview"
	"github.com/nvfuser-handbook/handbook/internal/project"
	"github.com/nvfuser-handbook/handbook/internal/syncbuf"
)

// ServeMeasurement is one size's live-preview figures: the time from
// saving a note to its changed page being served, for gen serve and for
// plain hugo server on the same notes (the floor project), edits
// alternating between the two.
type ServeMeasurement struct {
	N, Edits       int
	GenStart       float64   // gen serve: start to first page served, ms
	HugoStart      float64   // hugo server: the same
	Gen, Hugo      []float64 // save to served, ms, each edit
	GenMedian      float64
	HugoMedian     float64
	Ratio          float64 // GenMedian / HugoMedian
	GenStageMedian map[string]float64
}

// measureServe runs both servers on an N-note corpus, or on the real
// handbook (real: the checkout, copies of its notes, the same-words floor
// of the pages gen serve wrote), and edits notes.
func measureServe(n, m, edits int, hugoBin string, real *realInputs, cpuProfile string) (*ServeMeasurement, error) {
	var c *benchCorpus
	var err error
	if real != nil {
		c, err = realServeCorpus(real)
	} else {
		c, err = newCorpus(n, m)
	}
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(c.tmp)
	root, tmp, notes := c.root, c.tmp, c.notes
	res := &ServeMeasurement{N: len(notes), Edits: edits, GenStageMedian: map[string]float64{}}

	// gen serve, in this process.
	proj := filepath.Join(tmp, "project")
	if err := project.Copy(root, proj); err != nil {
		return nil, err
	}
	s, err := config.Load(filepath.Join(proj, "config.toml"))
	if err != nil {
		return nil, err
	}
	s.Source, s.Notes = c.source, c.noteArgs
	if real != nil && real.cache != "" {
		if err := os.CopyFS(filepath.Join(s.GeneratedDir(), "cache"), os.DirFS(real.cache)); err != nil {
			return nil, err
		}
	}
	ready := make(chan string, 1)
	var mu sync.Mutex
	var last preview.Rebuild
	rebuilt := make(chan struct{}, 16)
	var out syncbuf.Buffer
	stop := make(chan struct{})
	done := make(chan error, 1)
	t := time.Now()
	go func() {
		done <- preview.Run(preview.Options{Settings: s, Addr: "127.0.0.1:0", Search: true, Out: &out, Errors: os.Stderr,
			Ready: func(u string) { ready <- u },
			Rebuilt: func(rb preview.Rebuild) {
				mu.Lock()
				last = rb
				mu.Unlock()
				rebuilt <- struct{}{}
			}}, stop)
	}()
	defer func() { close(stop); <-done }()
	var genURL string
	select {
	case genURL = <-ready:
	case err := <-done:
		return nil, fmt.Errorf("gen serve: %v", err)
	}
	res.GenStart = ms(time.Since(t))
	waitQuiet(&out, 5*time.Minute)

	// Plain hugo server on the floor project: its defaults (in memory,
	// fast render, livereload). The real handbook's floor is the
	// same-words floor of every page gen serve wrote.
	floorDir := c.floor
	if real != nil {
		floorDir = filepath.Join(tmp, "site-floor")
		if _, err := writeSiteFloor(floorDir, filepath.Join(s.GeneratedDir(), "content")); err != nil {
			return nil, err
		}
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	hugoURL := fmt.Sprintf("http://127.0.0.1:%d/", port)
	t = time.Now()
	cmd := exec.Command(hugoBin, "server", "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--baseURL", hugoURL, "--quiet")
	cmd.Dir = floorDir
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("hugo server: %w", err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	if err := waitServed(hugoURL, "", 5*time.Minute); err != nil {
		return nil, fmt.Errorf("hugo server: %w", err)
	}
	res.HugoStart = ms(time.Since(t))

	stages := map[string][]float64{}
	if cpuProfile != "" {
		// gen serve runs in this process: the profile holds its edits
		// (and the polling of both servers), not hugo server's.
		stop, err := profileTo(fmt.Sprintf("%s.%d.serve", cpuProfile, n))
		if err != nil {
			return nil, err
		}
		defer stop()
	}
	for i := 0; i < edits; i++ {
		// Let the background search index of the previous edit finish:
		// each edit starts from a quiet server, as a person's would.
		waitQuiet(&out, 2*time.Minute)
		// The note of this edit: one with a page of its own (a real note
		// that copies one of nvFuser's docs is shown on the doc's page).
		var note, page string
		for j := 0; j < len(notes) && page == ""; j++ {
			note = notes[((i+j)*7919+13)%len(notes)]
			name := strings.TrimSuffix(filepath.Base(note), filepath.Ext(note))
			id := strings.ToLower(strings.ReplaceAll(name, "_", "-")) // a real note's id: its file name, "_" as "-"
			for _, try := range []string{name, id} {
				if p, err := pagePath(genURL, try); err == nil && strings.HasSuffix(p, "/"+id+"/") {
					page = p
					break
				}
			}
		}
		if page == "" {
			return nil, fmt.Errorf("no note with a page of its own among %d", len(notes))
		}
		name := strings.TrimSuffix(filepath.Base(note), filepath.Ext(note))
		// The floor's page of the same note: the synthetic floor holds
		// notes under notes/; the site floor every page where gen has it.
		floorNote, floorURL := filepath.Join(floorDir, "content", "notes", name+".md"), hugoURL+"notes/"+name+"/"
		if real != nil {
			floorNote, floorURL = filepath.Join(floorDir, "content", filepath.FromSlash(strings.Trim(page, "/"))+".md"), hugoURL+page[1:]
		}
		marker := fmt.Sprintf("Observation %d-%d", i, time.Now().UnixNano())
		d, err := editAndWait(note, genURL+page[1:], marker)
		if err != nil {
			return nil, fmt.Errorf("gen serve, %s: %w", note, err)
		}
		res.Gen = append(res.Gen, d)
		<-rebuilt
		mu.Lock()
		for _, st := range last.Stages {
			stages[st.Name] = append(stages[st.Name], ms(st.Took))
		}
		mu.Unlock()

		time.Sleep(300 * time.Millisecond)
		d, err = editAndWait(floorNote, floorURL, marker)
		if err != nil {
			return nil, fmt.Errorf("hugo server, %s: %w", floorNote, err)
		}
		res.Hugo = append(res.Hugo, d)
	}
	res.GenMedian, res.HugoMedian = median(res.Gen), median(res.Hugo)
	res.Ratio = res.GenMedian / res.HugoMedian
	for k, v := range stages {
		res.GenStageMedian[k] = median(v)
	}
	return res, nil
}

// realServeCorpus is realCorpus with copies of the notes (edits must not
// touch the real ones): each --notes argument's files under its own folder.
func realServeCorpus(r *realInputs) (*benchCorpus, error) {
	c, err := realCorpus(r)
	if err != nil {
		return nil, err
	}
	c.notes, c.noteArgs = nil, nil
	for i, arg := range r.notes {
		dst := filepath.Join(c.tmp, fmt.Sprintf("notes-%d", i))
		files, _ := filepath.Glob(arg)
		for _, f := range files {
			st, err := os.Stat(f)
			if err != nil {
				return nil, err
			}
			if st.IsDir() {
				err = os.CopyFS(dst, os.DirFS(f))
			} else {
				var data []byte
				if data, err = os.ReadFile(f); err == nil {
					if err = os.MkdirAll(dst, 0o755); err == nil {
						err = os.WriteFile(filepath.Join(dst, filepath.Base(f)), data, 0o644)
					}
				}
			}
			if err != nil {
				return nil, err
			}
		}
		c.noteArgs = append(c.noteArgs, dst)
		_ = filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				c.notes = append(c.notes, p)
			}
			return nil
		})
	}
	return c, nil
}

// editAndWait appends a line to a note and polls url until it shows it:
// the time a person waits after saving.
func editAndWait(file, url, marker string) (float64, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	data = append(data, []byte("\n\n"+marker+".\n")...)
	t := time.Now()
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return 0, err
	}
	if err := waitServed(url, marker, time.Minute); err != nil {
		return 0, err
	}
	return ms(time.Since(t)), nil
}

// waitServed polls url until it answers 200 with want in its body.
func waitServed(url, want string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		resp, err := http.Get(url)
		if err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == 200 && strings.Contains(string(body), want) {
				return nil
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	return fmt.Errorf("%s did not show %q within %s", url, want, limit)
}

var refreshTo = regexp.MustCompile(`(?i)<meta http-equiv="?refresh"? content="0; url=([^"]+)"`)

// pagePath follows a note's short link to its page.
func pagePath(base, id string) (string, error) {
	resp, err := http.Get(base + "r/" + id + "/")
	if err != nil {
		return "", err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := refreshTo.FindSubmatch(body)
	if m == nil {
		return "", fmt.Errorf("no page behind %sr/%s/", base, id)
	}
	u := string(m[1])
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
		u = u[strings.Index(u, "/"):]
	}
	return u, nil
}

// waitQuiet waits until gen serve has refreshed its search index as many
// times as it was asked to (its output says so).
func waitQuiet(out *syncbuf.Buffer, limit time.Duration) {
	deadline := time.Now().Add(limit)
	prev := -1
	for time.Now().Before(deadline) {
		n := strings.Count(out.String(), "search index refreshed")
		if n == prev {
			return
		}
		prev = n
		time.Sleep(1500 * time.Millisecond)
	}
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// findHugo returns the hugo command to compare with: -hugo, else hugo on
// PATH; it must be the version gen links.
func findHugo(flagValue string) (string, error) {
	if flagValue != "" {
		return flagValue, nil
	}
	if p, err := exec.LookPath("hugo"); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("no hugo command to compare with: install the version gen links (GOBIN=/tmp/hugo-bin go install github.com/gohugoio/hugo@v%s) and pass -hugo /tmp/hugo-bin/hugo", hugoversion.CurrentVersion)
}
