package sources

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/fsutil"
)

func TestOpenEmbedded(t *testing.T) {
	in, err := Open("", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !in.Embedded || in.Tree == nil || len(in.Notes) == 0 {
		t.Fatalf("embedded example: %+v", in)
	}
	if ok, checked := in.FileExists("csrc/options.cpp"); !ok || !checked {
		t.Error("the example has no csrc/options.cpp")
	}
	if ok, _ := in.FileExists("../etc/passwd"); ok {
		t.Error("a path outside the tree exists")
	}
}

func TestNotesArguments(t *testing.T) {
	dir := t.TempDir()
	if err := fsutil.WriteFiles(dir, map[string]string{
		"a.md": "# A", "sub/b.txt": "# B", "sub/c.markdown": "# C", "sub/skip.png": "x", ".hidden/d.md": "# D", "e.md": "# E",
	}); err != nil {
		t.Fatal(err)
	}
	in, err := Open(filepath.Join(dir, "no-fuser"), []string{
		filepath.Join(dir, "sub"),      // a folder, recursively
		filepath.Join(dir, "[ae].md"),  // a glob
		filepath.Join(dir, "a.md"),     // named twice: read once
		filepath.Join(dir, "gone.md"),  // missing: a warning
		filepath.Join(dir, "nothing*"), // a glob that matches nothing: a warning
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range in.Notes {
		rel, _ := filepath.Rel(dir, n.Path)
		got = append(got, filepath.ToSlash(rel))
	}
	if strings.Join(got, " ") != "a.md e.md sub/b.txt sub/c.markdown" {
		t.Errorf("notes = %v", got)
	}
	var warnings []string
	for _, w := range in.Warnings {
		warnings = append(warnings, w.String())
	}
	all := strings.Join(warnings, "\n")
	for _, want := range []string{"no-fuser: nvFuser source checkout not found", "gone.md: notes path not found", "nothing*: notes pattern matched no file"} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings lack %q:\n%s", want, all)
		}
	}
	if in.Tree != nil {
		t.Error("a missing checkout gave a tree")
	}
	if _, checked := in.FileExists("csrc/x.cpp"); checked {
		t.Error("without a checkout nothing can be checked")
	}
}

// TestHeadRevision: a git checkout gives its HEAD commit and date; a plain
// folder, and a folder inside a repository that is not its top, give none.
func TestHeadRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	if err := fsutil.WriteFiles(repo, map[string]string{"csrc/a.cpp": "int x;\n"}); err != nil {
		t.Fatal(err)
	}
	runGit := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", repo}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_COMMITTER_DATE=2026-04-03T13:52:18-07:00", "GIT_AUTHOR_DATE=2026-04-03T13:52:18-07:00",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	runGit("init", "-q")
	runGit("add", ".")
	runGit("commit", "-q", "-m", "one")
	head := runGit("rev-parse", "HEAD")

	for _, c := range []struct {
		name, dir, commit, date string
	}{
		{"checkout", repo, head, "2026-04-03T13:52:18-07:00"},
		{"subfolder of a checkout", filepath.Join(repo, "csrc"), "", ""},
		{"plain tree", dir, "", ""},
		{"missing", filepath.Join(dir, "gone"), "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := HeadRevision(c.dir)
			if got.Commit != c.commit || got.Date != c.date {
				t.Errorf("HeadRevision(%s) = %+v, want commit %q date %q", c.dir, got, c.commit, c.date)
			}
		})
	}
	in, err := Open(repo, nil)
	if err != nil {
		t.Fatal(err)
	}
	if in.Revision.Commit != head || in.Revision.Short() != head[:12] || in.Revision.Day() != "2026-04-03" {
		t.Errorf("Open: revision %+v, want %s", in.Revision, head)
	}
	if in.Shallow || len(in.Warnings) != 0 {
		t.Errorf("a full clone: shallow %v, warnings %v", in.Shallow, in.Warnings)
	}

	// A shallow clone (what actions/checkout makes by default) has HEAD and
	// no history: Open says so, once, naming the checkout.
	if err := os.WriteFile(filepath.Join(repo, "csrc", "a.cpp"), []byte("int y;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runGit("commit", "-qam", "two")
	shallow := filepath.Join(dir, "shallow")
	runGit("clone", "-q", "--depth", "1", "file://"+repo, shallow)
	in, err = Open(shallow, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !in.Shallow || in.Revision.IsZero() || len(in.Warnings) != 1 || !strings.Contains(in.Warnings[0].String(), "shallow clone") || !strings.Contains(in.Warnings[0].String(), shallow) {
		t.Errorf("a shallow clone: shallow %v, revision %+v, warnings %v; want one warning naming it", in.Shallow, in.Revision, in.Warnings)
	}
}

// TestNotesStayInTheirFolder: a note is read only inside the folder it was
// given from (the --notes folder, a glob's base, a file's own folder): a
// link within it is followed, one that leads out, a named pipe or a
// device is an error naming the note.
func TestNotesStayInTheirFolder(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes")
	if err := fsutil.WriteFiles(dir, map[string]string{"notes/sub/real.md": "# Real", "secret.md": "# SECRET"}); err != nil {
		t.Fatal(err)
	}
	link := func(target, name string) string {
		t.Helper()
		p := filepath.Join(t.TempDir(), name)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	inside := filepath.Join(notes, "alias.md")
	if err := os.Symlink("sub/real.md", inside); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want string // "" when the notes are read
	}{
		{"a link inside the folder", []string{notes}, ""},
		{"a glob whose match links inside its base", []string{filepath.Join(notes, "*.md")}, ""},
		{"a file linked out of its folder", []string{link(filepath.Join(dir, "secret.md"), "out.md")}, "out.md: a symbolic link that leads outside"},
		{"a device", []string{"/dev/null"}, "/dev/null: not a regular file but a device"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, err := Open(filepath.Join(dir, "no-fuser"), c.args)
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				for _, n := range in.Notes {
					if strings.Contains(string(n.Data), "SECRET") {
						t.Errorf("%s read the file outside", n.Path)
					}
				}
				if len(in.Notes) == 0 {
					t.Error("no note read")
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}
