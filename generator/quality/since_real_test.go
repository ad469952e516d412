package quality

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/csrcscan"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// findingsAt is the report on nvFuser's C++ at rev (no options: the
// findings about checks alone).
func findingsAt(t *testing.T, dir, rev string) []model.CheckFinding {
	t.Helper()
	fsys, err := treeAt(dir, rev)
	if err != nil {
		t.Fatal(err)
	}
	r, err := csrcscan.Scan(fsys, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := &model.Handbook{}
	for i := range r.Checks {
		h.Checks = append(h.Checks, &r.Checks[i])
	}
	h.Index()
	return Find(h)
}

// TestSinceOnRealCommits: between two real commits of nvFuser, only what
// the later one changed is new: every new finding sits in a file the
// commit touched, and the string-literal conditions 2a7a1f98b added
// ("Invalid P2P protocol: ") are among them.
func TestSinceOnRealCommits(t *testing.T) {
	fuser := testsite.Fuser(t)
	for _, c := range []struct {
		from, to string
		want     string // a subject the new findings must include
	}{
		{"2a7a1f98b~1", "2a7a1f98b", `NVF_ERROR("Invalid P2P protocol: ", …)`},
		{"771eddd49", "81c4b22fd", ""},
	} {
		if exec.Command("git", "-C", fuser, "cat-file", "-e", c.to+"^{commit}").Run() != nil {
			t.Skipf("the nvFuser clone lacks %s (a shallow clone?)", c.to)
		}
		out, err := exec.Command("git", "-C", fuser, "diff", "--name-only", c.from, c.to, "--", "csrc", "python").Output()
		if err != nil {
			t.Fatal(err)
		}
		changed := map[string]bool{}
		for _, f := range strings.Fields(string(out)) {
			changed[f] = true
		}
		before := findingsAt(t, fuser, c.from)
		now := findingsAt(t, fuser, c.to)
		fresh := New(now, count(before))
		found := c.want == ""
		for _, f := range fresh {
			t.Logf("%s..%s: %s", c.from, c.to, Line(f, ""))
			if !changed[f.Check.Where.File] {
				t.Errorf("%s..%s: new finding in %s, which the commit did not change: %s", c.from, c.to, f.Check.Where.File, Line(f, ""))
			}
			if f.Subject == c.want {
				found = true
			}
		}
		if !found {
			t.Errorf("%s..%s: %q is not among the %d new findings", c.from, c.to, c.want, len(fresh))
		}
		t.Logf("%s..%s: %d findings before, %d after, %d new; %d files changed", c.from, c.to, len(before), len(now), len(fresh), len(changed))
	}
}
