package cppopts

import (
	"regexp"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
)

// commentLines returns the text of a comment token, one string per source
// line, with the comment markers removed: "//", "///", "//!", "//!<",
// "/*", "/**", "/*!", "*/", and a leading "*" on block comment lines.
func commentLines(t cpplex.Token) []string {
	s := t.Text
	if strings.HasPrefix(s, "//") {
		return []string{stripDocMarker(s[2:])}
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "/*"), "*/")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if i == 0 {
			l = strings.TrimLeft(l, "*")
			l = stripDocMarker(l)
		} else {
			l = strings.TrimSpace(strings.TrimPrefix(l, "*"))
		}
		lines[i] = l
	}
	return lines
}

// stripDocMarker removes a Doxygen marker (the "/" of "///", "!" of "//!",
// and the "<" of trailing "//!<") and surrounding space.
func stripDocMarker(s string) string {
	if strings.HasPrefix(s, "/") || strings.HasPrefix(s, "!") {
		s = s[1:]
	}
	s = strings.TrimPrefix(s, "<")
	return strings.TrimSpace(s)
}

// joinLines joins comment lines into one line: blank lines dropped, runs of
// spaces collapsed, pieces separated by single spaces.
func joinLines(lines []string) string {
	return strings.Join(strings.Fields(strings.Join(lines, " ")), " ")
}

// joinParagraphs keeps blank comment lines as paragraph breaks ("\n\n") and
// joins the lines of each paragraph with single spaces. Enum docs use it:
// their second paragraph names the environment variable.
func joinParagraphs(lines []string) string {
	var paras []string
	var cur []string
	flush := func() {
		if p := joinLines(cur); p != "" {
			paras = append(paras, p)
		}
		cur = nil
	}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			flush()
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return strings.Join(paras, "\n\n")
}

// envInDoc finds the variable an enum doc says its options are set through:
// "... through the `NVFUSER_DUMP` environment variable", or the reverse
// order "environment variable `NVFUSER_DUMP`".
var envInDoc = regexp.MustCompile("`([A-Z][A-Z0-9_]*)`\\s+environment\\s+variable|environment\\s+variable\\s+`([A-Z][A-Z0-9_]*)`")

func docEnv(doc string) string {
	m := envInDoc.FindStringSubmatch(doc)
	if m == nil {
		return ""
	}
	if m[1] != "" {
		return m[1]
	}
	return m[2]
}

// isNote reports whether comment text is a note to developers rather than
// a description: such lines sit between enumerators but describe nothing.
func isNote(text string) bool {
	for _, p := range []string{"TODO", "FIXME", "XXX", "HACK", "NOLINT", "clang-format"} {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	return false
}
