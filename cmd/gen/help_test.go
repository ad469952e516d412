package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	hugoversion "github.com/gohugoio/hugo/common/hugo"

	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/internal/syncbuf"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestHelpExitsZero: -h and --help print a command's flags on stdout and
// exit 0, on every command; a wrong flag still exits 2 on stderr.
func TestHelpExitsZero(t *testing.T) {
	for _, cmd := range []string{"build", "check", "serve", "lookup", "version"} {
		for _, flag := range []string{"-h", "--help"} {
			var out, errOut bytes.Buffer
			code := run([]string{cmd, flag}, strings.NewReader(""), &out, &errOut)
			if code != 0 {
				t.Errorf("gen %s %s: exit %d, want 0 (stderr %q)", cmd, flag, code, errOut.String())
			}
			if !strings.Contains(out.String(), "usage: gen "+cmd) || !strings.Contains(out.String(), "-config") {
				t.Errorf("gen %s %s printed no usage on stdout: %q", cmd, flag, out.String())
			}
		}
		var out, errOut bytes.Buffer
		if code := run([]string{cmd, "--no-such-flag"}, strings.NewReader(""), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "no-such-flag") {
			t.Errorf("gen %s --no-such-flag: exit %d, stderr %q; want 2 and the flag named", cmd, code, errOut.String())
		}
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		var out bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &bytes.Buffer{}); code != 0 || !strings.Contains(out.String(), "version") {
			t.Errorf("gen %v: exit %d, usage without the version command: %q", args, code, out.String())
		}
	}
}

// TestVersion: gen version names gen, the Hugo linked in, the pinned
// Pagefind and the Go runtime.
func TestVersion(t *testing.T) {
	var out bytes.Buffer
	if code := run([]string{"version", "--config", "../../config.toml"}, strings.NewReader(""), &out, &bytes.Buffer{}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"gen ", "hugo      " + hugoversion.CurrentVersion.String(), "pagefind  1.", "go        " + runtime.Version()} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("gen version lacks %q:\n%s", want, out.String())
		}
	}
}

// TestProgress: a finished stage prints its line; a stage still running
// after the delay says what it is doing; a fast one does not.
func TestProgress(t *testing.T) {
	var buf syncbuf.Buffer
	p := newProgress(&buf)
	p.after = 50 * time.Millisecond
	p.Start("emit", "writing Hugo content", false)
	p.Done(pipeline.Stage{Name: "emit", Took: time.Millisecond, Detail: "3 file(s) changed"})
	p.Start("render", "Hugo renders the site", false)
	time.Sleep(300 * time.Millisecond)
	p.Done(pipeline.Stage{Name: "render", Took: 300 * time.Millisecond, Detail: "12 pages"})
	p.Start("search", "installing Pagefind", true)
	got := buf.String()
	if strings.Contains(got, "writing Hugo content") {
		t.Errorf("a fast stage announced itself:\n%s", got)
	}
	for _, want := range []string{"emit          1ms  3 file(s) changed", "render", "Hugo renders the site ...", "render      300ms  12 pages", "installing Pagefind ..."} {
		if !strings.Contains(got, want) {
			t.Errorf("progress lacks %q:\n%s", want, got)
		}
	}
	if strings.Index(got, "Hugo renders the site ...") > strings.Index(got, "render      300ms") {
		t.Errorf("the slow stage's note came after its result:\n%s", got)
	}
}

// TestReadmeListsEveryCommand: the README's command table names every
// command gen help lists, so the front door never falls behind the tool.
func TestReadmeListsEveryCommand(t *testing.T) {
	var help bytes.Buffer
	usage(&help)
	section := strings.SplitN(strings.SplitN(help.String(), "commands:\n", 2)[1], "\n\n", 2)[0]
	readme, err := os.ReadFile(filepath.Join(testsite.Root(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "  ") || strings.HasPrefix(line, "   ") {
			continue // a command's continuation lines are indented further
		}
		cmd := strings.Fields(line)[0]
		n++
		if !strings.Contains(string(readme), "`gen "+cmd) {
			t.Errorf("README.md's command list lacks gen %s", cmd)
		}
	}
	if n < 6 {
		t.Errorf("read only %d commands from gen help:\n%s", n, section)
	}
}
