package freshness

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestSeedNotesAgreeWithGitOnFuser: on a real nvFuser clone, every line
// reference of every dated seed note gets a verdict that git itself
// confirms (the text at the note's base commit against the text now, and
// `git log -L` since the note's date).
func TestSeedNotesAgreeWithGitOnFuser(t *testing.T) {
	fuser := testsite.FuserHistory(t)
	seeds := testsite.Shared(t, "seeds")
	repo := Open(fuser)
	if repo == nil {
		t.Skipf("%s is not a git checkout", fuser)
	}
	files, err := filepath.Glob(filepath.Join(seeds, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no seed notes in %s: %v", seeds, err)
	}
	exists := func(p string) (bool, bool) {
		_, err := os.Stat(filepath.Join(fuser, p))
		return err == nil, true
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n, err := notes.Parse(f, data, notes.Options{FileExists: exists})
		if err != nil {
			t.Fatal(err)
		}
		var lined []model.FileRef
		for _, r := range n.Files {
			if r.Start > 0 {
				lined = append(lined, r)
			}
		}
		if n.Date == "" || len(lined) == 0 {
			continue
		}
		out, err := exec.Command("git", "-C", fuser, "rev-list", "-1", "--first-parent", "--before="+n.Date+"T23:59:59Z", "HEAD").Output()
		if err != nil {
			t.Fatal(err)
		}
		base := strings.TrimSpace(string(out))
		for i, v := range repo.Check(n.Date, lined, nil) {
			agreeWithGit(t, fuser, base, lined[i], v)
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no dated seed note has line references: nothing was compared")
	}
	t.Logf("%d line references checked against git", checked)
}
