// Package envcheck reads the values of nvFuser's option-family variables
// (NVFUSER_DUMP, _ENABLE, _DISABLE, _PROF) the way nvFuser's own parser,
// parseEnvOptions in csrc/options.cpp, does, and gives a verdict on an
// assignment or a whole env script: each option with its page, or the
// first place nvFuser would reject the value, why, and what it would
// accept instead.
//
// It is written once here and once in the browser (static/js/compose.js,
// the /compose/ page); TestBrowserPortAgrees holds the two to identical
// verdicts. The tokenizer (Split) is also what the note extractor uses to
// find the options a note sets (notes.SplitOptions).
package envcheck

import "strings"

// Token is one option in an option-family value.
type Token struct {
	Name   string
	Args   []string // nil without "(", [""] for "()"
	Offset int      // byte offset of Name in the value
}

// Syntax error kinds. They are part of the verdict JSON; do not rename.
const (
	ErrUnknownOption = "unknown-option" // the name is not in the family's table
	ErrRemovedOption = "removed-option" // only env_options.yaml (or history) still knows it
	ErrEmptyOption   = "empty-option"   // ",," or a leading "," or "(" names nothing
	ErrUnclosed      = "unclosed-paren" // "(" without a later ")"
	ErrMissingComma  = "missing-comma"  // ")" followed by something other than ","
)

// SplitError is where Split stopped, as nvFuser would.
type SplitError struct {
	Kind   string
	Offset int // byte offset in the value: the name, the "(" or the byte after ")"
	// Partial is the token being read when the error struck. For an
	// unclosed "(" the unread remainder, if any, is kept as its last
	// argument, so that a caller listing tokens can still show it.
	Partial Token
}

// Split reads value as nvFuser does: the option name runs to the first ","
// or "("; after "(" arguments are separated by "," up to the first ")",
// which must be followed by "," or the end of the value. A trailing ","
// is accepted. nvFuser checks the name before reading its arguments, so
// when valid is not nil a name it rejects stops Split there
// (ErrUnknownOption; the caller refines the kind). With valid nil every
// name passes, the empty one included.
//
// Split returns the tokens read before the first error, and that error.
func Split(value string, valid func(string) bool) ([]Token, *SplitError) {
	var out []Token
	rest, off := value, 0
	for rest != "" {
		comma := indexOr(rest, ',')
		lparen := indexOr(rest, '(')
		end := min(comma, lparen)
		tok := Token{Name: rest[:end], Offset: off}
		if valid != nil && !valid(tok.Name) {
			return out, &SplitError{Kind: ErrUnknownOption, Offset: off, Partial: tok}
		}
		if end == len(rest) {
			rest, off = "", off+end
		} else {
			rest, off = rest[end+1:], off+end+1
		}
		if lparen < comma {
			open := off - 1
			for closed := false; !closed; {
				c := indexOr(rest, ',')
				r := indexOr(rest, ')')
				if r == len(rest) {
					if rest != "" {
						tok.Args = append(tok.Args, rest)
					}
					return out, &SplitError{Kind: ErrUnclosed, Offset: open, Partial: tok}
				}
				e := min(c, r)
				tok.Args = append(tok.Args, rest[:e])
				rest, off = rest[e+1:], off+e+1
				closed = r < c
			}
			if rest != "" {
				if rest[0] != ',' {
					return out, &SplitError{Kind: ErrMissingComma, Offset: off, Partial: tok}
				}
				rest, off = rest[1:], off+1
			}
		}
		out = append(out, tok)
	}
	return out, nil
}

// indexOr is strings.IndexByte with "not found" mapped to len(s), so that
// comparisons read like the C++ parser's comparisons with npos.
func indexOr(s string, c byte) int {
	if i := strings.IndexByte(s, c); i >= 0 {
		return i
	}
	return len(s)
}
