package freshness

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// fixture is a small git repository made by the test: files of numbered
// lines, committed on fixed dates, so every verdict can be worked out by
// hand.
type fixture struct {
	t   *testing.T
	dir string
	ids map[string]string // commit label -> hash
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	f := &fixture{t: t, dir: t.TempDir(), ids: map[string]string{}}
	f.git("", "init", "-q", "-b", "main")
	return f
}

func (f *fixture) git(date string, args ...string) string {
	f.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", f.dir, "-c", "user.name=T", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if date != "" {
		cmd.Env = append(cmd.Env, "GIT_AUTHOR_DATE="+date+"T12:00:00Z", "GIT_COMMITTER_DATE="+date+"T12:00:00Z")
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		f.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// numbered is n lines "<name> line i".
func numbered(name string, n int) []string {
	var l []string
	for i := 1; i <= n; i++ {
		l = append(l, fmt.Sprintf("%s line %d", name, i))
	}
	return l
}

func (f *fixture) write(p string, l []string) {
	f.t.Helper()
	full := filepath.Join(f.dir, p)
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(strings.Join(l, "\n")+"\n"), 0o644); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) commit(label, date string) {
	f.t.Helper()
	f.git(date, "add", "-A")
	f.git(date, "commit", "-q", "-m", label)
	f.ids[label] = f.git("", "rev-parse", "HEAD")
}

// history builds the fixture's commits:
//
//	c1 2024-01-10  every file, numbered lines
//	c2 2024-02-01  a.cpp line 12 edited; three lines inserted atop shift.cpp; new.cpp added
//	c3 2024-03-01  mv.cpp renamed into csrc/moved/; gone.cpp deleted; lines 5-8 of cut.cpp deleted
//	c4 2024-04-01  a.cpp line 25 edited
func history(t *testing.T) *fixture {
	f := newFixture(t)
	a := numbered("a", 30)
	f.write("csrc/a.cpp", a)
	f.write("csrc/b.cpp", numbered("b", 10))
	f.write("csrc/gone.cpp", numbered("gone", 5))
	f.write("csrc/shift.cpp", numbered("shift", 20))
	f.write("csrc/mv.cpp", numbered("mv", 20))
	f.write("csrc/cut.cpp", numbered("cut", 20))
	f.commit("c1", "2024-01-10")

	a[11] = "a line 12, rewritten"
	f.write("csrc/a.cpp", a)
	f.write("csrc/shift.cpp", append([]string{"x", "y", "z"}, numbered("shift", 20)...))
	f.write("csrc/new.cpp", numbered("new", 3))
	f.commit("c2", "2024-02-01")

	if err := os.MkdirAll(filepath.Join(f.dir, "csrc", "moved"), 0o755); err != nil {
		t.Fatal(err)
	}
	f.git("2024-03-01", "mv", "csrc/mv.cpp", "csrc/moved/mv.cpp")
	f.git("2024-03-01", "rm", "-q", "csrc/gone.cpp")
	cut := numbered("cut", 20)
	f.write("csrc/cut.cpp", append(slices.Clone(cut[:4]), cut[8:]...))
	f.commit("c3", "2024-03-01")

	a[24] = "a line 25, rewritten"
	f.write("csrc/a.cpp", a)
	f.commit("c4", "2024-04-01")
	return f
}

func ref(s string) model.FileRef { return model.ParseFileRef(s) }

func TestCheck(t *testing.T) {
	f := history(t)
	repo := Open(f.dir)
	if repo == nil {
		t.Fatal("Open: the fixture is a git repository")
	}
	tests := []struct {
		since, ref string
		status     string
		commits    []string // labels
		now        string
	}{
		{"2024-01-15", "csrc/a.cpp:10-14", model.FreshChanged, []string{"c2"}, "csrc/a.cpp:10-14"},
		{"2024-01-15", "csrc/a.cpp:1-5", model.FreshUnchanged, nil, "csrc/a.cpp:1-5"},
		{"2024-01-15", "csrc/a.cpp:20-30", model.FreshChanged, []string{"c4"}, "csrc/a.cpp:20-30"},
		{"2024-01-15", "csrc/a.cpp:12", model.FreshChanged, []string{"c2"}, "csrc/a.cpp:12"},
		{"2024-03-15", "csrc/a.cpp:10-14", model.FreshUnchanged, nil, "csrc/a.cpp:10-14"},
		{"2024-03-15", "csrc/a.cpp:24-26", model.FreshChanged, []string{"c4"}, "csrc/a.cpp:24-26"},
		{"2024-01-15", "csrc/shift.cpp:5-6", model.FreshMoved, nil, "csrc/shift.cpp:8-9"},
		{"2024-01-15", "csrc/mv.cpp:3-4", model.FreshMoved, nil, "csrc/moved/mv.cpp:3-4"},
		{"2024-01-15", "csrc/mv.cpp", model.FreshMoved, nil, "csrc/moved/mv.cpp"},
		{"2024-01-15", "csrc/gone.cpp:2", model.FreshDeleted, []string{"c3"}, ""},
		{"2024-01-15", "csrc/cut.cpp:5-8", model.FreshDeleted, []string{"c3"}, ""},
		{"2024-01-15", "csrc/cut.cpp:10-12", model.FreshMoved, nil, "csrc/cut.cpp:6-8"},
		{"2024-01-15", "csrc/new.cpp:1", model.FreshMissing, nil, ""},
		{"2024-01-15", "csrc/never.cpp:1", model.FreshMissing, nil, ""},
		{"2023-01-01", "csrc/a.cpp:1", model.FreshMissing, nil, ""},       // before the first commit
		{"2024-03-15", "csrc/cut.cpp:15-18", model.FreshMissing, nil, ""}, // past the end of the file then
	}
	for _, cached := range []bool{false, true} {
		cache := LoadCache(filepath.Join(t.TempDir(), "cache.json"))
		if cached { // second pass: every verdict from a saved cache, git not asked
			first := LoadCache(filepath.Join(t.TempDir(), "c.json"))
			for _, tc := range tests {
				repo.Check(tc.since, []model.FileRef{ref(tc.ref)}, first)
			}
			if err := first.Save(); err != nil {
				t.Fatal(err)
			}
			cache = LoadCache(first.path)
		}
		for _, tc := range tests {
			t.Run(fmt.Sprintf("cached=%v/%s@%s", cached, tc.ref, tc.since), func(t *testing.T) {
				got := repo.Check(tc.since, []model.FileRef{ref(tc.ref)}, cache)
				if len(got) != 1 {
					t.Fatalf("got %d verdicts, want 1: %+v", len(got), got)
				}
				g := got[0]
				want := []string{}
				for _, l := range tc.commits {
					want = append(want, f.ids[l])
				}
				if g.Status != tc.status || g.Now != tc.now || !slices.Equal(g.Commits, want) || g.Ref != tc.ref || g.Since != tc.since {
					t.Errorf("got %+v\nwant status %s now %q commits %v", g, tc.status, tc.now, tc.commits)
				}
			})
		}
	}
}

// TestCheckAgreesWithGit holds every verdict to git itself, asked
// independently: the text of the lines at the note's base commit against
// the text at HEAD where the verdict says they are now, and `git log -L`
// on those lines since the base.
func TestCheckAgreesWithGit(t *testing.T) {
	f := history(t)
	repo := Open(f.dir)
	var refs []model.FileRef
	for _, p := range []string{"csrc/a.cpp", "csrc/shift.cpp", "csrc/mv.cpp", "csrc/cut.cpp"} {
		for a := 1; a <= 18; a += 4 {
			refs = append(refs, model.FileRef{Path: p, Start: a, End: a + 2})
		}
	}
	for _, since := range []string{"2024-01-15", "2024-02-15", "2024-03-15"} {
		verdicts := repo.Check(since, refs, nil)
		if len(verdicts) != len(refs) {
			t.Fatalf("%s: %d verdicts for %d references", since, len(verdicts), len(refs))
		}
		base := f.git("", "rev-list", "-1", "--before="+since+"T23:59:59Z", "HEAD")
		for i, v := range verdicts {
			agreeWithGit(t, f.dir, base, refs[i], v)
		}
	}
}

// agreeWithGit checks one verdict against git's own answers. It is shared
// with the test on a real nvFuser checkout.
func agreeWithGit(t *testing.T, dir, base string, r model.FileRef, v model.Freshness) {
	t.Helper()
	show := func(rev, p string) []string {
		out, err := exec.Command("git", "-C", dir, "show", rev+":"+p).Output()
		if err != nil {
			return nil
		}
		return strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	}
	then := show(base, r.Path)
	if then == nil || r.End > len(then) {
		if v.Status != model.FreshMissing {
			t.Errorf("%s since %s: %s, but git has no such file at %s", r, v.Since, v.Status, base[:8])
		}
		return
	}
	if v.Now == "" {
		if v.Status != model.FreshDeleted {
			t.Errorf("%s: %s with no current place", r, v.Status)
		}
		return
	}
	now := ref(v.Now)
	lines := show("HEAD", now.Path)
	if now.End > len(lines) || r.End > len(then) {
		t.Errorf("%s -> %s: out of range", r, v.Now)
		return
	}
	same := slices.Equal(then[r.Start-1:r.End], lines[now.Start-1:now.End])
	out, err := exec.Command("git", "-C", dir, "log", "--format=%H", "-s", fmt.Sprintf("-L%d,%d:%s", now.Start, now.End, now.Path), base+"..HEAD").Output()
	if err != nil {
		t.Fatalf("git log -L: %v", err)
	}
	logged := strings.Fields(string(out))
	slices.Reverse(logged)
	switch v.Status {
	case model.FreshUnchanged, model.FreshMoved:
		if !same || len(logged) > 0 && !onlyRenames(dir, logged) {
			t.Errorf("%s since %s: %s at %s, but the text is the same: %v and git log -L lists %v", r, v.Since, v.Status, v.Now, same, logged)
		}
		if v.Status == model.FreshUnchanged && v.Now != r.String() {
			t.Errorf("%s: unchanged but now at %s", r, v.Now)
		}
	case model.FreshChanged:
		if same && len(now.Path) > 0 && now.End-now.Start == r.End-r.Start {
			t.Errorf("%s since %s: changed, yet the lines read the same at %s", r, v.Since, v.Now)
		}
		if !slices.Equal(logged, v.Commits) {
			t.Errorf("%s since %s: commits %v, git log -L says %v", r, v.Since, v.Commits, logged)
		}
	default:
		t.Errorf("%s: unexpected status %s with a current place", r, v.Status)
	}
}

// onlyRenames reports whether every commit only renamed files: git's line
// history lists the commit that moved a file even when no line changed.
func onlyRenames(dir string, commits []string) bool {
	for _, c := range commits {
		out, _ := exec.Command("git", "-C", dir, "diff-tree", "-r", "-M", "--name-status", "--no-commit-id", c).Output()
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if !strings.HasPrefix(l, "R100") {
				return false
			}
		}
	}
	return true
}

func TestOpenPlainTree(t *testing.T) {
	if Open(t.TempDir()) != nil {
		t.Error("a folder outside any git repository has no history")
	}
}

func TestNoteDate(t *testing.T) {
	f := newFixture(t)
	f.write("notes/crash.md", []string{"# Crash"})
	f.commit("n1", "2024-05-06")
	f.write("notes/crash.md", []string{"# Crash", "more"})
	f.commit("n2", "2024-06-07")
	if got := NoteDate(filepath.Join(f.dir, "notes", "crash.md")); got != "2024-05-06" {
		t.Errorf("NoteDate = %q, want the day it was first committed, 2024-05-06", got)
	}
	if got := NoteDate(filepath.Join(t.TempDir(), "loose.md")); got != "" {
		t.Errorf("NoteDate outside git = %q, want \"\"", got)
	}
}

// TestNoteOwnCommitAndLinks: a note dated the day of a commit made late in
// the evening west of UTC sees what that commit added (nvFuser's doc/dev
// notes are dated by the commit that added them, with the files they
// name), and a reference to a symbolic link is judged on the file it
// points at, under the link's own name.
func TestNoteOwnCommitAndLinks(t *testing.T) {
	f := newFixture(t)
	real := numbered("real", 10)
	f.write("csrc/real.cpp", real)
	if err := os.MkdirAll(filepath.Join(f.dir, "tests"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := func(name, target string) {
		if err := os.Symlink(target, filepath.Join(f.dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	link("tests/link.cpp", "../csrc/real.cpp")
	f.commit("c1", "2024-01-10")

	// 23:30 on 2024-02-01 in UTC-8 is 07:30 on 2024-02-02 in UTC.
	f.write("doc/tut.md", numbered("tut", 5))
	f.write("csrc/added.cpp", numbered("added", 3))
	link("tests/tut.cpp", "../doc/tut.md")
	f.git("", "add", "-A")
	cmd := exec.Command("git", "-C", f.dir, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "c2")
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_DATE=2024-02-01T23:30:00-08:00", "GIT_COMMITTER_DATE=2024-02-01T23:30:00-08:00")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("commit: %v\n%s", err, out)
	}
	f.ids["c2"] = f.git("", "rev-parse", "HEAD")

	real[2] = "real line 3, rewritten"
	f.write("csrc/real.cpp", real)
	f.commit("c3", "2024-03-01")

	repo := Open(f.dir)
	tests := []struct {
		since, ref string
		status     string // "" when no verdict is given (a whole file still where it was)
		commits    []string
		now        string
	}{
		{"2024-02-01", "csrc/added.cpp:1-2", model.FreshUnchanged, nil, "csrc/added.cpp:1-2"},
		{"2024-02-01", "tests/tut.cpp:2-3", model.FreshUnchanged, nil, "tests/tut.cpp:2-3"},
		{"2024-02-01", "tests/tut.cpp", "", nil, ""},
		{"2024-01-31", "csrc/added.cpp:1", model.FreshMissing, nil, ""}, // the day before: not there yet
		{"2024-01-15", "tests/link.cpp:3", model.FreshChanged, []string{"c3"}, "tests/link.cpp:3"},
		{"2024-01-15", "tests/link.cpp:5-6", model.FreshUnchanged, nil, "tests/link.cpp:5-6"},
	}
	for _, tc := range tests {
		got := repo.Check(tc.since, []model.FileRef{ref(tc.ref)}, nil)
		if tc.status == "" {
			if len(got) != 0 {
				t.Errorf("%s@%s: %+v, want no verdict (the file is still there)", tc.ref, tc.since, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("%s@%s: %d verdicts, want 1", tc.ref, tc.since, len(got))
			continue
		}
		want := []string{}
		for _, l := range tc.commits {
			want = append(want, f.ids[l])
		}
		if g := got[0]; g.Status != tc.status || g.Now != tc.now || !slices.Equal(g.Commits, want) {
			t.Errorf("%s@%s: got %+v\nwant status %s now %q commits %v", tc.ref, tc.since, g, tc.status, tc.now, tc.commits)
		}
	}
}

// TestNoteDateCache: a note's first-commit day is kept between runs and
// trusted while its commit is still in the repository; a cached commit
// the repository no longer has (history rewritten) is asked again.
func TestNoteDateCache(t *testing.T) {
	f := newFixture(t)
	f.write("notes/crash.md", []string{"# Crash"})
	f.commit("n1", "2024-05-06")
	note := filepath.Join(f.dir, "notes", "crash.md")
	path := filepath.Join(t.TempDir(), "cache.json")

	first := LoadCache(path)
	if got := first.NoteDate(note); got != "2024-05-06" {
		t.Fatalf("NoteDate = %q, want 2024-05-06", got)
	}
	if err := first.Save(); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(note)
	head := f.git("", "rev-parse", "HEAD")
	for _, c := range []struct {
		name   string
		cached firstCommit
		want   string
	}{
		// The day is read from the cache, not from git: a day git would
		// never give shows that.
		{"commit still there", firstCommit{Commit: f.ids["n1"], Day: "2000-01-01"}, "2000-01-01"},
		{"commit gone", firstCommit{Commit: strings.Repeat("ab", 20), Day: "2000-01-01"}, "2024-05-06"},
		// Asked at the same HEAD: used as it is, git is not asked (it
		// would say the commit is gone).
		{"same HEAD", firstCommit{Commit: strings.Repeat("ab", 20), Day: "2000-01-01", Head: head}, "2000-01-01"},
		{"uncommitted at the same HEAD", firstCommit{Head: head}, ""},
		{"uncommitted at another HEAD", firstCommit{Head: strings.Repeat("cd", 20)}, "2024-05-06"},
	} {
		cache := LoadCache(path)
		cache.old.Added[abs] = c.cached
		if got := cache.NoteDate(note); got != c.want {
			t.Errorf("%s: NoteDate = %q, want %q", c.name, got, c.want)
		}
	}
	if got := (*Cache)(nil).NoteDate(note); got != "2024-05-06" {
		t.Errorf("without a cache: %q", got)
	}

	// A note not committed yet is remembered as such until HEAD moves;
	// once it is committed, HEAD has moved and its day is asked again.
	f.write("notes/new.md", []string{"# New"})
	fresh := filepath.Join(f.dir, "notes", "new.md")
	c1 := LoadCache(path)
	if got := c1.NoteDate(fresh); got != "" {
		t.Errorf("uncommitted note: %q", got)
	}
	if err := c1.Save(); err != nil {
		t.Fatal(err)
	}
	absNew, _ := filepath.Abs(fresh)
	if fc, ok := LoadCache(path).old.Added[absNew]; !ok || fc.Head != head || fc.Commit != "" {
		t.Errorf("uncommitted note cached as %+v, %v; want no commit at HEAD %s", fc, ok, head)
	}
	f.commit("n2", "2024-06-07")
	if got := LoadCache(path).NoteDate(fresh); got != "2024-06-07" {
		t.Errorf("after its commit: %q, want 2024-06-07", got)
	}

	// Outside any repository: no day, nothing cached.
	outside := filepath.Join(t.TempDir(), "loose.md")
	if err := os.WriteFile(outside, []byte("# Loose\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c2 := LoadCache(path)
	if got := c2.NoteDate(outside); got != "" {
		t.Errorf("note outside a repository: %q", got)
	}
	if len(c2.used.Added) != 0 {
		t.Errorf("note outside a repository cached: %+v", c2.used.Added)
	}
}
