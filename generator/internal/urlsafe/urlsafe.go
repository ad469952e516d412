// Package urlsafe is the handbook's one decision about which URLs may
// become links. notes applies it to what a note links (notes.URLSafety),
// linkify and emit to the links they make; it is a leaf package so that
// each can use it without depending on another stage.
package urlsafe

import (
	"html"
	"strings"
)

// Check is the handbook's one decision about which URLs written in a
// note may become links. Only http, https and mailto URLs, fragments
// ("#x") and relative URLs are safe; anything else — javascript:, data:,
// vbscript:, file:, any other scheme, a protocol-relative "//host" — is
// rendered as inert text, and gen check reports it with the note's line.
//
// The scheme is read the way a browser reads it (WHATWG URL parsing), not
// the way the text looks: leading spaces and control characters are
// ignored, tabs and newlines anywhere are removed, and the scheme is
// case-insensitive. So "JaVaScRiPt:", " javascript:", "java\tscript:"
// (from "java&#x09;script:" after entity decoding) are all javascript:.
// dest is the destination as goldmark parsed it, which is what the
// renderer receives: backslash escapes and entity references are still
// raw ("jav&#x09;ascript:"). Both that text and its decoded form are
// judged; either being unsafe makes the URL unsafe.
func Check(dest string) (safe bool, why string) {
	if safe, why = urlSafety(dest); safe {
		if dec := html.UnescapeString(UnescapeBackslashes(dest)); dec != dest {
			safe, why = urlSafety(dec)
		}
	}
	return safe, why
}

// UnescapeBackslashes drops CommonMark's backslash before ASCII
// punctuation ("javascript\:" is "javascript:"; "a\_b.md" names a_b.md).
func UnescapeBackslashes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func urlSafety(dest string) (safe bool, why string) {
	u := strings.TrimLeft(dest, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	u = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, u)
	// "//host" and "\\host" (browsers read a backslash as a slash) leave
	// the site without a scheme: not a relative link to a handbook page.
	if len(u) >= 2 && (u[0] == '/' || u[0] == '\\') && (u[1] == '/' || u[1] == '\\') {
		return false, "protocol-relative URL (write https://)"
	}
	scheme, ok := schemeOf(u)
	if !ok {
		return true, "" // relative: a path, "?query" or "#fragment"
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "mailto":
		return true, ""
	}
	return false, "scheme " + strings.ToLower(scheme) + ": is not allowed (only http, https, mailto, #fragments and relative links)"
}

// schemeOf returns the scheme of u as a browser parses it: an ASCII letter,
// then letters, digits, "+", "-" or ".", then ":". Anything else before
// the first ":" (a "/", a space, a non-ASCII letter) makes u relative.
func schemeOf(u string) (string, bool) {
	for i := 0; i < len(u); i++ {
		c := u[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return u[:i], true
		default:
			return "", false
		}
	}
	return "", false
}
