// Package cpplex is a small C++ tokenizer, just good enough to find
// declarations and calls in nvFuser's sources without being fooled by
// comments, string literals or preprocessor lines.
//
// It does not preprocess, does not know keywords and does not build a syntax
// tree. Its one promise is that every byte of the input ends up in exactly one
// token (or in whitespace), so a brace inside a comment or a quote inside a
// raw string cannot throw a caller's bracket matching off.
package cpplex

import (
	"fmt"
	"strings"
)

// Kind is the kind of a token.
type Kind uint8

const (
	Ident   Kind = iota + 1 // identifiers and keywords
	Number                  // pp-numbers: 12, 0x1f, 1'000, 1.5e-3f
	String                  // "..." with an optional encoding prefix, and raw strings
	Char                    // '...' with an optional encoding prefix
	Punct                   // one byte of punctuation, except "::" which is one token
	Comment                 // // and /* */ comments, markers included
	Preproc                 // a preprocessor directive; see Token.Directive
)

func (k Kind) String() string {
	switch k {
	case Ident:
		return "ident"
	case Number:
		return "number"
	case String:
		return "string"
	case Char:
		return "char"
	case Punct:
		return "punct"
	case Comment:
		return "comment"
	case Preproc:
		return "preproc"
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Token is one lexeme.
type Token struct {
	Kind    Kind
	Text    string // the exact source text
	Line    int    // 1-based line of the first byte
	EndLine int    // line of the last byte
	Col     int    // 1-based byte column of the first byte

	// Trailing is set on a comment that follows other tokens on its line,
	// as in "Foo, //!< doc". Doc-comment attachment depends on it.
	Trailing bool

	// Directive is set on the tokens of a #define body. Such tokens are
	// lexed normally because macros in nvFuser do consult options (a
	// scanner wants to see them), but they are not part of the surrounding
	// declarations, so Code drops them.
	Directive bool
}

// Error is a lexing error at a line.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Lex splits src into tokens. On error it returns the tokens before the
// offending one together with an *Error, so callers that only look for a few
// patterns can still use what was read.
func Lex(src []byte) ([]Token, error) {
	l := &lexer{src: src, line: 1}
	for {
		tok, ok, err := l.next()
		if err != nil {
			return l.toks, err
		}
		if !ok {
			return l.toks, nil
		}
		l.toks = append(l.toks, tok)
	}
}

// Code returns the tokens that make up declarations and statements: no
// comments, no preprocessor directives, no macro bodies.
func Code(toks []Token) []Token {
	out := make([]Token, 0, len(toks))
	for _, t := range toks {
		if t.Kind == Comment || t.Kind == Preproc || t.Directive {
			continue
		}
		out = append(out, t)
	}
	return out
}

// Is reports whether t is the punctuation or identifier s.
func (t Token) Is(s string) bool {
	return (t.Kind == Punct || t.Kind == Ident) && t.Text == s
}

// StringValue returns the contents of a String token: without encoding
// prefix and quotes, with the simple escapes resolved. Raw strings are
// returned verbatim. For other kinds it returns "".
func (t Token) StringValue() string {
	if t.Kind != String {
		return ""
	}
	s := t.Text
	q := strings.IndexByte(s, '"')
	if q < 0 {
		return ""
	}
	if q > 0 && s[q-1] == 'R' { // raw string: R"delim( ... )delim"
		body := s[q+1 : len(s)-1]
		open := strings.IndexByte(body, '(')
		if open < 0 {
			return ""
		}
		delim := body[:open]
		return strings.TrimSuffix(body[open+1:], ")"+delim)
	}
	return unescape(s[q+1 : len(s)-1])
}

func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '\n': // line splice
		case '\\', '"', '\'', '?':
			b.WriteByte(s[i])
		default:
			// Octal, hex and universal escapes are not modelled: keep them
			// as written rather than invent a value.
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
