package cppopts

import "github.com/nvfuser-handbook/handbook/generator/internal/cpplex"

// function is one function definition found in a token stream: enough
// structure to know which function a table or a call sits in, what the
// function is called and what its signature mentions. Indexes are into the
// code token slice.
type function struct {
	sigStart int // first token after the previous ';', '{' or '}'
	open     int // the body's '{'
	close    int // its '}', or len(code) when the file ends first
	name     string
}

// outline finds function bodies: a '{' that follows a ')' (optionally with
// const/noexcept/override after it) and is not already inside a function.
// Braces inside a function (blocks, lambdas, initializer lists) belong to
// it. Namespaces, classes and enums are transparent, so methods defined in
// a class body are found too.
func outline(code []cpplex.Token) []function {
	type frame struct {
		fn int // index into fns, or -1
	}
	var (
		fns      []function
		stack    []frame
		boundary int // where the current declaration started
		inFn     = -1
	)
	for i, t := range code {
		if t.Kind != cpplex.Punct {
			continue
		}
		switch t.Text {
		case "{":
			fn := -1
			if inFn < 0 && opensBody(code, i) {
				fns = append(fns, function{sigStart: boundary, open: i, close: len(code), name: funcName(code[boundary:i])})
				fn = len(fns) - 1
				inFn = fn
			}
			stack = append(stack, frame{fn: fn})
			if inFn < 0 {
				boundary = i + 1
			}
		case "}":
			if len(stack) == 0 {
				boundary = i + 1
				continue // stray brace: ignore rather than fail
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top.fn >= 0 {
				fns[top.fn].close = i
				inFn = -1
			}
			if inFn < 0 {
				boundary = i + 1
			}
		case ";":
			if inFn < 0 {
				boundary = i + 1
			}
		}
	}
	return fns
}

// opensBody reports whether the '{' at i starts a function body.
func opensBody(code []cpplex.Token, i int) bool {
	for j := i - 1; j >= 0; j-- {
		t := code[j]
		switch {
		case t.Is(")"):
			return true
		case t.Kind == cpplex.Ident && (t.Text == "const" || t.Text == "noexcept" || t.Text == "override" ||
			t.Text == "final" || t.Text == "mutable" || t.Text == "volatile"):
			continue
		case t.Is("&"):
			continue // ref-qualified member function
		default:
			return false
		}
	}
	return false
}

// funcName returns the identifier before the first top-level '(' of a
// signature: "getEnableOptions", "getOptionsFromEnv", "parseEnvOptions".
func funcName(sig []cpplex.Token) string {
	angle := 0
	for j, t := range sig {
		switch {
		case t.Is("<"):
			angle++
		case t.Is(">") && angle > 0:
			angle--
		case t.Is("(") && angle == 0:
			if j > 0 && sig[j-1].Kind == cpplex.Ident {
				return sig[j-1].Text
			}
			return ""
		}
	}
	return ""
}

// enclosing maps each code token index to the function containing it, or -1.
func enclosing(n int, fns []function) []int {
	at := make([]int, n)
	for i := range at {
		at[i] = -1
	}
	for f, fn := range fns {
		for i := fn.open; i < fn.close && i < n; i++ {
			at[i] = f
		}
	}
	return at
}
