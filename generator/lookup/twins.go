package lookup

import (
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/rank"
)

// Undecided says plainly that one text is raised at several sites and
// nothing in the paste chose between them, and where they are ("" for a
// result without twins). gen lookup's text, its GitHub annotations and the
// /lookup/ page (lookup-page.js, twinsSentence) say the same words.
func (m Match) Undecided() string {
	if len(m.Twins) == 0 {
		return ""
	}
	places := make([]string, len(m.Twins))
	for i, s := range m.Twins {
		places[i] = s.Where()
	}
	n := fmt.Sprint(len(m.Twins))
	if len(m.Twins) >= rank.MaxTied {
		n += " or more" // the ties kept are capped
	}
	return fmt.Sprintf("%s checks print this text and nothing in the paste (frame, file, line, function, values) tells which raised it: %s.",
		n, strings.Join(places, "; "))
}

// Where is the site's file and line, and its function when it has one.
func (s Site) Where() string {
	w := fmt.Sprintf("%s:%d", s.File, s.Line)
	if s.Fn != "" {
		w += " in " + s.Fn
	}
	return w
}
