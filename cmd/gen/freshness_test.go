package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestFreshnessEndToEnd: with a git checkout as --source, a dated note's
// line reference that a later commit edited is reported as changed on
// the note's page, in api/runbooks.json and in the drift report, and a
// rerun answers from the cache.
func TestFreshnessEndToEnd(t *testing.T) {
	proj := testsite.New(t)
	src := t.TempDir()
	gitIn := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", src, "-c", "user.name=T", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_DATE="+date+"T12:00:00Z", "GIT_COMMITTER_DATE="+date+"T12:00:00Z")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	for k, v := range goodTree {
		writeFile(t, filepath.Join(src, k), v)
	}
	lines := func(edit string) string {
		var b strings.Builder
		for i := 1; i <= 20; i++ {
			if i == 12 && edit != "" {
				b.WriteString(edit + "\n")
				continue
			}
			b.WriteString("int line" + string(rune('a'+i)) + ";\n")
		}
		return b.String()
	}
	writeFile(t, filepath.Join(src, "csrc/scheduler.cpp"), lines(""))
	gitIn("2024-01-10", "init", "-q", "-b", "main")
	gitIn("2024-01-10", "add", "-A")
	gitIn("2024-01-10", "commit", "-q", "-m", "first")
	writeFile(t, filepath.Join(src, "csrc/scheduler.cpp"), lines("int rewritten;"))
	gitIn("2024-03-01", "commit", "-q", "-am", "rewrite line 12")

	notes := t.TempDir()
	writeFile(t, filepath.Join(notes, "sched-crash.md"), "+++\ndate = 2024-02-01\n+++\n# Scheduler crash\n\nSIGSEGV in `nvfuser::Scheduler::run`, see csrc/scheduler.cpp:10-14 and csrc/scheduler.cpp:1-3.\n")
	out := filepath.Join(t.TempDir(), "site")
	args := []string{"--config", filepath.Join(proj, "config.toml"), "--source", src, "--notes", notes, "--out", out}
	code, stdout, stderr := gen(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "2 code references of dated notes checked against git") {
		t.Errorf("no freshness stage in the report:\n%s", stdout)
	}
	var runbooks []struct {
		ID        string
		Freshness []struct {
			Ref, Status, Since, Now string
			Commits                 []string
		}
	}
	readJSON(t, filepath.Join(out, "api", "runbooks.json"), &runbooks)
	if len(runbooks) != 1 || len(runbooks[0].Freshness) != 2 {
		t.Fatalf("runbooks.json: %+v", runbooks)
	}
	for _, f := range runbooks[0].Freshness {
		want := map[string]string{"csrc/scheduler.cpp:10-14": "changed", "csrc/scheduler.cpp:1-3": "unchanged"}[f.Ref]
		if f.Status != want || f.Since != "2024-02-01" || (want == "changed") != (len(f.Commits) == 1) {
			t.Errorf("%s: %+v, want %s", f.Ref, f, want)
		}
	}
	page, err := os.ReadFile(filepath.Join(out, "runbooks", "sched-crash", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `class="fresh fresh-changed">changed since 2024-02-01`) || !strings.Contains(string(page), "/commit/") {
		t.Error("the note's page does not say that csrc/scheduler.cpp:10-14 changed since the note, with a link to the change")
	}
	drift, err := os.ReadFile(filepath.Join(out, "api", "drift.json"))
	if err != nil || !strings.Contains(string(drift), `"subject": "csrc/scheduler.cpp:10-14"`) || strings.Contains(string(drift), `"subject": "csrc/scheduler.cpp:1-3"`) {
		t.Errorf("drift.json should list the changed reference only: %s", drift)
	}
	cache := filepath.Join(proj, "generated", "cache", "freshness.json")
	if b, err := os.ReadFile(cache); err != nil || !strings.Contains(string(b), "csrc/scheduler.cpp:10-14") {
		t.Fatalf("no verdict cache at %s: %v", cache, err)
	}
	// A rerun on the same HEAD answers from the cache: a verdict planted
	// in it comes out on the page, which git would never have said.
	b, _ := os.ReadFile(cache)
	planted := strings.Replace(string(b), `"status":"unchanged"`, `"status":"deleted"`, 1)
	if planted == string(b) {
		t.Fatalf("the cache holds no unchanged verdict to plant over: %s", b)
	}
	writeFile(t, cache, planted)
	if code, o, e := gen(t, "", args...); code != 0 {
		t.Fatalf("rerun: exit %d\n%s\n%s", code, o, e)
	}
	if page, _ := os.ReadFile(filepath.Join(out, "runbooks", "sched-crash", "index.html")); !strings.Contains(string(page), "deleted since 2024-02-01") {
		t.Error("the rerun did not take its verdicts from the cache")
	}
}
