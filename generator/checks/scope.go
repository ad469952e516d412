package checks

import "github.com/nvfuser-handbook/handbook/generator/internal/cpplex"

// The function a check is in is found without parsing C++: a walk over the
// code tokens keeps a stack of brace scopes, and tells them apart by what
// comes before each "{":
//
//   - at namespace or class scope, NAME(...) [qualifiers] [: inits] { opens
//     the body of function NAME (Foo::bar -> "bar", ~Foo, operator==);
//   - class/struct/union/namespace/extern ... { opens a scope that can hold
//     function definitions;
//   - anywhere, [captures](...) ... { or [captures] { opens a lambda, whose
//     __func__ is "operator()";
//   - any other "{" (if, for, else, try, a brace initializer) opens a block.

type scopeKind uint8

const (
	scopeOuter scopeKind = iota // namespace, class, extern "C": definitions live here
	scopeFunc                   // a function body or a lambda
	scopeBlock                  // a block or a brace initializer
	scopeInit                   // braces inside a declaration: member{init}, f({a, b})
)

type scope struct {
	kind   scopeKind
	name   string // __func__ of a function scope
	within string // the named function a lambda is in
	// start is the index of the "{" opening the named function's body
	// (for a lambda, the body of the function around it): what a check
	// reads from its function comes after it, never from another
	// function's default arguments.
	start int
	// params are the tokens of a named function's parameter list.
	params []cpplex.Token
}

// notNames are identifiers followed by "(" at namespace scope that do not
// name the function being defined.
var notNames = map[string]bool{
	"decltype": true, "sizeof": true, "alignof": true, "alignas": true, "noexcept": true,
	"__attribute__": true, "__declspec": true, "static_assert": true, "requires": true,
	"throw": true, "explicit": true, "if": true, "for": true, "while": true, "switch": true,
	"return": true, "catch": true,
}

// tracker follows scopes over code tokens, one token at a time.
type tracker struct {
	code  []cpplex.Token
	stack []scope
	// macros are the function-like macros the file (or the tree) defines:
	// at namespace or class scope, NAME(...) with no ";" after it is the
	// preprocessor's, not a function being declared.
	macros map[string]bool
	open   int // index of the candidate's "(", -1 when none
	// legacy reads as the extractor did before issue 33 (no macro
	// invocations, operator[] taken for a lambda, lambdas in arguments at
	// namespace scope missed): the ids it gave stay as aliases.
	legacy bool
	// Declaration state at an outer scope.
	cand        string // the name before the last top-level "(" of this declaration
	depth       int    // ( and [ nesting inside the declaration
	afterParams bool   // the candidate's parameter list is closed
	initList    bool   // a constructor's ": member(init)" list follows
	classy      bool   // class/struct/union/namespace/enum/extern seen
	blocky      bool   // enum or "=" seen: a brace initializer follows
}

// current returns the function the walk is in: __func__ and the named
// function around it.
func (t *tracker) current() (name, within string) {
	s := t.function()
	if s == nil {
		return "", ""
	}
	return s.name, s.within
}

// function returns the innermost function scope the walk is in, nil
// outside any function.
func (t *tracker) function() *scope {
	for i := len(t.stack) - 1; i >= 0; i-- {
		if t.stack[i].kind == scopeFunc {
			return &t.stack[i]
		}
		if t.stack[i].kind == scopeOuter {
			break // a local class's scope: functions end here
		}
	}
	return nil
}

func (t *tracker) outer() bool {
	return len(t.stack) == 0 || t.stack[len(t.stack)-1].kind == scopeOuter
}

func (t *tracker) reset() {
	t.cand, t.depth, t.afterParams, t.initList, t.classy, t.blocky, t.open = "", 0, false, false, false, false, -1
}

// step accounts for code[i] and returns how many tokens it consumed
// beyond code[i] (an operator name spans several).
func (t *tracker) step(i int) int {
	tok := t.code[i]
	if t.outer() {
		return t.declaration(i)
	}
	if tok.Kind != cpplex.Punct {
		// A local class starts a statement; "(struct sockaddr*)&a" does not.
		if tok.Kind == cpplex.Ident && (tok.Text == "class" || tok.Text == "struct" || tok.Text == "union") &&
			(i == 0 || t.prevIs(i, ";") || t.prevIs(i, "{") || t.prevIs(i, "}")) {
			t.classy = true
		}
		return 0
	}
	switch tok.Text {
	case "{":
		switch {
		case t.legacy && t.stack[len(t.stack)-1].kind == scopeInit:
			t.stack = append(t.stack, scope{kind: scopeInit})
		case t.isLambda(i):
			t.stack = append(t.stack, t.lambda(i))
		case t.stack[len(t.stack)-1].kind == scopeInit:
			t.stack = append(t.stack, scope{kind: scopeInit})
		case t.classy && !t.prevIs(i, "="):
			t.stack = append(t.stack, scope{kind: scopeOuter})
		default:
			t.stack = append(t.stack, scope{kind: scopeBlock})
		}
		t.reset()
	case "}":
		// Braces inside a declaration at outer scope (a member's brace
		// initializer, an argument list) close back into it.
		if t.pop() != scopeInit {
			t.reset()
		}
	case ";":
		t.classy = false
	}
	return 0
}

// lambda is the scope of a lambda whose body opens at code[i]: __func__
// is "operator()", named after the function around it.
func (t *tracker) lambda(i int) scope {
	if f := t.function(); f != nil {
		return scope{kind: scopeFunc, name: "operator()", within: f.within, start: f.start}
	}
	return scope{kind: scopeFunc, name: "operator()", start: i}
}

func (t *tracker) pop() scopeKind {
	if len(t.stack) == 0 {
		return scopeOuter
	}
	k := t.stack[len(t.stack)-1].kind
	t.stack = t.stack[:len(t.stack)-1]
	return k
}

func (t *tracker) prevIs(i int, s string) bool { return i > 0 && t.code[i-1].Is(s) }

// declaration follows a token at namespace or class scope.
func (t *tracker) declaration(i int) int {
	tok := t.code[i]
	switch tok.Kind {
	case cpplex.Ident:
		switch tok.Text {
		case "class", "struct", "union", "namespace", "extern":
			if t.depth == 0 && !t.afterParams {
				t.classy = true
			}
			return 0
		case "enum":
			t.blocky = true
			return 0
		case "template":
			// template <class T, typename H = std::hash<T>>: neither the
			// "class" nor the "=" says anything about what follows.
			return templateParams(t.code, i)
		case "operator":
			if t.depth == 0 && !t.initList {
				name, n := operatorName(t.code, i)
				if n > 0 {
					t.cand, t.afterParams, t.open = name, false, i+n+1
					return n
				}
			}
			return 0
		}
		next := i + 1
		if t.depth != 0 || next >= len(t.code) || !t.code[next].Is("(") || notNames[tok.Text] {
			return 0
		}
		if !t.legacy && t.macros[tok.Text] && !t.afterParams && !t.prevIs(i, "::") && !t.prevIs(i, "~") {
			// A macro invocation: the preprocessor replaces it, ";" or
			// not, and what follows starts afresh.
			if _, end, ok := Args(t.code, next); ok {
				t.reset()
				return end - i
			}
		}
		if t.initList && i > 0 && (t.prevIs(i, ":") || t.prevIs(i, ",") || t.prevIs(i, "::")) {
			return 0 // member(init) in a constructor's list
		}
		name := tok.Text
		if t.prevIs(i, "~") {
			name = "~" + name
		}
		t.cand, t.afterParams, t.initList, t.open = name, false, false, next
		return 0
	case cpplex.Punct:
	default:
		return 0
	}
	switch tok.Text {
	case "(", "[":
		t.depth++
	case ")", "]":
		if t.depth > 0 {
			t.depth--
			if t.depth == 0 && t.cand != "" && tok.Text == ")" {
				t.afterParams = true
			}
		}
	case "=":
		if t.depth == 0 && !t.afterParams {
			t.blocky = true
		}
	case ":":
		if t.depth == 0 && t.afterParams {
			t.initList = true
		}
	case ";":
		if t.depth == 0 {
			t.reset()
		}
	case "{":
		if (!t.legacy || t.depth == 0) && t.isLambda(i) {
			// A lambda at namespace scope, or in a member's initializer
			// or an argument: its own function.
			t.stack = append(t.stack, t.lambda(i))
			return 0
		}
		if t.depth != 0 {
			t.stack = append(t.stack, scope{kind: scopeInit})
			return 0
		}
		switch {
		case t.afterParams && t.cand != "" && !(t.initList && i > 0 && (t.code[i-1].Kind == cpplex.Ident || t.code[i-1].Is(">"))):
			t.stack = append(t.stack, scope{kind: scopeFunc, name: t.cand, within: t.cand, start: i, params: t.paramTokens()})
			t.reset()
		case t.initList:
			t.stack = append(t.stack, scope{kind: scopeInit}) // member{init}
			return 0
		case t.classy && !t.blocky:
			t.stack = append(t.stack, scope{kind: scopeOuter})
			t.reset()
		default:
			t.stack = append(t.stack, scope{kind: scopeBlock})
			t.reset()
		}
	case "}":
		t.pop()
		t.reset()
	}
	return 0
}

// paramTokens are the tokens of the candidate's parameter list.
func (t *tracker) paramTokens() []cpplex.Token {
	if t.open < 0 || t.open >= len(t.code) {
		return nil
	}
	if _, end, ok := Args(t.code, t.open); ok {
		return t.code[t.open+1 : end : end]
	}
	return nil
}

// operatorName reads "operator==", "operator()", "operator new" at
// code[i] ("operator") up to the "(" of its parameters. n is the number
// of tokens after code[i] that belong to the name; 0 if no "(" follows.
func operatorName(code []cpplex.Token, i int) (name string, n int) {
	name = "operator"
	j := i + 1
	if j+1 < len(code) && code[j].Is("(") && code[j+1].Is(")") {
		return "operator()", 2
	}
	for ; j < len(code) && j < i+6; j++ {
		if code[j].Is("(") {
			return name, j - i - 1
		}
		if code[j].Kind == cpplex.Ident {
			name += " "
		}
		name += code[j].Text
	}
	return "", 0
}

// isLambda says whether the "{" at code[i] opens a lambda body:
// "] {" or "](params) [mutable|noexcept|constexpr|-> type] {".
func (t *tracker) isLambda(i int) bool {
	code := t.code
	j := i - 1
	// Skip a trailing return type and specifiers, back to ")" or "]".
	for steps := 0; j >= 0 && steps < 24; steps, j = steps+1, j-1 {
		c := code[j]
		if c.Is("]") {
			return true
		}
		if c.Is(")") {
			break
		}
		if c.Kind == cpplex.Ident || c.Kind == cpplex.Number || c.Is("::") || c.Is("<") || c.Is(">") || c.Is("*") || c.Is("&") || c.Is(",") || c.Is("-") {
			continue
		}
		return false
	}
	if j < 0 || !code[j].Is(")") {
		return false
	}
	// Back to the matching "(".
	depth := 0
	for ; j >= 0; j-- {
		switch {
		case code[j].Is(")"):
			depth++
		case code[j].Is("("):
			depth--
		}
		if depth == 0 {
			break
		}
	}
	// "operator[](size_t i) const {" is a function, not a lambda.
	return j > 0 && code[j-1].Is("]") && (t.legacy || !(j > 2 && code[j-2].Is("[") && code[j-3].Is("operator")))
}

// templateParams returns how many tokens after code[i] ("template") make
// up its "<...>" parameter list.
func templateParams(code []cpplex.Token, i int) int {
	if i+1 >= len(code) || !code[i+1].Is("<") {
		return 0
	}
	depth := 0
	for j := i + 1; j < len(code) && j < i+200; j++ {
		switch {
		case code[j].Is("<"):
			depth++
		case code[j].Is(">"):
			depth--
			if depth == 0 {
				return j - i
			}
		case code[j].Is(";") || code[j].Is("{") || code[j].Is("}"):
			return j - i - 1
		}
	}
	return 0
}
