package linkify

import (
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// destination writes d so that CommonMark parses it back as one link
// destination, in a table cell too:
//
//   - "|" would end a GFM table cell wherever it is, so it is
//     percent-encoded, as are "\" (an escape), "<" and ">" (which would
//     end an angle-bracket destination) and control characters;
//   - a destination with spaces or parentheses is wrapped in <...>,
//     where both are literal.
//
// It returns "" when nothing usable is left, and for a destination the
// handbook would refuse in a note (see notes.URLSafety): a repo_url of
// "javascript:..." must not make every mention a live script link. The
// render hook's own "missing:" marker is the one exception.
func destination(d string) string {
	if safe, _ := notes.URLSafety(d); !safe && !strings.HasPrefix(d, "missing:") {
		return ""
	}
	var b strings.Builder
	angle := false
	for _, r := range d {
		switch {
		case r == ' ' || r == '(' || r == ')':
			angle = true
			b.WriteRune(r)
		case r == '|' || r == '\\' || r == '<' || r == '>' || r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "%%%02X", r)
		default:
			b.WriteRune(r)
		}
	}
	s := strings.TrimSpace(b.String())
	if s == "" {
		return ""
	}
	if angle {
		return "<" + s + ">"
	}
	return s
}
