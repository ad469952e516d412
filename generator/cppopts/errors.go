// Package cppopts reads nvFuser's option tables (csrc/options.cpp) and
// option enums (csrc/options.h).
//
// Both files have changed shape many times since 2023: tables moved from
// function-local maps into static getters, the environment variable prefix
// moved from a literal "PYTORCH_NVFUSER_" into getNvFuserEnv, enums gained
// underlying types. The parsers work on cpplex tokens rather than lines so
// that every one of those shapes, and comments holding braces or quotes,
// read the same way.
package cppopts

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
)

// ParseError is a problem in an input file, at a line.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// lex tokenizes src, turning lexer errors and binary input into ParseErrors.
// Non-UTF-8 input is refused up front: these files are plain source, and
// junk would otherwise lex into nonsense identifiers.
func lex(path string, src []byte) ([]cpplex.Token, error) {
	if !utf8.Valid(src) {
		return nil, &ParseError{File: path, Line: firstInvalidLine(src), Msg: "not UTF-8 text"}
	}
	toks, err := cpplex.Lex(src)
	if err != nil {
		var le *cpplex.Error
		if errors.As(err, &le) {
			return nil, &ParseError{File: path, Line: le.Line, Msg: le.Msg}
		}
		return nil, &ParseError{File: path, Line: 1, Msg: err.Error()}
	}
	return toks, nil
}

func firstInvalidLine(src []byte) int {
	line := 1
	for len(src) > 0 {
		r, n := utf8.DecodeRune(src)
		if r == utf8.RuneError && n <= 1 {
			return line
		}
		if r == '\n' {
			line++
		}
		src = src[n:]
	}
	return line
}
