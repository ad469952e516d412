package linkify

import (
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/urlsafe"
	"github.com/nvfuser-handbook/handbook/generator/model"
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
// handbook would refuse in a note (urlsafe.Check): a repo_url of
// "javascript:..." must not make every mention a live script link.
func destination(d string) string {
	if safe, _ := urlsafe.Check(d); !safe {
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

// bareURL links a bare URL the notes stage found (notes.BareURLs decided
// where it ends): an http(s) URL becomes an autolink, "<https://...>",
// in which nothing is parsed; "www.x" a link to https://www.x. A URL
// urlsafe refuses (ftp://) stays text, as does one the edit would change
// the markdown around (see safe).
func bareURL(body []byte, m model.Mention) (edit, bool) {
	u := string(body[m.Start:m.End])
	lower := strings.ToLower(u)
	switch {
	case strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://"):
		// CommonMark's autolink admits no control character: one would
		// leave "<...>" on the page as text.
		if safeURL, _ := urlsafe.Check(u); !safeURL || strings.ContainsAny(u, "\\`<>") || hasControl(u) || !autolinkSafe(body, m.Start, m.End) {
			return edit{}, false
		}
		return edit{start: m.Start, end: m.End, auto: true}, true
	case strings.HasPrefix(lower, "www."):
		d := destination("https://" + u)
		if d == "" || !safe(body, m.Start, m.End, false) {
			return edit{}, false
		}
		return edit{start: m.Start, end: m.End, dest: d}, true
	}
	return edit{}, false
}

// hasControl reports an ASCII control character (space excluded), which
// CommonMark's autolink grammar does not allow.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return true
		}
	}
	return false
}
