package notes

import "strings"

// OptionToken is one option in the value of an option-family variable.
type OptionToken struct {
	Name   string
	Args   []string
	Offset int // byte offset of Name in the value
	// Malformed is set when nvFuser would reject the token's syntax: an
	// unclosed "(" or text other than "," after ")". The token is still
	// returned so the note can be flagged.
	Malformed bool
}

// SplitOptions splits a value such as "fusion_ir,launch_param(3,4)" the
// way nvFuser's parseEnvOptions (csrc/options.cpp) does: the option name
// runs to the first "," or "("; after "(" arguments are separated by ","
// up to ")", which must be followed by "," or the end. nvFuser stops at the
// first syntax error; so does SplitOptions, marking that token Malformed.
// Empty names (from ",," or a trailing ",") are skipped.
func SplitOptions(value string) []OptionToken {
	var out []OptionToken
	rest, off := value, 0
	for rest != "" {
		comma := indexOr(rest, ',')
		lparen := indexOr(rest, '(')
		end := min(comma, lparen)
		tok := OptionToken{Name: rest[:end], Offset: off}
		if end == len(rest) {
			rest, off = "", off+end
		} else {
			rest, off = rest[end+1:], off+end+1
		}
		if lparen < comma {
			for closed := false; !closed; {
				c := indexOr(rest, ',')
				r := indexOr(rest, ')')
				if r == len(rest) {
					// Unclosed "(": nvFuser throws here. The remainder is
					// kept as one argument, commas and all, so the token
					// stays distinguishable from a well-formed one.
					tok.Malformed = true
					if rest != "" {
						tok.Args = append(tok.Args, rest)
					}
					return appendToken(out, tok)
				}
				e := min(c, r)
				tok.Args = append(tok.Args, rest[:e])
				rest, off = rest[e+1:], off+e+1
				closed = r < c
			}
			if rest != "" {
				if rest[0] != ',' {
					tok.Malformed = true
					return appendToken(out, tok)
				}
				rest, off = rest[1:], off+1
			}
		}
		out = appendToken(out, tok)
	}
	return out
}

func appendToken(out []OptionToken, t OptionToken) []OptionToken {
	if t.Name == "" && !t.Malformed {
		return out
	}
	return append(out, t)
}

// indexOr is strings.IndexByte with "not found" mapped to len(s), mirroring
// std::string_view::npos comparisons in the C++ parser.
func indexOr(s string, c byte) int {
	if i := strings.IndexByte(s, c); i >= 0 {
		return i
	}
	return len(s)
}
