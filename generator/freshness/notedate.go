package freshness

import (
	"path/filepath"
	"strings"
)

// NoteDate is the day a note file was first committed to the git
// repository it lives in (YYYY-MM-DD), or "" when it is not in one: the
// date a note was written when neither its front matter nor its text says.
func NoteDate(file string) string {
	_, day := noteCommit(file)
	return day
}

// noteCommit is the commit that first added file to its repository and
// its day, or "" and "".
func noteCommit(file string) (commit, day string) {
	dir, base := filepath.Split(file)
	if dir == "" {
		dir = "."
	}
	out, err := git(dir, "log", "--diff-filter=A", "--follow", "--format=%H %cs", "--", base)
	if err != nil {
		return "", ""
	}
	l := lines(out)
	if len(l) == 0 {
		return "", ""
	}
	commit, day, _ = strings.Cut(strings.TrimSpace(l[len(l)-1]), " ")
	return commit, day
}
