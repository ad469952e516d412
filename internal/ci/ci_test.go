// Package ci tests the CI entry point's own checks (.ci/).
package ci

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestLargeFiles: .ci/large-files fails naming a tracked file over 1 MB,
// and passes when big files are only untracked or ignored.
func TestLargeFiles(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is needed")
	}
	script := filepath.Join(testsite.Root(t), ".ci", "large-files")
	repo := t.TempDir()
	git(t, repo, "init", "-q")
	write := func(name string, size int) {
		if err := os.WriteFile(filepath.Join(repo, name), []byte(strings.Repeat("x", size)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("small.txt", 1000)
	write("exactly 1 MB", 1<<20)
	write(".gitignore", 0)
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-qm", "small")
	write("gen", 2<<20) // an untracked build output
	run := func() (string, error) {
		cmd := exec.Command("bash", script)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run(); err != nil {
		t.Fatalf("failed with no large tracked file: %v\n%s", err, out)
	}
	git(t, repo, "add", "gen")
	git(t, repo, "commit", "-qm", "oops")
	out, err := run()
	if err == nil || !strings.Contains(out, "gen (2097152 bytes)") {
		t.Errorf("a tracked 2 MB file: err %v, output %q; want a failure naming it", err, out)
	}
}

// TestCIRunsChecks: .ci/run runs the size check and the race detector.
func TestCIRunsChecks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testsite.Root(t), ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"bash .ci/large-files", "go test -race ./generator/internal/parallel", "./generator/publish", "go test -race ./cmd/gen"} {
		if !strings.Contains(string(data), want) {
			t.Errorf(".ci/run does not run %q", want)
		}
	}
}
