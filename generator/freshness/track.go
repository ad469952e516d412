package freshness

import (
	"path"
	"strings"
)

// fate is where a file of the base revision is at HEAD.
type fate struct {
	path    string // its path at HEAD; "" when deleted
	deleted string // the commit that deleted it, when it was deleted
}

// follow traces path from rev forward to HEAD across renames: each time a
// commit removes the path, that commit's own diff (small, unlike a diff
// of the whole tree) says whether it was renamed and to what.
func (r *Repo) follow(rev, path string) fate {
	for hops := 0; hops < 32; hops++ { // a path renamed 32 times is a loop
		out, err := git(r.dir, "log", "--format=%H", "--diff-filter=D", "--reverse", "--no-renames", rev+"..HEAD", "--", path)
		gone := lines(out)
		if err != nil || len(gone) == 0 {
			if r.exists("HEAD", path) {
				return fate{path: path}
			}
			return fate{}
		}
		x := gone[0]
		to := r.renamedTo(x, path)
		if to == "" {
			if r.exists("HEAD", path) { // deleted, then added back
				return fate{path: path}
			}
			return fate{deleted: x}
		}
		rev, path = x, to
	}
	return fate{}
}

// renamedTo reads commit x's own changes with rename detection and
// returns where path went, or "".
func (r *Repo) renamedTo(x, path string) string {
	out, err := git(r.dir, "diff-tree", "-r", "-M", "--name-status", "-z", "--no-commit-id", x+"^", x)
	if err != nil {
		return ""
	}
	f := strings.Split(out, "\x00")
	for i := 0; i < len(f); i++ {
		if strings.HasPrefix(f[i], "R") && i+2 < len(f) {
			if f[i+1] == path {
				return f[i+2]
			}
			i += 2
		} else if strings.HasPrefix(f[i], "C") && i+2 < len(f) {
			i += 2
		} else if f[i] != "" {
			i++ // status then one path
		}
	}
	return ""
}

// exists reports whether rev has a file at path.
func (r *Repo) exists(rev, path string) bool {
	_, err := git(r.dir, "cat-file", "-e", rev+":"+path)
	return err == nil
}

// resolve follows symbolic links at rev to the file they point at, within
// the tree (nvFuser links tutorials that are both Markdown and C++ from
// tests/ into doc/). A path that is no link, or a link out of the tree,
// is returned as it is.
func (r *Repo) resolve(rev, p string) string {
	for hops := 0; hops < 8; hops++ {
		out, err := git(r.dir, "ls-tree", rev, "--", p)
		if err != nil || !strings.HasPrefix(out, "120000 ") {
			return p
		}
		target, err := git(r.dir, "cat-file", "blob", rev+":"+p)
		if err != nil || path.IsAbs(target) {
			return p
		}
		next := path.Join(path.Dir(p), target)
		if next == ".." || strings.HasPrefix(next, "../") {
			return p
		}
		p = next
	}
	return p
}
