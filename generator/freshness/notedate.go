package freshness

import (
	"path/filepath"
	"strings"
)

// NoteDate is the day a note file was first committed to the git
// repository it lives in (YYYY-MM-DD), or "" when it is not in one: the
// date a note was written when neither its front matter nor its text says.
func NoteDate(file string) string {
	dir, base := filepath.Split(file)
	if dir == "" {
		dir = "."
	}
	out, err := git(dir, "log", "--diff-filter=A", "--follow", "--format=%cs", "--", base)
	if err != nil {
		return ""
	}
	l := lines(out)
	if len(l) == 0 {
		return ""
	}
	return strings.TrimSpace(l[len(l)-1])
}
