package checks

import (
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Context is how many lines of source a check's Code holds around the call.
const Context = 3

// AttachCode sets each check's Code from its file's source: Context lines
// before the call, the call, Context lines after; and its CodeSpans from
// toks, the file's tokens (cpplex.Lex of src, comments included): the
// file is lexed once, here, and a snippet that starts inside a block
// comment or a raw string is classified as the whole file reads it.
// Tokens missing after a lexing error leave their text plain.
func AttachCode(src []byte, toks []cpplex.Token, cs []model.Check) {
	if len(cs) == 0 {
		return
	}
	starts := lineStarts(src)
	for i := range cs {
		c := &cs[i]
		from := max(c.Where.Line-Context, 1)
		to := min(max(c.EndLine, c.Where.Line)+Context, len(starts))
		if from > to {
			continue
		}
		lo, hi := starts[from-1], len(src)
		if to < len(starts) {
			hi = starts[to]
		}
		for hi > lo && src[hi-1] == '\n' {
			hi--
		}
		c.Code = string(src[lo:hi])
		c.CodeStart = from
		c.CodeSpans = codeSpans(c.Code, lo, starts, toks)
	}
}

// lineStarts returns the offset of each line's first byte; a final
// newline does not start a line.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' && i+1 < len(src) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// codeSpans cuts code, the source from offset lo on, into spans by the
// tokens that cover it.
func codeSpans(code string, lo int, starts []int, toks []cpplex.Token) []model.CodeSpan {
	hi := lo + len(code)
	offset := func(t cpplex.Token) int { return starts[t.Line-1] + t.Col - 1 }
	// The first token that ends after lo.
	first := sort.Search(len(toks), func(i int) bool { return offset(toks[i])+len(toks[i].Text) > lo })
	sp := spanner{code: code}
	pos := lo
	for i, t := range toks[first:] {
		i += first
		off := offset(t)
		if off >= hi {
			break
		}
		if off > pos {
			sp.add(model.CodeSpace, pos-lo, off-lo)
		}
		a, b := max(off, lo), min(off+len(t.Text), hi)
		switch {
		case declares(toks, i):
			sp.add(model.CodeFunction, a-lo, b-lo)
		case a == off && b == off+len(t.Text):
			sp.token(t, a-lo)
		default: // cut by the snippet's first or last line
			sp.add(roleOf(t), a-lo, b-lo)
		}
		pos = b
	}
	if pos < hi {
		sp.add(model.CodeSpace, pos-lo, hi-lo)
	}
	return sp.out
}

// declares says whether toks[i] is the name in what reads like a
// function's declaration, "Type name(" or "Type* name(", as chroma marks
// them: an unqualified name after a type or a name, before "(".
func declares(toks []cpplex.Token, i int) bool {
	t := toks[i]
	if t.Kind != cpplex.Ident || roleOf(t) != model.CodeName {
		return false
	}
	if n := neighbour(toks, i, +1); n < 0 || !toks[n].Is("(") {
		return false
	}
	p := neighbour(toks, i, -1)
	if p >= 0 && toks[p].Is("*") {
		p = neighbour(toks, p, -1)
	}
	if p < 0 {
		return false
	}
	prev := toks[p]
	if prev.Kind != cpplex.Ident {
		return false
	}
	switch roleOf(prev) {
	case model.CodeName, model.CodeKeywordType:
		return true
	}
	return prev.Text == "auto" || prev.Text == "const" || prev.Text == "explicit" || prev.Text == "virtual" || prev.Text == "static" || prev.Text == "inline" || prev.Text == "constexpr"
}

// neighbour is the index of the nearest token before (step -1) or after
// (+1) toks[i] that is not a comment, -1 if none.
func neighbour(toks []cpplex.Token, i, step int) int {
	for j := i + step; j >= 0 && j < len(toks); j += step {
		if toks[j].Kind != cpplex.Comment {
			return j
		}
	}
	return -1
}

// spanner collects spans, merging neighbours of one role the way chroma
// coalesces tokens (");" is one punctuation span, "->" one operator).
type spanner struct {
	code string
	out  []model.CodeSpan
	end  int // where the last span ends in code
}

func (s *spanner) add(r model.CodeRole, a, b int) {
	if a >= b {
		return
	}
	if n := len(s.out); n > 0 && s.out[n-1].Role == r && s.end == a {
		s.out[n-1].Text = s.code[a-len(s.out[n-1].Text) : b]
	} else {
		s.out = append(s.out, model.CodeSpan{Role: r, Text: s.code[a:b]})
	}
	s.end = b
}

// token adds a whole token that starts at offset a of the code: strings
// are split into their prefix, quotes, escapes and raw delimiters,
// #include lines into the directive and the file.
func (s *spanner) token(t cpplex.Token, a int) {
	text := t.Text
	switch {
	case t.Kind == cpplex.String:
		s.str(text, a)
	case t.Kind == cpplex.Char:
		q := strings.IndexByte(text, '\'')
		s.add(model.CodeStringAffix, a, a+q)
		s.add(model.CodeChar, a+q, a+len(text))
	case t.Kind == cpplex.Preproc:
		if from, to, ok := includedFile(text); ok {
			s.add(model.CodePreproc, a, a+from)
			s.add(model.CodePreprocFile, a+from, a+to)
			s.add(model.CodePreproc, a+to, a+len(text))
			return
		}
		s.add(model.CodePreproc, a, a+len(text))
	default:
		s.add(roleOf(t), a, a+len(text))
	}
}

// str splits a string literal starting at offset a.
func (s *spanner) str(text string, a int) {
	q := strings.IndexByte(text, '"')
	if q < 0 {
		s.add(model.CodeString, a, a+len(text))
		return
	}
	s.add(model.CodeStringAffix, a, a+q)
	if q > 0 && text[q-1] == 'R' { // R"delim( ... )delim"
		open := strings.IndexByte(text[q:], '(')
		if open < 0 || len(text)-q < 2*open+2 {
			s.add(model.CodeString, a+q, a+len(text))
			return
		}
		open += q
		delim := open - q - 1
		closeAt := len(text) - 1 - delim - 1 // the ')' of )delim"
		s.add(model.CodeString, a+q, a+q+1)
		s.add(model.CodeStringDelim, a+q+1, a+open+1)
		s.add(model.CodeString, a+open+1, a+closeAt)
		s.add(model.CodeStringDelim, a+closeAt, a+len(text)-1)
		s.add(model.CodeString, a+len(text)-1, a+len(text))
		return
	}
	i := q
	for i < len(text) {
		if n := escapeLen(text[i:]); n > 0 {
			s.add(model.CodeStringEscape, a+i, a+i+n)
			i += n
			continue
		}
		s.add(model.CodeString, a+i, a+i+1)
		i++
	}
}

// escapeLen is the length of the escape sequence s starts with, 0 if none:
// the escapes chroma marks (\n, \", \x1f, \u00e9, \0); any other
// backslash stays part of the string.
func escapeLen(s string) int {
	if len(s) < 2 || s[0] != '\\' {
		return 0
	}
	digits := func(from, least, most int, ok func(byte) bool) int {
		n := 0
		for from+n < len(s) && n < most && ok(s[from+n]) {
			n++
		}
		if n < least {
			return 0
		}
		return from + n
	}
	switch c := s[1]; {
	case strings.IndexByte(`\abfnrtv"'`, c) >= 0:
		return 2
	case c == 'x':
		return digits(2, 2, 4, isHex)
	case c == 'u':
		return digits(2, 4, 4, isHex)
	case c == 'U':
		return digits(2, 8, 8, isHex)
	case c >= '0' && c <= '7':
		return digits(1, 1, 3, func(b byte) bool { return b >= '0' && b <= '7' })
	}
	return 0
}

func isHex(b byte) bool {
	return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F')
}

// includedFile returns where the file an #include line names starts and
// ends in text; ok is false if text is not one.
func includedFile(text string) (from, to int, ok bool) {
	rest := strings.TrimLeft(text[1:], " \t")
	if !strings.HasPrefix(rest, "include") {
		return 0, 0, false
	}
	at := len(text) - len(rest) + len("include")
	from = len(text) - len(strings.TrimLeft(text[at:], " \t"))
	if from == at || from == len(text) || (text[from] != '<' && text[from] != '"') {
		return 0, 0, false
	}
	closer := byte('>')
	if text[from] == '"' {
		closer = '"'
	}
	end := strings.IndexByte(text[from+1:], closer)
	if end < 0 {
		return 0, 0, false
	}
	return from, from + 1 + end + 1, true
}

// roleOf is a whole token's role, without splitting it.
func roleOf(t cpplex.Token) model.CodeRole {
	switch {
	case t.Kind == cpplex.Comment && strings.HasPrefix(t.Text, "/*"):
		return model.CodeCommentBlock
	case t.Kind == cpplex.Comment:
		return model.CodeComment
	case t.Kind == cpplex.Preproc:
		// "#define NAME" only: the body is coloured as the code it is.
		return model.CodePreproc
	case t.Kind == cpplex.String:
		return model.CodeString
	case t.Kind == cpplex.Char:
		return model.CodeChar
	case t.Kind == cpplex.Number:
		return numberRole(t.Text)
	case t.Kind == cpplex.Ident:
		if r, ok := keywords[t.Text]; ok {
			return r
		}
		return model.CodeName
	case strings.Trim(t.Text, "~!%^&*+=|?:<>/-") == "":
		return model.CodeOperator
	}
	return model.CodePunct
}

func numberRole(n string) model.CodeRole {
	l := strings.ToLower(n)
	switch {
	case strings.HasPrefix(l, "0x"):
		return model.CodeHex
	case strings.HasPrefix(l, "0b"):
		return model.CodeBinary
	case strings.ContainsAny(l, ".e") || strings.HasSuffix(l, "f"):
		return model.CodeFloat
	case len(l) > 1 && l[0] == '0' && l[1] >= '0' && l[1] <= '7':
		return model.CodeOctal
	}
	return model.CodeInteger
}

// keywords are the words chroma's C++ lexer marks, by the role it gives
// them (types, reserved words, the builtin constants; nullptr and this are
// keywords there).
var keywords = func() map[string]model.CodeRole {
	m := map[string]model.CodeRole{}
	for role, words := range map[model.CodeRole]string{
		model.CodeKeyword: `alignas alignof asm auto break case catch class co_await co_return co_yield concept
			const const_cast consteval constexpr continue decltype default delete do dynamic_cast else enum
			explicit export extern final for friend goto if mutable namespace new noexcept nullptr operator
			override private protected public register reinterpret_cast requires restrict restricted return
			sizeof static static_assert static_cast struct switch template this thread_local throw throws try
			typedef typeid typename union using virtual volatile while`,
		model.CodeKeywordType: `bool char char8_t char16_t char32_t double float int long short signed unsigned
			void wchar_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t
			int_fast8_t int_fast16_t int_fast32_t int_fast64_t uint_fast8_t uint_fast16_t uint_fast32_t uint_fast64_t
			int_least8_t int_least16_t int_least32_t int_least64_t uint_least8_t uint_least16_t uint_least32_t uint_least64_t`,
		model.CodeKeywordReserved: `__inline _inline inline naked thread __m128i __m128d __m128 __m64
			__forceinline __identifier __unaligned __declspec __fastcall __stdcall __finally __except __assume
			__int32 __cdecl __int64 __based __leave __int16 __raise __noop __int8 __w64 __try __asm`,
		model.CodeBuiltin: `true false NULL`,
	} {
		for _, w := range strings.Fields(words) {
			m[w] = role
		}
	}
	return m
}()
