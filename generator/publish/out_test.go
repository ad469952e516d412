package publish

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCheckOut: where gen may publish, and that every refusal names the
// folder and the reason.
func TestCheckOut(t *testing.T) {
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	src := filepath.Join(root, "fuser")
	notes := filepath.Join(root, "notes")
	for _, d := range []string{filepath.Join(proj, "generated"), filepath.Join(src, "csrc"), notes} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(proj, "config.toml"), "x")
	write(t, filepath.Join(root, "file"), "x")
	write(t, filepath.Join(root, "foreign", "thesis.tex"), "mine")
	write(t, filepath.Join(root, "marked", Marker), "gen")
	write(t, filepath.Join(root, "marked", "index.html"), "site")
	for _, f := range legacySignature {
		write(t, filepath.Join(root, "legacy", f), "site")
	}
	write(t, filepath.Join(root, "half", "index.html"), "only one signature file")
	if err := os.MkdirAll(filepath.Join(root, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(proj, filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(root, filepath.Join(root, "rootlink")); err != nil {
		t.Fatal(err)
	}
	guards := []Guard{
		{Path: proj, What: "the project"},
		{Path: filepath.Join(proj, "generated"), What: "the generated content folder", Inside: true},
		{Path: src, What: "the nvFuser source checkout"},
		{Path: notes, What: "a notes path", Inside: true},
	}
	for _, tc := range []struct {
		out, want string // want "" = allowed
	}{
		{filepath.Join(root, "new", "site"), ""},
		{filepath.Join(root, "empty"), ""},
		{filepath.Join(root, "marked"), ""},
		{filepath.Join(root, "legacy"), ""},
		{filepath.Join(proj, "public"), ""},
		{filepath.Join(src, "site"), ""},
		{proj, "it is the project"},
		{root, "it contains the project"},
		{"/", "it contains the project"},
		{filepath.Join(proj, "generated"), "it is the generated content folder"},
		{filepath.Join(proj, "generated", "x"), "it is inside the generated content folder"},
		{src, "it is the nvFuser source checkout"},
		{notes, "it is a notes path"},
		{filepath.Join(notes, "site"), "it is inside a notes path"},
		{filepath.Join(root, "file"), "it is a file"},
		{filepath.Join(root, "foreign"), "no .handbook-site marker"},
		{filepath.Join(root, "half"), "no .handbook-site marker"},
		{filepath.Join(root, "link"), "symbolic link"},
		{filepath.Join(root, "rootlink", "proj"), "it is the project"},
	} {
		err := CheckOut(tc.out, guards)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.out, err)
		case tc.want != "" && err == nil:
			t.Errorf("%s: allowed, want %q", tc.out, tc.want)
		case tc.want != "":
			var oe *OutError
			if !errors.As(err, &oe) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.out) {
				t.Errorf("%s: error %q, want it to name the folder and say %q", tc.out, err, tc.want)
			}
		}
	}
}

// TestSwapRefusesForeignFolder: a folder that appeared (or changed) during
// the build is checked again at swap time and kept.
func TestSwapRefusesForeignFolder(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	staged, err := Staging(out)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(staged, "index.html"), "new")
	write(t, filepath.Join(out, "notes.txt"), "someone's notes")
	if err := Swap(staged, out); err == nil || !strings.Contains(err.Error(), out) {
		t.Fatalf("Swap over a foreign folder: %v", err)
	}
	Discard(staged)
	if read(t, filepath.Join(out, "notes.txt")) != "someone's notes" {
		t.Error("foreign folder changed")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".public.*")); len(left) > 0 {
		t.Errorf("leftovers: %v", left)
	}
}

// TestSwapLegacySite: an unmarked site of an older gen is replaced when it
// holds only what the new build also produces, and kept otherwise.
func TestSwapLegacySite(t *testing.T) {
	for _, extra := range []string{"", "README.md"} {
		dir := t.TempDir()
		out := filepath.Join(dir, "public")
		for _, f := range legacySignature {
			write(t, filepath.Join(out, f), "old")
		}
		if extra != "" {
			write(t, filepath.Join(out, extra), "not a site file")
		}
		staged, err := Staging(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range legacySignature {
			write(t, filepath.Join(staged, f), "new")
		}
		err = Swap(staged, out)
		Discard(staged)
		got := read(t, filepath.Join(out, "index.html"))
		if extra == "" && (err != nil || got != "new") {
			t.Errorf("older gen site not replaced: %v, index.html %q", err, got)
		}
		if extra != "" && (err == nil || !strings.Contains(err.Error(), extra) || got != "old") {
			t.Errorf("older gen site with %s: err %v, index.html %q; want it kept and named", extra, err, got)
		}
	}
}

// deadPid is the id of a process that has exited.
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("cannot start a process: %v", err)
	}
	return cmd.Process.Pid
}

// TestSweepRemovesOnlyOrphanedStaging: after kill -9, the next Staging
// removes the dead run's marked staging folders, and nothing else.
func TestSweepRemovesOnlyOrphanedStaging(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	write(t, filepath.Join(out, Marker), "gen")
	write(t, filepath.Join(out, "index.html"), "live")
	dead := markerText + "pid " + strconv.Itoa(deadPid(t)) + "\n"
	live := markerText + "pid " + strconv.Itoa(os.Getppid()) + "\n"
	write(t, filepath.Join(dir, ".public.new-111", Marker), dead)
	write(t, filepath.Join(dir, ".public.new-111", "site", "index.html"), "half")
	write(t, filepath.Join(dir, ".public.old-222", Marker), dead)
	write(t, filepath.Join(dir, ".public.old-222", "site", "index.html"), "older")
	keep := map[string]string{
		".public.new-333/x":           "no marker: not gen's",
		".public.new-444/" + Marker:   live, // a run still going
		".public.new-555/" + Marker:   "some other text\npid 1\n",
		".other.new-666/" + Marker:    dead, // another site's
		"public.new-777/" + Marker:    dead, // not a dot folder
		".public.newer-888/" + Marker: dead,
	}
	for f, s := range keep {
		write(t, filepath.Join(dir, f), s)
	}
	staged, err := Staging(out)
	if err != nil {
		t.Fatal(err)
	}
	defer Discard(staged)
	for _, gone := range []string{".public.new-111", ".public.old-222"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
			t.Errorf("%s survived", gone)
		}
	}
	for f, s := range keep {
		if read(t, filepath.Join(dir, f)) != s {
			t.Errorf("%s changed", f)
		}
	}
	if read(t, filepath.Join(out, "index.html")) != "live" {
		t.Error("the live site changed")
	}
}

// TestSweepRestoresSiteOfKilledSwap: a run killed between the two renames
// of a swap left the previous site aside and no site; it is put back.
func TestSweepRestoresSiteOfKilledSwap(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	write(t, filepath.Join(dir, ".public.old-1", Marker), markerText+"pid "+strconv.Itoa(deadPid(t))+"\n")
	write(t, filepath.Join(dir, ".public.old-1", "site", "index.html"), "previous")
	Sweep(out)
	if read(t, filepath.Join(out, "index.html")) != "previous" {
		t.Error("previous site not restored")
	}
}

// TestAbortRemovesStagingAndBlocksWrites: after Abort, the staging folder
// is gone, gated writes fail, and Swap publishes nothing.
func TestAbortRemovesStagingAndBlocksWrites(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	write(t, filepath.Join(out, Marker), "gen")
	write(t, filepath.Join(out, "index.html"), "live")
	staged, err := Staging(out)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(staged, "index.html"), "half")
	Abort()
	wrote := false
	err = WhileStaged(staged, func() error { wrote = true; return nil })
	if !errors.Is(err, ErrInterrupted) || wrote {
		t.Errorf("write after Abort: ran %v, err %v", wrote, err)
	}
	if err := Swap(staged, out); !errors.Is(err, ErrInterrupted) {
		t.Errorf("Swap after Abort: %v", err)
	}
	if read(t, filepath.Join(out, "index.html")) != "live" {
		t.Error("the live site changed")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".public.*")); len(left) > 0 {
		t.Errorf("staging left after Abort: %v", left)
	}
}

// TestDiscardOnlyOwnStaging: Discard of a folder Staging did not make in
// this process removes nothing.
func TestDiscardOnlyOwnStaging(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	write(t, filepath.Join(dir, "x"), "keep")
	Discard(dir)
	if read(t, filepath.Join(dir, "x")) != "keep" {
		t.Error("Discard removed a folder it did not make")
	}
}
