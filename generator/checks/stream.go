package checks

import (
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
)

// Many checks print a message built beforehand in a string stream:
//
//	std::stringstream ss;
//	ss << "Precomputed values failed to validate.\n" << detail;
//	NVF_ERROR(false, ss.str());
//
// A message argument that is such a stream (name, or name.str()) is read
// as what was written into it, in source order, between its declaration
// and the check: literals as text, anything else as a value.

// streamWindow is how far back (in tokens) the declaration is looked for.
const streamWindow = 600

var streamTypes = map[string]bool{"stringstream": true, "ostringstream": true}

// stringTypes declare a message held in a string: std::string msg("...")
// or std::string msg = "..."; only a literal initializer is read.
var stringTypes = map[string]bool{"string": true, "string_view": true}

// streamName returns the stream an argument names: `ss` or `ss.str()`.
func streamName(arg []cpplex.Token) (string, bool) {
	switch {
	case len(arg) == 1 && arg[0].Kind == cpplex.Ident:
		return arg[0].Text, true
	case len(arg) == 5 && arg[0].Kind == cpplex.Ident && arg[1].Is(".") && arg[2].Is("str") && arg[3].Is("(") && arg[4].Is(")"):
		return arg[0].Text, true
	}
	return "", false
}

// streamPieces reads what was streamed into name before code[call]: the
// message pieces, with one value between two pieces. ok is false when no
// stream of that name is declared shortly before, after code[from] (the
// function's body: another function's parameter with a default value is
// not this message). A stream handed to a function or a printer object
// (printer(ss), IrPrinter p(ss)) gets a value there, when printers is set.
//
// slots are the expressions written at each value (one fewer than pieces).
func streamPieces(code []cpplex.Token, call int, name string, from int, printers bool) (pieces, slots []string, ok bool) {
	decl := -1
	for j := call - 1; j >= 1 && j > from && j >= call-streamWindow; j-- {
		if !code[j].Is(name) || code[j-1].Kind != cpplex.Ident {
			continue
		}
		if streamTypes[code[j-1].Text] {
			decl = j
			break
		}
		if stringTypes[code[j-1].Text] {
			pieces, ok := stringInit(code, j+1, call)
			return pieces, nil, ok
		}
	}
	if decl < 0 {
		return nil, nil, false
	}
	pieces = []string{""}
	for j := decl + 1; j+2 < call; j++ {
		if printers && code[j].Is(name) && (code[j-1].Is("(") || code[j-1].Is(",")) && (code[j+1].Is(")") || code[j+1].Is(",")) {
			pieces = append(pieces, "") // written by a printer: a value
			slots = append(slots, printerSlot(code, j))
			continue
		}
		if !code[j].Is(name) || !code[j+1].Is("<") || !code[j+2].Is("<") {
			continue
		}
		// name << a << "b" << c ... ;
		k := j + 1
		for k+1 < call && code[k].Is("<") && code[k+1].Is("<") {
			k += 2
			start := k
			depth := 0
			for k < call {
				t := code[k]
				if depth == 0 && (t.Is(";") || (t.Is("<") && k+1 < call && code[k+1].Is("<"))) {
					break
				}
				switch {
				case t.Is("(") || t.Is("[") || t.Is("{"):
					depth++
				case t.Is(")") || t.Is("]") || t.Is("}"):
					depth--
				}
				k++
			}
			operand := code[start:k]
			if allStrings(operand) {
				for _, s := range operand {
					pieces[len(pieces)-1] += s.StringValue()
				}
			} else if len(operand) > 0 {
				pieces = append(pieces, "")
				slots = append(slots, Spell(operand))
			}
		}
		j = k
	}
	return pieces, slots, true
}

// stringInit reads a string's literal initializer starting at code[i]:
// ("a" "b"), = "a" "b"; or {"a"}.
func stringInit(code []cpplex.Token, i, limit int) ([]string, bool) {
	if i >= limit || !(code[i].Is("(") || code[i].Is("=") || code[i].Is("{")) {
		return nil, false
	}
	text := ""
	j := i + 1
	for ; j < limit && code[j].Kind == cpplex.String; j++ {
		text += code[j].StringValue()
	}
	if j == i+1 || j >= limit || !(code[j].Is(")") || code[j].Is(";") || code[j].Is("}")) {
		return nil, false
	}
	return []string{text}, true
}

// printerSlot labels what a printer writes into the stream code[j]
// handed to it: "print(ss)", or the stream's name.
func printerSlot(code []cpplex.Token, j int) string {
	if j >= 2 && code[j-1].Is("(") && code[j-2].Kind == cpplex.Ident {
		return code[j-2].Text + "(" + code[j].Text + ")"
	}
	return code[j].Text
}
