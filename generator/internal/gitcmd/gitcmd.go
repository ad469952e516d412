// Package gitcmd runs git for the stages that read an nvFuser checkout's
// history (sources, history, freshness): one way to run it, and one answer
// to "is this folder a git checkout, and at which commit".
package gitcmd

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// Run runs git in dir and returns its standard output; the error carries
// git's own message. Paths come out unquoted, messages in English and no
// pager or prompt waits for a terminal, whatever the user's settings.
func Run(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "core.quotepath=off"}, args...)...)
	cmd.Env = append(cmd.Environ(), "LC_ALL=C", "GIT_PAGER=cat", "GIT_TERMINAL_PROMPT=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// Lines splits output into its non-empty, trimmed lines.
func Lines(out []byte) []string {
	var l []string
	for _, s := range strings.Split(string(out), "\n") {
		if s = strings.TrimSpace(s); s != "" {
			l = append(l, s)
		}
	}
	return l
}

// Head returns the commit checked out in dir and its committer date
// (RFC 3339), or ok=false when dir is not the top of a git work tree: a
// plain copy, or a folder inside some other repository, whose history is
// not nvFuser's.
func Head(dir string) (commit, date string, ok bool) {
	if _, err := exec.LookPath("git"); err != nil {
		return "", "", false
	}
	out, err := Run(dir, "rev-parse", "--show-toplevel")
	if err != nil || !samePath(strings.TrimSpace(string(out)), dir) {
		return "", "", false
	}
	out, err = Run(dir, "show", "-s", "--format=%H%n%cI", "HEAD")
	l := Lines(out)
	if err != nil || len(l) != 2 || len(l[0]) != 40 {
		return "", "", false
	}
	return l[0], l[1], true
}

// Shallow reports whether the repository at dir is a shallow clone: its
// history stops at a grafted commit, so a walk of it tells nothing.
func Shallow(dir string) bool {
	out, err := Run(dir, "rev-parse", "--is-shallow-repository")
	return err == nil && strings.TrimSpace(string(out)) == "true"
}

// samePath compares two folders after resolving symbolic links (git
// prints the resolved top level).
func samePath(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return false
	}
	ra, _ = filepath.Abs(ra)
	rb, _ = filepath.Abs(rb)
	return ra == rb
}
