package notes

import (
	"regexp"
	"strings"
)

// bareURLRE finds the start of a bare URL and its longest possible run.
var bareURLRE = regexp.MustCompile(`(?i)\b(?:https?://|ftp://|www\.)[^\s<>]*`)

// BareURLs returns the byte ranges of the bare URLs in text (plain text,
// outside code and links). It is the handbook's one idea of where a bare
// URL ends: the mentions it records are what generator/linkify links (the
// only autolinker; Hugo's is off), and what gen check judges. The rule is
// GFM's extended autolink, plus quotes:
//
//   - trailing ? ! . , : * _ ~ ' " are prose, not URL ("see
//     https://x/a." and "'ftp://host/x'" end before the punctuation);
//   - a trailing ")" belongs to the URL only if it closes a "(" inside
//     it: "(https://host/a_(b))" is https://host/a_(b);
//   - a trailing entity-like "&name;" is prose.
func BareURLs(text string) [][2]int {
	var out [][2]int
	for _, m := range bareURLRE.FindAllStringIndex(text, -1) {
		end := m[0] + bareURLEnd(text[m[0]:m[1]])
		if end > m[0] && !strings.HasSuffix(text[m[0]:end], "://") {
			out = append(out, [2]int{m[0], end})
		}
	}
	return out
}

// bareURLEnd is where the URL u (a maximal run of non-space) ends.
func bareURLEnd(u string) int {
	for {
		n := len(u)
		u = strings.TrimRight(u, `?!.,:*_~'"`)
		if strings.HasSuffix(u, ")") && strings.Count(u, "(") < strings.Count(u, ")") {
			u = u[:len(u)-1]
		}
		if strings.HasSuffix(u, ";") {
			if i := strings.LastIndexByte(u, '&'); i >= 0 && isEntityName(u[i+1:len(u)-1]) {
				u = u[:i]
			}
		}
		if len(u) == n {
			return n
		}
	}
}

func isEntityName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnumByte(s[i]) {
			return false
		}
	}
	return true
}

func isAlnumByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
