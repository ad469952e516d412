package notes

import "github.com/nvfuser-handbook/handbook/generator/envcheck"

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

// SplitOptions splits a value such as "fusion_ir,launch_param(3,4)" where
// nvFuser's parser does (envcheck.Split, without a table of valid names).
// nvFuser stops at the first syntax error; so does SplitOptions, marking
// that token Malformed. Empty names (from ",," or a trailing ",") are
// skipped: a note's value is read for the options it names, and the
// drift report flags what nvFuser would reject.
func SplitOptions(value string) []OptionToken {
	toks, err := envcheck.Split(value, nil)
	var out []OptionToken
	for _, t := range toks {
		if t.Name != "" {
			out = append(out, OptionToken{Name: t.Name, Args: t.Args, Offset: t.Offset})
		}
	}
	if err != nil { // with no table of names, only a syntax error
		p := err.Partial
		out = append(out, OptionToken{Name: p.Name, Args: p.Args, Offset: p.Offset, Malformed: true})
	}
	return out
}
