package history_test

import (
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/history"
	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// independentEntry finds {"name", Enum::Enumerator} in raw text, written
// apart from the cppopts parser the history uses.
var independentEntry = regexp.MustCompile(`\{\s*"([^"\\]*)"\s*,\s*(?:\w+::)*(DebugDumpOption|EnableOption|DisableOption|ProfilerOption)::\w+\s*\}`)

var familyOfEnum = map[string]string{"DebugDumpOption": "NVFUSER_DUMP", "EnableOption": "NVFUSER_ENABLE", "DisableOption": "NVFUSER_DISABLE", "ProfilerOption": "NVFUSER_PROF"}

// TestAgreesWithIndependentWalk is the "done when": on a clone of
// NVIDIA/Fuser, the commit each option was added in and removed in agrees
// with a plain walk: git log over csrc/options.cpp, a regex over each
// revision, first and last presence.
func TestAgreesWithIndependentWalk(t *testing.T) {
	repo := testsite.FuserHistory(t)
	res, err := history.Read(repo, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if res == nil {
		t.Skipf("%s is not a git checkout", repo)
	}
	if len(res.Skipped) > 0 {
		t.Logf("revisions the parsers rejected (the walk reads around them): %v", res.Skipped)
	}

	out, err := exec.Command("git", "-C", repo, "log", "--first-parent", "--reverse", "--format=%H", res.Head, "--", inputs.OptionsCpp).Output()
	if err != nil {
		t.Fatal(err)
	}
	revs := strings.Fields(string(out))
	added, removed := map[string]string{}, map[string]string{}
	present := map[string]bool{}
	for _, rev := range revs {
		src, err := exec.Command("git", "-C", repo, "show", rev+":"+inputs.OptionsCpp).Output()
		now := map[string]bool{}
		if err == nil { // a revision that deletes the file defines nothing
			for _, m := range independentEntry.FindAllStringSubmatch(string(src), -1) {
				now[familyOfEnum[m[2]]+"="+m[1]] = true
			}
		}
		for k := range now {
			if _, ok := added[k]; !ok {
				added[k] = rev
			}
			delete(removed, k)
		}
		for k := range present {
			if !now[k] {
				removed[k] = rev
			}
		}
		present = now
	}
	if len(added) < 50 {
		t.Fatalf("the independent walk found only %d options over %d revisions", len(added), len(revs))
	}

	var keys []string
	for k := range added {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var removedCount int
	for _, k := range keys {
		r := res.Options[k]
		if r == nil {
			t.Errorf("%s: the walk found it (added %.9s), the history did not", k, added[k])
			continue
		}
		if r.Added.Commit != added[k] {
			t.Errorf("%s: added in %.9s, the walk says %.9s", k, r.Added.Commit, added[k])
		}
		got := ""
		if r.Removed != nil {
			got = r.Removed.Commit
			removedCount++
		}
		if got != removed[k] {
			t.Errorf("%s: removed in %q, the walk says %q", k, got, removed[k])
		}
	}
	for k := range res.Options {
		if _, ok := added[k]; !ok {
			t.Errorf("%s: in the history, never seen by the walk", k)
		}
	}
	t.Logf("%d options over %d revisions of %s, %d removed; all agree", len(keys), len(revs), inputs.OptionsCpp, removedCount)

	// The two renames the issue names.
	if got := res.Options["NVFUSER_DUMP=debug_info"]; got == nil || !contains(got.ReplacedBy, "NVFUSER_ENABLE=kernel_lineinfo") {
		t.Errorf("debug_info is not shown as replaced by kernel_lineinfo: %+v", got)
	}
	if got := res.Variables["PYTORCH_NVFUSER_DUMP"]; got == nil || got.Removed == nil || !contains(got.ReplacedBy, "NVFUSER_DUMP") {
		t.Errorf("PYTORCH_NVFUSER_DUMP is not shown as replaced by NVFUSER_DUMP: %+v", got)
	}
	if got := res.Options["NVFUSER_ENABLE=kernel_lineinfo"]; got == nil || got.Added.Version == "" || got.Added.Date == "" {
		t.Errorf("kernel_lineinfo has no version or date: %+v", got)
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// BenchmarkReadCached is what history adds to a rerun on the same commit:
// git rev-parse and one small cache file.
func BenchmarkReadCached(b *testing.B) {
	repo := testsite.FuserHistory(b)
	cache := b.TempDir()
	if _, err := history.Read(repo, cache); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := history.Read(repo, cache); err != nil {
			b.Fatal(err)
		}
	}
}
