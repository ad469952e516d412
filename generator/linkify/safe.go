package linkify

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// safe reports whether wrapping body[start:end] in "[" and "](...)" leaves
// the rest of the markdown meaning what it did. It reads bytes only:
//
//   - not after "!" (the link would become an image), "\" (the "[" would
//     be escaped) or "]" (it would read as a reference label);
//   - outside a code span, no "\", "[", "]" or "`" in the text, which could
//     escape or pair with the added brackets;
//   - every emphasis or strikethrough delimiter run touching either end
//     can still open and close exactly as before (CommonMark's flanking
//     rules): "**NVFUSER_DUMP**a" closes only because "P" precedes the
//     run, which the ")" of a link would change.
func safe(body []byte, start, end int, code bool) bool {
	if start > 0 {
		switch body[start-1] {
		case '!', '\\', ']':
			return false
		}
	}
	if !code && bytes.ContainsAny(body[start:end], "\\[]`") {
		return false
	}
	return delimitersKept(body, start, '[', true) && delimitersKept(body, end, ')', false) &&
		// The text's own first and last characters get new neighbours too.
		delimitersKept(body, start, '[', false) && delimitersKept(body, end, ']', true)
}

// autolinkSafe is safe for wrapping body[start:end] in "<" and ">": not
// after "\" (the "<" would be escaped), and every delimiter run touching
// either end still opens and closes as before.
func autolinkSafe(body []byte, start, end int) bool {
	if start > 0 && body[start-1] == '\\' {
		return false
	}
	return delimitersKept(body, start, '<', true) && delimitersKept(body, end, '>', false) &&
		delimitersKept(body, start, '<', false) && delimitersKept(body, end, '>', true)
}

// delimitersKept checks the delimiter run that ends at i (before) or
// starts at i (!before) when the character on the other side of i becomes
// added. A run that would be split by the edit is never kept.
func delimitersKept(body []byte, i int, added rune, before bool) bool {
	var s, e int // the run, body[s:e]
	if before {
		if i == 0 || !isDelim(body[i-1]) {
			return true
		}
		s, e = runAround(body, i-1)
	} else {
		if i >= len(body) || !isDelim(body[i]) {
			return true
		}
		s, e = runAround(body, i)
	}
	if s < i && i < e {
		return false // "[" or "](" would land inside the run
	}
	prev, next := runeBefore(body, s), runeAt(body, e)
	c := body[s]
	for _, symbolsArePunct := range []bool{true, false} {
		o1, c1 := canOpenClose(c, prev, next, symbolsArePunct)
		var o2, c2 bool
		if before {
			o2, c2 = canOpenClose(c, prev, added, symbolsArePunct)
		} else {
			o2, c2 = canOpenClose(c, added, next, symbolsArePunct)
		}
		if o1 != o2 || c1 != c2 {
			return false
		}
	}
	return true
}

func isDelim(c byte) bool { return c == '*' || c == '_' || c == '~' }

// runAround is the maximal run of body[i]'s character around i.
func runAround(body []byte, i int) (int, int) {
	s, e := i, i+1
	for s > 0 && body[s-1] == body[i] {
		s--
	}
	for e < len(body) && body[e] == body[i] {
		e++
	}
	return s, e
}

// canOpenClose applies CommonMark's rules to a run of c between prev and
// next (a line or document edge counts as whitespace). Whether Unicode
// symbols count as punctuation differs between spec versions, so callers
// ask both ways.
func canOpenClose(c byte, prev, next rune, symbolsArePunct bool) (open, close bool) {
	ws := func(r rune) bool { return unicode.IsSpace(r) }
	punct := func(r rune) bool {
		if r < utf8.RuneSelf {
			return r > ' ' && r < 0x7f && !isAlnum(byte(r))
		}
		return unicode.IsPunct(r) || symbolsArePunct && unicode.IsSymbol(r)
	}
	left := !ws(next) && (!punct(next) || ws(prev) || punct(prev))
	right := !ws(prev) && (!punct(prev) || ws(next) || punct(next))
	if c == '_' {
		return left && (!right || punct(prev)), right && (!left || punct(next))
	}
	return left, right
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func runeBefore(body []byte, i int) rune {
	if i <= 0 {
		return '\n'
	}
	r, _ := utf8.DecodeLastRune(body[:i])
	return r
}

func runeAt(body []byte, i int) rune {
	if i >= len(body) {
		return '\n'
	}
	r, _ := utf8.DecodeRune(body[i:])
	return r
}
