package checks

import (
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Some checks carry the errors nvFuser caught before raising them: the
// parallel compiler catches each segment's error, writes it after a line
// of its own into a string, and one check raises them all:
//
//	} catch (const std::exception& e) {
//	  std::stringstream ss;
//	  ss << thread_pool_error_message << "\nError from segmentation group "
//	     << group_to_run->groupId() << ": " << e.what() << "\n";
//	  thread_pool_error_message = ss.str();
//	}
//	...
//	NVF_ERROR(thread_pool_error_message.empty(), "Detected exception ...",
//	          thread_pool_error_message, ...);
//
// A message argument that is a plain name (or name.str()), assigned in a
// catch clause of the same function from a stream that writes the caught
// exception's what(), makes the check a wrapper; the text streamed just
// before what() (back to the name itself or the stream's start) is what
// the wrapper prints before each inner error, a template with values as
// model.Placeholder: "Error from segmentation group {}:". A paste is cut
// at each such text (generator/lookup), so that each inner error is
// matched on its own.

// Caught returns the templates the call's message prints before each
// caught error it carries, white space trimmed; nil for a check that
// carries none.
func (c Call) Caught() []string {
	if c.code == nil || c.from <= 0 {
		return nil
	}
	var out []string
	for _, arg := range c.Message() {
		name, ok := streamName(arg)
		if !ok {
			continue
		}
		for _, t := range caughtInto(c.code[c.from:c.at], name) {
			if !containsString(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// caughtInto reads each catch clause of code that assigns name from a
// stream writing the caught exception's what().
func caughtInto(code []cpplex.Token, name string) []string {
	var out []string
	for i := 0; i+1 < len(code); i++ {
		if !code[i].Is("catch") || !code[i+1].Is("(") {
			continue
		}
		params, end, ok := Args(code, i+1)
		if !ok || len(params) != 1 || len(params[0]) == 0 || end+1 >= len(code) || !code[end+1].Is("{") {
			continue
		}
		ex := params[0][len(params[0])-1]
		if ex.Kind != cpplex.Ident {
			continue
		}
		body, close := block(code, end+1)
		if t, ok := caughtText(body, ex.Text, name); ok {
			out = append(out, t)
		}
		i = close
	}
	return out
}

// block returns the tokens inside the braces opening at code[open] and
// the index of the closing brace (the end of code when unclosed).
func block(code []cpplex.Token, open int) ([]cpplex.Token, int) {
	depth := 0
	for k := open; k < len(code); k++ {
		switch {
		case code[k].Is("{"):
			depth++
		case code[k].Is("}"):
			if depth--; depth == 0 {
				return code[open+1 : k], k
			}
		}
	}
	return code[open+1:], len(code) - 1
}

// caughtText finds, in a catch body, the statement streaming ex.what()
// into a stream that name is then assigned from (or into name itself),
// and returns the text streamed just before ex.what().
func caughtText(body []cpplex.Token, ex, name string) (string, bool) {
	for k := 0; k+4 < len(body); k++ {
		if !(body[k].Is(ex) && body[k+1].Is(".") && body[k+2].Is("what") && body[k+3].Is("(") && body[k+4].Is(")")) {
			continue
		}
		start := k
		for start > 0 && !body[start-1].Is(";") && !body[start-1].Is("{") && !body[start-1].Is("}") {
			start--
		}
		ops := operands(body[start:k])
		if len(ops) < 2 || len(ops[0]) != 1 || ops[0][0].Kind != cpplex.Ident {
			continue
		}
		stream := ops[0][0].Text
		if stream != name && !assigns(body[k:], name, stream) {
			continue
		}
		// Back from what() to the accumulated message or the stream.
		from := len(ops)
		for from > 1 && !(len(ops[from-1]) == 1 && ops[from-1][0].Is(name)) {
			from--
		}
		pieces := []string{""}
		for _, op := range ops[from:] {
			if allStrings(op) {
				for _, s := range op {
					pieces[len(pieces)-1] += s.StringValue()
				}
			} else {
				pieces = append(pieces, "")
			}
		}
		t := strings.Trim(strings.Join(pieces, model.Placeholder), " \t\n\r\f\v")
		// Only a text of words marks an inner error: a bare value does not.
		if hasOwnWords(t) {
			return t, true
		}
	}
	return "", false
}

// operands splits "a << b << c <<" (the statement up to what()) at the
// top-level "<<": a, b, c.
func operands(toks []cpplex.Token) [][]cpplex.Token {
	var out [][]cpplex.Token
	depth, from := 0, 0
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch {
		case t.Is("(") || t.Is("[") || t.Is("{"):
			depth++
		case t.Is(")") || t.Is("]") || t.Is("}"):
			depth--
		case depth == 0 && t.Is("<") && k+1 < len(toks) && toks[k+1].Is("<"):
			out = append(out, toks[from:k])
			k++
			from = k + 1
		}
	}
	if from < len(toks) {
		out = append(out, toks[from:])
	}
	return out
}

// assigns: the tokens hold "name = stream.str()" or "name = stream".
func assigns(toks []cpplex.Token, name, stream string) bool {
	for k := 0; k+2 < len(toks); k++ {
		if toks[k].Is(name) && toks[k+1].Is("=") && toks[k+2].Is(stream) {
			return true
		}
	}
	return false
}

// hasOwnWords: a letter outside the placeholders.
func hasOwnWords(t string) bool {
	t = strings.ReplaceAll(t, model.Placeholder, "")
	for i := 0; i < len(t); i++ {
		if c := t[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
