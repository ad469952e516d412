package cpplex

import "bytes"

// lexer holds the position while Lex walks the input.
type lexer struct {
	src       []byte
	pos       int
	line      int
	lineStart int // offset of the first byte of the current line

	// codeOnLine is set once a non-comment token starts on the current
	// physical line: it makes a following comment Trailing and a following
	// '#' ordinary punctuation.
	codeOnLine bool
	// inDirective is set between "#define" and the end of its logical line.
	inDirective bool

	toks []Token
}

// next returns the next token, ok=false at the end of input.
func (l *lexer) next() (Token, bool, error) {
	l.skipSpace()
	if l.pos >= len(l.src) {
		return Token{}, false, nil
	}
	start, line := l.pos, l.line
	tok := Token{Line: line, Col: start - l.lineStart + 1}
	c := l.src[start]
	var err error
	switch {
	case c == '/' && l.peek(1) == '/':
		tok.Kind, tok.Trailing = Comment, l.codeOnLine
		l.lineComment()
	case c == '/' && l.peek(1) == '*':
		tok.Kind, tok.Trailing = Comment, l.codeOnLine
		err = l.blockComment()
	case c == '#' && !l.codeOnLine && !l.inDirective:
		tok.Kind = Preproc
		l.directive()
	case c == '"':
		tok.Kind = String
		err = l.quoted('"')
	case c == '\'':
		tok.Kind = Char
		err = l.quoted('\'')
	case isIdentStart(c):
		tok.Kind, err = l.identOrLiteral(start)
	case isDigit(c) || (c == '.' && isDigit(l.peek(1))):
		tok.Kind = Number
		l.number()
	case c == 0:
		return Token{}, false, &Error{Line: line, Msg: "binary data (NUL byte)"}
	case c < 0x20 || c == 0x7f:
		return Token{}, false, &Error{Line: line, Msg: "unexpected control character"}
	default:
		tok.Kind = Punct
		l.pos++
		if c == ':' && l.peek(0) == ':' {
			l.pos++
		}
	}
	if err != nil {
		return Token{}, false, err
	}
	tok.Text = string(l.src[start:l.pos])
	tok.EndLine = l.line
	if tok.Kind != Comment {
		tok.Directive = l.inDirective && tok.Kind != Preproc
		l.codeOnLine = true
	}
	return tok, true, nil
}

func (l *lexer) peek(n int) byte {
	if l.pos+n < len(l.src) {
		return l.src[l.pos+n]
	}
	return 0
}

// newline records that the byte at offset i is a '\n'.
func (l *lexer) newline(i int) {
	l.line++
	l.lineStart = i + 1
}

// advanceTo moves to offset end, counting the newlines passed.
func (l *lexer) advanceTo(end int) {
	for i := l.pos; i < end; i++ {
		if l.src[i] == '\n' {
			l.newline(i)
		}
	}
	l.pos = end
}

// splice reports the length of a backslash-newline at offset i, or 0.
func (l *lexer) splice(i int) int {
	if i >= len(l.src) || l.src[i] != '\\' {
		return 0
	}
	if i+1 < len(l.src) && l.src[i+1] == '\n' {
		return 2
	}
	if i+2 < len(l.src) && l.src[i+1] == '\r' && l.src[i+2] == '\n' {
		return 3
	}
	return 0
}

func (l *lexer) skipSpace() {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			l.newline(l.pos)
			l.pos++
			l.codeOnLine, l.inDirective = false, false
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
		case l.splice(l.pos) > 0:
			// A spliced line continues the logical line: a #define body
			// goes on, and so does "code on this line" for comments.
			l.advanceTo(l.pos + l.splice(l.pos))
		default:
			return
		}
	}
}

// lineEnd returns the offset of the newline ending the logical line that
// contains offset i (or len(src)), honouring backslash splices.
func (l *lexer) lineEnd(i int) int {
	for i < len(l.src) {
		if n := l.splice(i); n > 0 {
			i += n
			continue
		}
		if l.src[i] == '\n' {
			return i
		}
		i++
	}
	return i
}

func (l *lexer) lineComment() {
	end := l.lineEnd(l.pos)
	for end > l.pos && l.src[end-1] == '\r' {
		end--
	}
	l.advanceTo(end)
}

func (l *lexer) blockComment() error {
	line := l.line
	i := bytes.Index(l.src[l.pos+2:], []byte("*/"))
	if i < 0 {
		return &Error{Line: line, Msg: "unterminated /* comment"}
	}
	l.advanceTo(l.pos + 2 + i + 2)
	return nil
}

// directive consumes a preprocessor line. For #define only "#define" itself
// becomes the Preproc token and the body is lexed as Directive tokens; any
// other directive (#include <it's.h>, #error don't) is one opaque token,
// with block comments inside it skipped so they cannot hide its end.
func (l *lexer) directive() {
	i := l.pos + 1
	for i < len(l.src) && (l.src[i] == ' ' || l.src[i] == '\t') {
		i++
	}
	nameStart := i
	for i < len(l.src) && isIdentPart(l.src[i]) {
		i++
	}
	if string(l.src[nameStart:i]) == "define" {
		l.advanceTo(i)
		l.inDirective = true
		return
	}
	for {
		end := l.lineEnd(i)
		c := bytes.Index(l.src[i:end], []byte("/*"))
		if c < 0 {
			l.advanceTo(end)
			return
		}
		close := bytes.Index(l.src[i+c+2:], []byte("*/"))
		if close < 0 {
			l.advanceTo(len(l.src))
			return
		}
		i = i + c + 2 + close + 2
	}
}

// quoted consumes a string or char literal whose opening quote is at the
// current position.
func (l *lexer) quoted(q byte) error {
	line := l.line
	what := "string literal"
	if q == '\'' {
		what = "character literal"
	}
	i := l.pos + 1
	for i < len(l.src) {
		switch c := l.src[i]; {
		case c == q:
			l.advanceTo(i + 1)
			return nil
		case c == '\\':
			i += 2
		case c == '\n':
			return &Error{Line: line, Msg: "unterminated " + what}
		default:
			i++
		}
	}
	return &Error{Line: line, Msg: "unterminated " + what}
}

// identOrLiteral consumes an identifier, or an encoding-prefixed literal
// (u8"x", L'c') or a raw string (R"d(...)d") that starts like one.
func (l *lexer) identOrLiteral(start int) (Kind, error) {
	i := start
	for i < len(l.src) && isIdentPart(l.src[i]) {
		i++
	}
	word := string(l.src[start:i])
	next := byte(0)
	if i < len(l.src) {
		next = l.src[i]
	}
	switch {
	case next == '"' && (word == "R" || word == "u8R" || word == "uR" || word == "UR" || word == "LR"):
		l.pos = i
		return String, l.raw()
	case (next == '"' || next == '\'') && (word == "u8" || word == "u" || word == "U" || word == "L"):
		l.pos = i
		if next == '"' {
			return String, l.quoted('"')
		}
		return Char, l.quoted('\'')
	}
	l.pos = i
	return Ident, nil
}

// raw consumes a raw string literal; the position is at its opening quote.
func (l *lexer) raw() error {
	line := l.line
	i := l.pos + 1
	open := -1
	for j := i; j < len(l.src) && j-i <= 16; j++ {
		c := l.src[j]
		if c == '(' {
			open = j
			break
		}
		if c == ')' || c == '\\' || c == '"' || c <= ' ' {
			break
		}
	}
	if open < 0 {
		return &Error{Line: line, Msg: "bad raw string delimiter"}
	}
	closing := ")" + string(l.src[i:open]) + `"`
	end := bytes.Index(l.src[open+1:], []byte(closing))
	if end < 0 {
		return &Error{Line: line, Msg: "unterminated raw string literal"}
	}
	l.advanceTo(open + 1 + end + len(closing))
	return nil
}

// number consumes a pp-number: digits, letters, '.', exponent signs and
// digit separators, which is enough to keep 1'000 from opening a char
// literal.
func (l *lexer) number() {
	i := l.pos + 1
	for i < len(l.src) {
		c := l.src[i]
		switch {
		case isIdentPart(c) || c == '.':
			i++
		case (c == '+' || c == '-') && isExp(l.src[i-1]):
			i++
		case c == '\'' && i+1 < len(l.src) && isIdentPart(l.src[i+1]) && l.src[i+1] < 0x80:
			i += 2
		default:
			l.advanceTo(i)
			return
		}
	}
	l.advanceTo(i)
}

func isExp(c byte) bool   { return c == 'e' || c == 'E' || c == 'p' || c == 'P' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Bytes >= 0x80 are accepted in identifiers so UTF-8 names (and stray
// non-ASCII) lex as words instead of failing.
func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}
func isIdentPart(c byte) bool { return isIdentStart(c) || isDigit(c) }
