package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	handbook "github.com/nvfuser-handbook/handbook"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestRunsAnywhere: gen in a folder without config.toml builds with the
// project built into it, says so, and publishes into public/ there; gen
// lookup then searches the site the last build published, wherever --out
// put it, and says which site it searched and that the links are on the
// placeholder address. A --config that does not exist is an error with
// the way out.
func TestRunsAnywhere(t *testing.T) {
	root := testsite.Root(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	// The unpacked project gets the repository's Pagefind, as test sites
	// do, instead of an npm ci of its own.
	dir, err := handbook.Unpack(handbook.CacheDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	t.Chdir(work)

	code, stdout, stderr := gen(t, "", "build")
	if code != 0 {
		t.Fatalf("gen build in an empty folder: exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"config: the default built into gen (no config.toml in " + work, filepath.Join(dir, "config.toml"), "-> " + filepath.Join(work, "public"), "placeholder https://nvfuser-handbook.example/"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("gen build's output lacks %q:\n%s", want, stdout)
		}
	}
	var runbooks []struct {
		ID         string
		Signatures []string
	}
	readJSON(t, filepath.Join(work, "public", "api", "runbooks.json"), &runbooks)
	var text, want string
	for _, r := range runbooks {
		if len(r.Signatures) > 0 {
			text, want = strings.Join(r.Signatures, "\n"), r.ID
			break
		}
	}
	if want == "" {
		t.Fatal("the example has no note with signatures")
	}

	// A second build elsewhere: lookup follows it.
	other := filepath.Join(t.TempDir(), "site")
	if code, stdout, stderr := gen(t, "", "build", "--out", other); code != 0 {
		t.Fatalf("gen build --out: exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, c := range []struct {
		args []string
		site string
		why  string
	}{
		{[]string{"lookup", "--json"}, other, "(the site the last build published)"},
		{[]string{"lookup", "--json", "--out", filepath.Join(work, "public")}, filepath.Join(work, "public"), "(--out)"},
	} {
		code, stdout, stderr := gen(t, text, c.args...)
		if code != 0 {
			t.Fatalf("gen %v: exit %d\n%s", c.args, code, stderr)
		}
		if !strings.Contains(stderr, "gen lookup: searching "+c.site+" "+c.why) || !strings.Contains(stderr, "placeholder") {
			t.Errorf("gen %v does not say which site it searched, and that its address is the placeholder:\n%s", c.args, stderr)
		}
		var matches []struct{ ID string }
		if err := json.Unmarshal([]byte(stdout), &matches); err != nil || len(matches) == 0 || matches[0].ID != want {
			t.Errorf("gen %v: %v %s; want %s first", c.args, err, stdout, want)
		}
	}

	if code, _, stderr := gen(t, "", "build", "--config", "missing.toml"); code != 1 || !strings.Contains(stderr, "--config missing.toml: no such file") || !strings.Contains(stderr, "default built into") {
		t.Errorf("a --config that does not exist: exit %d, %q; want 1 and the way out", code, stderr)
	}
}
