package errcorpus

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// Site is where a Check was found in a checkout.
type Site struct {
	Line      int      // the macro name's line
	Functions []string // enclosing named functions, innermost first; the #define name in a macro body
	// Indirect: the message is built elsewhere in the function (a string
	// variable, a stream) and passed to the check by name.
	Indirect bool
}

// Locate finds c in the checkout at root: a NVF_ERROR / NVF_CHECK /
// NVF_THROW call (or a comparison form, or the TORCH_INTERNAL_ASSERT /
// TORCH_CHECK of older revisions) in c.File, inside c.Function,
// whose literal text holds c.Message (or whose condition is c.Message).
// It is a reader of the check's facts independent of the handbook's own
// extractor, so the corpus cannot drift along with a bug in it.
func Locate(root string, c Check) ([]Site, error) {
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(c.File)))
	if err != nil {
		return nil, err
	}
	return locateIn(string(src), c)
}

// LocateAt is Locate in the checkout's git history: c.File as of commit.
func LocateAt(root, commit string, c Check) ([]Site, error) {
	out, err := exec.Command("git", "-C", root, "show", commit+":"+c.File).Output()
	if err != nil {
		return nil, fmt.Errorf("git show %s:%s: %w", commit, c.File, err)
	}
	return locateIn(string(out), c)
}

func locateIn(src string, c Check) ([]Site, error) {
	calls, bodies := scanChecks(src)
	want := normalize(c.Message)
	var sites []Site
	for _, k := range calls {
		if !contains(k.functions, c.Function) {
			continue
		}
		text := k.literals
		if c.Cond {
			text = k.cond
		}
		if strings.Contains(normalize(text), want) {
			sites = append(sites, Site{Line: k.line, Functions: k.functions})
		}
	}
	if len(sites) == 0 && !c.Cond {
		// A message built before the check: accept when the function's
		// literals hold it and the function has a check.
		for _, b := range bodies {
			if b.name == c.Function && strings.Contains(normalize(b.literals), want) {
				for _, k := range calls {
					if k.line >= b.start && k.line <= b.end && contains(k.functions, c.Function) {
						sites = append(sites, Site{Line: k.line, Functions: k.functions, Indirect: true})
						break
					}
				}
			}
		}
	}
	if len(sites) == 0 {
		return nil, fmt.Errorf("%s: no check in %s with %q", c.File, c.Function, c.Message)
	}
	return sites, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// normalize lower-cases s and collapses white space, so a message head
// matches across the literal joins and line breaks of the source.
func normalize(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// call is one check macro call in a file.
type call struct {
	line      int
	functions []string // innermost first
	cond      string   // first argument, as written
	literals  string   // the call's string literals, joined by spaces
}

// body is one named function's body.
type body struct {
	name       string
	start, end int // lines
	literals   string
}

// checkMacro names nvFuser's check macros, and the PyTorch ones it used
// before them (until late 2023), which old errors were raised by.
var checkMacro = regexp.MustCompile(`^(NVF_(ERROR|CHECK|THROW)|TORCH_(INTERNAL_ASSERT|CHECK))(_(EQ|NE|LT|LE|GT|GE))?$`)

// scope is one open brace.
type scope struct {
	name     string // the function it is the body of; "" for other blocks
	inHeader bool   // a brace initializer inside a constructor's header
	line     int
	lits     strings.Builder
}

// scanChecks walks C++ source once: comments skipped, strings collected,
// braces tracked to know the enclosing function, and each check macro's
// call text taken up to its closing parenthesis.
func scanChecks(src string) ([]call, []body) {
	code, lits, lineOf := lex(src)
	var calls []call
	var bodies []body
	var stack []*scope
	header := strings.Builder{} // code since the last ; { } at this level
	define := ""                // #define name while inside one
	for i := 0; i < len(code); i++ {
		ch := code[i]
		if d, ok := lits.define[i]; ok {
			define = d
			header.Reset()
			i += lits.defineHead[i] - 1 // past "#define NAME(params)"
			continue
		}
		if lits.defineEnd[i] {
			define = ""
			header.Reset() // a macro body is no function's header
		}
		switch ch {
		case '{', '}':
			if inRanges(lits.inactive, i) {
				header.WriteByte(ch)
				continue
			}
		}
		switch ch {
		case '{':
			if h := strings.TrimSpace(header.String()); !lambdaHeader.MatchString(h) && (openParens(h) > 0 || initListBrace.MatchString(h)) {
				// f(a, {b}) or kind_{kind} in "X::X(...) : kind_{kind} {":
				// an initializer, part of the header.
				stack = append(stack, &scope{inHeader: true})
				header.WriteByte(ch)
				continue
			}
			s := &scope{name: functionName(header.String()), line: lineOf(i)}
			stack = append(stack, s)
			header.Reset()
			continue
		case '}':
			if n := len(stack); n > 0 && stack[n-1].inHeader {
				stack = stack[:n-1]
				header.WriteByte(ch)
				continue
			}
			if n := len(stack); n > 0 {
				s := stack[n-1]
				stack = stack[:n-1]
				if s.name != "" && s.name != "operator()" {
					bodies = append(bodies, body{s.name, s.line, lineOf(i), s.lits.String()})
				}
				if n > 1 {
					stack[n-2].lits.WriteString(" " + s.lits.String())
				}
			}
			header.Reset()
			continue
		case ';':
			header.Reset()
			continue
		case '"':
			if n := len(stack); n > 0 {
				stack[n-1].lits.WriteString(" " + lits.text[i])
			}
		}
		header.WriteByte(ch)
		if !isIdentStart(ch) || (i > 0 && isIdent(code[i-1])) {
			continue
		}
		j := i
		for j < len(code) && isIdent(code[j]) {
			j++
		}
		word := code[i:j]
		if !checkMacro.MatchString(word) {
			header.WriteString(word[1:])
			i = j - 1
			continue
		}
		k := j
		for k < len(code) && (code[k] == ' ' || code[k] == '\n' || code[k] == '\t' || code[k] == '\\') {
			k++
		}
		if k >= len(code) || code[k] != '(' {
			i = j - 1
			continue
		}
		end, args := callArgs(code, k)
		c := call{line: lineOf(i)}
		for n := len(stack) - 1; n >= 0; n-- {
			if stack[n].name != "" {
				c.functions = append(c.functions, stack[n].name)
			}
		}
		if define != "" {
			c.functions = append([]string{define}, c.functions...)
		}
		var sb strings.Builder
		last := -1 // where the previous literal's closing quote is
		for p := k; p < end; p++ {
			text, open := lits.text[p]
			if code[p] != '"' || !open {
				continue
			}
			// "a" "b" is one literal to C++: no space between them.
			if last < 0 || last >= p || strings.TrimSpace(code[last+1:p]) != "" {
				sb.WriteByte(' ')
			}
			sb.WriteString(text)
			last = p + 1
			for last < end && code[last] != '"' {
				last++
			}
		}
		c.literals = sb.String()
		if len(args) > 0 && !strings.HasPrefix(word, "NVF_THROW") {
			c.cond = args[0]
		}
		calls = append(calls, c)
		i = j - 1
	}
	return calls, bodies
}

// callArgs splits the parenthesised argument list starting at code[open]
// at top-level commas; end is the index of the closing parenthesis.
func callArgs(code string, open int) (end int, args []string) {
	depth, start := 0, open+1
	for p := open; p < len(code); p++ {
		switch code[p] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return p, append(args, strings.TrimSpace(code[start:p]))
			}
		case ',':
			if depth == 1 {
				args = append(args, strings.TrimSpace(code[start:p]))
				start = p + 1
			}
		}
	}
	return len(code), args
}

var (
	lambdaHeader = regexp.MustCompile(`\]\s*(\(.*\))?\s*(mutable\s*)?(noexcept\s*)?(->\s*[\w:<>,\s*&]+)?$`)
	notFunction  = map[string]bool{"if": true, "for": true, "while": true, "switch": true, "catch": true,
		"return": true, "sizeof": true, "decltype": true, "alignof": true, "static_assert": true}
	// A header that is a constructor's initializer list so far, ending in a
	// member name: the "{" after it starts that member's initializer.
	initListBrace = regexp.MustCompile(`\)\s*:[^:][\s\S]*[\w>]\s*$`)
	operatorName  = regexp.MustCompile(`\boperator\s*(\(\)|[^\s(\w]+)\s*\(`)
	leadingMacro  = regexp.MustCompile(`^[A-Z][A-Z0-9_]*\s*\([^()]*\)`)
	classHeader   = regexp.MustCompile(`^\s*(template\s*<.*>\s*)?(class|struct|union|enum|namespace|extern)\b`)
)

// functionName is the name of the function whose body a "{" after header
// opens: "operator()" for a lambda, "" for any other block.
func functionName(header string) string {
	h := strings.TrimSpace(header)
	for { // file-scope macro invocations with no ";" (NVFUSER_DEFINE_...(X))
		m := leadingMacro.FindStringIndex(h)
		if m == nil {
			break
		}
		h = strings.TrimSpace(h[m[1]:])
	}
	h = stripTemplate(h)
	if h == "" || classHeader.MatchString(h) {
		return ""
	}
	if lambdaHeader.MatchString(h) {
		return "operator()"
	}
	if m := operatorName.FindStringSubmatch(h); m != nil {
		return "operator" + m[1]
	}
	if strings.HasSuffix(h, "=") || strings.HasSuffix(h, ",") || strings.HasSuffix(h, "(") {
		return "" // a braced initializer
	}
	// The first "(" at the top level preceded by a name opens the
	// parameter list (a constructor's initializer list comes after it).
	depth := 0
	for p := 0; p < len(h); p++ {
		switch h[p] {
		case '<':
			if p > 0 && isIdent(h[p-1]) {
				depth++
			}
		case '>':
			if depth > 0 {
				depth--
			}
		case '(':
			if depth > 0 {
				continue
			}
			q := p
			for q > 0 && h[q-1] == ' ' {
				q--
			}
			r := q
			for r > 0 && (isIdent(h[r-1]) || h[r-1] == '~') {
				r--
			}
			name := h[r:q]
			if name == "" || notFunction[name] || (name[0] >= '0' && name[0] <= '9') {
				return ""
			}
			if name == "operator" {
				return ""
			}
			if strings.Contains(h[:r], "=") && !strings.Contains(h[:r], "operator") {
				return "" // x = f(...) { is not a definition
			}
			return name
		}
	}
	return ""
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdent(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

// lexed is what lex keeps beside the code: each string literal's text at
// the index of its opening quote, and where #define bodies start and end.
type lexed struct {
	text       map[int]string
	define     map[int]string
	defineHead map[int]int // length of "#define NAME(params)"
	defineEnd  map[int]bool
	inactive   [][2]int // #else and #elif branches: their braces do not count
}

// lex blanks comments and the insides of string and character literals
// (a literal becomes `""` at the same place, its text kept aside), and
// notes #define bodies. lineOf maps an index of code to a 1-based line.
func lex(src string) (string, lexed, func(int) int) {
	out := []byte(src)
	l := lexed{text: map[int]string{}, define: map[int]string{}, defineHead: map[int]int{}, defineEnd: map[int]bool{}}
	defineRe := regexp.MustCompile(`^[ \t]*#[ \t]*define[ \t]+(\w+)(\([^)]*\))?`)
	directiveRe := regexp.MustCompile(`^[ \t]*#`)
	elseRe := regexp.MustCompile(`^[ \t]*#[ \t]*(else|elif)\b`)
	lineStart := true
	inDefine := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if lineStart {
			lineStart = false
			head := src[i:min(len(src), i+200)]
			if m := defineRe.FindStringSubmatch(head); m != nil {
				l.define[i] = m[1]
				l.defineHead[i] = len(m[0])
				inDefine = true
			} else if directiveRe.MatchString(head) {
				// #include, #if ...: no code, and no part of a header. The
				// braces of an #else or #elif branch are not counted (the
				// first branch's are), its checks are.
				stop := i
				for stop < len(src) && (src[stop] != '\n' || src[stop-1] == '\\') {
					stop++
				}
				if elseRe.MatchString(head) {
					l.inactive = append(l.inactive, [2]int{stop, skipToEndif(src, stop)})
				}
				for i < stop {
					if src[i] != '\n' {
						out[i] = ' '
					}
					i++
				}
				i--
				lineStart = false
				continue
			}
		}
		switch {
		case c == '\n':
			lineStart = true
			if inDefine && !(i > 0 && src[i-1] == '\\') {
				inDefine = false
				l.defineEnd[i] = true
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				out[i] = ' '
				i++
			}
			i--
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := strings.Index(src[i+2:], "*/")
			end := len(src)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			for ; i < end; i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			i--
		case c == 'R' && i+1 < len(src) && src[i+1] == '"' && (i == 0 || !isIdent(src[i-1])):
			open := strings.IndexByte(src[i+2:], '(')
			if open < 0 {
				continue
			}
			delim := ")" + src[i+2:i+2+open] + `"`
			body := i + 2 + open + 1
			j := strings.Index(src[body:], delim)
			if j < 0 {
				continue
			}
			l.text[i+1] = src[body : body+j]
			out[i] = ' '
			for p := i + 2; p < body+j+len(delim)-1; p++ {
				if out[p] != '\n' {
					out[p] = ' '
				}
			}
			i = body + j + len(delim) - 1
		case c == '"' || c == '\'':
			j := i + 1
			var sb strings.Builder
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' && j+1 < len(src) {
					sb.WriteByte(unescape(src[j+1]))
					j += 2
					continue
				}
				sb.WriteByte(src[j])
				j++
			}
			if c == '"' {
				l.text[i] = sb.String()
			}
			for p := i + 1; p < j && p < len(src); p++ {
				out[p] = ' '
			}
			if c == '\'' {
				out[i] = ' '
				if j < len(src) {
					out[j] = ' '
				}
			}
			i = j
		}
	}
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	lineOf := func(idx int) int {
		lo, hi := 0, len(starts)
		for lo+1 < hi {
			mid := (lo + hi) / 2
			if starts[mid] <= idx {
				lo = mid
			} else {
				hi = mid
			}
		}
		return lo + 1
	}
	return string(out), l, lineOf
}

// skipToEndif returns the index of the newline ending the #endif line that
// closes the conditional the line ending at from is in (nested ones
// counted), or the end of src.
func skipToEndif(src string, from int) int {
	depth := 0
	for i := from; i < len(src); {
		next := strings.IndexByte(src[i+1:], '\n')
		end := len(src)
		if next >= 0 {
			end = i + 1 + next
		}
		line := strings.TrimSpace(src[min(i+1, len(src)):end])
		switch {
		case strings.HasPrefix(line, "#if"):
			depth++
		case strings.HasPrefix(line, "#endif"):
			if depth == 0 {
				return end
			}
			depth--
		}
		i = end
	}
	return len(src)
}

// unescape is the character an escape sequence's letter stands for, as
// far as message text goes (\n and \t are white space to the matcher).
func unescape(c byte) byte {
	switch c {
	case 'n', 't', 'r':
		return ' '
	}
	return c
}

func inRanges(rs [][2]int, i int) bool {
	for _, r := range rs {
		if i >= r[0] && i < r[1] {
			return true
		}
	}
	return false
}

// openParens is how many "(" of s are not closed.
func openParens(s string) int {
	return strings.Count(s, "(") - strings.Count(s, ")")
}

// stripTemplate drops a leading "template <...>" (nested angle brackets
// and parentheses inside it included).
func stripTemplate(h string) string {
	rest, ok := strings.CutPrefix(h, "template")
	if !ok {
		return h
	}
	rest = strings.TrimSpace(rest)
	if !strings.HasPrefix(rest, "<") {
		return h
	}
	depth := 0
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '<':
			depth++
		case '>':
			depth--
			if depth == 0 {
				return strings.TrimSpace(rest[i+1:])
			}
		}
	}
	return h
}
