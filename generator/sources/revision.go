package sources

import (
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// HeadRevision is the commit checked out at dir and its committer date, when
// dir is the top of a git work tree. A plain tree, a folder inside some
// other repository, or a machine without git gives the zero Revision: source
// links then fall back to the configured ref.
//
// Only HEAD is read, here, once per run; history is other packages' business.
func HeadRevision(dir string) model.Revision {
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil || !sameDir(top, dir) {
		return model.Revision{}
	}
	out, err := git(dir, "show", "-s", "--format=%H%n%cI", "HEAD")
	if err != nil {
		return model.Revision{}
	}
	hash, date, _ := strings.Cut(out, "\n")
	if len(hash) < 40 {
		return model.Revision{}
	}
	return model.Revision{Commit: hash, Date: strings.TrimSpace(date)}
}

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// sameDir compares two paths after resolving symlinks (git prints the
// resolved top level).
func sameDir(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return false
	}
	ra, _ = filepath.Abs(ra)
	rb, _ = filepath.Abs(rb)
	return ra == rb
}
