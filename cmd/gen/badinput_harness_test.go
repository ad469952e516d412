package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestBadInputScriptsCatchProblems runs the scripts in
// testdata/badinput-harness, each of which must fail, and for the reason
// its first line names ("# want: text" — text the failure must log): the
// checks the scripts' gen command makes by itself can fail, so a script
// that passes proves something.
func TestBadInputScriptsCatchProblems(t *testing.T) {
	dir := filepath.Join("testdata", "badinput-harness")
	p := badInputParams(t, dir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		script := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(data), "\n")
		want, ok := strings.CutPrefix(first, "# want: ")
		if !ok {
			t.Fatalf("%s: the first line must be \"# want: <text the failure logs>\"", script)
		}
		p := p
		p.Dir, p.Files = "", []string{script}
		probe := &probeScriptT{}
		testscript.RunT(probe, p)
		log := probe.String()
		// The failure's own line (the log echoes the script, want line
		// included).
		var failure string
		for _, l := range strings.Split(log, "\n") {
			if strings.Contains(l, "FAIL: ") {
				failure += l + "\n"
			}
		}
		switch {
		case !probe.failed:
			t.Errorf("%s passed: a check of the gen command cannot fail\n%s", e.Name(), log)
		case !strings.Contains(failure, want):
			t.Errorf("%s failed, but not with %q:\n%s", e.Name(), want, log)
		}
	}
}

// probeScriptT is a testscript.T that records a script's failure instead
// of failing the test.
type probeScriptT struct {
	mu     sync.Mutex
	failed bool
	log    strings.Builder
}

func (p *probeScriptT) Skip(a ...any) { p.Log(a...); runtime.Goexit() }
func (p *probeScriptT) Fatal(a ...any) {
	p.Log(a...)
	p.FailNow()
}
func (p *probeScriptT) Parallel() {}
func (p *probeScriptT) Log(a ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintln(&p.log, a...)
}
func (p *probeScriptT) FailNow() {
	p.mu.Lock()
	p.failed = true
	p.mu.Unlock()
	runtime.Goexit()
}
func (p *probeScriptT) Verbose() bool { return false }
func (p *probeScriptT) Run(_ string, f func(testscript.T)) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(p)
	}()
	<-done
}
func (p *probeScriptT) String() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}
