package checks

import (
	"bytes"
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/internal/safefile"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// gtest matchers whose argument is text the error message must contain
// (or, for the regex ones, match).
var gtestMatchers = map[string]bool{"HasSubstr": true, "StartsWith": true, "ContainsRegex": true, "MatchesRegex": true}

var (
	// pytest.raises(SomeError, match="...") or match=r'...'; a match
	// given as a variable is not followed.
	rePytest  = regexp.MustCompile(`pytest\.raises\(([^()]|\([^()]*\))*?match\s*=\s*(r?)("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')`)
	rePyTest  = regexp.MustCompile(`(?m)^\s*def (test_[A-Za-z0-9_]+)`)
	reGTestID = regexp.MustCompile(`^TEST(?:_F|_P)?$`)
)

// ScanTests finds the tests in the checkout that expect an error message:
// gtest's ThrowsMessage(HasSubstr("...")) and friends in C++, and
// pytest.raises(..., match=...) in Python. Unreadable files are skipped:
// tests only add links to check pages.
func ScanTests(root fs.FS) []model.ExpectedError {
	// The walk lists the test files in order; each is read and scanned
	// on every core, and the results joined in the walk's order.
	var files []string
	_ = fs.WalkDir(root, inputs.TestsDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			switch path.Ext(p) {
			case ".cpp", ".cu", ".h", ".py":
				files = append(files, p)
			}
		}
		return nil
	})
	each := make([][]model.ExpectedError, len(files))
	parallel.For(len(files), func(i int) {
		p := files[i]
		src, err := fs.ReadFile(root, p)
		if err != nil {
			return
		}
		// Expected messages are shown on check pages: made UTF-8 as
		// csrcscan makes the checks' own.
		src, _ = safefile.ValidUTF8(src)
		if path.Ext(p) == ".py" {
			each[i] = PytestExpectations(p, src)
		} else {
			each[i] = GTestExpectations(p, src)
		}
	})
	var out []model.ExpectedError
	for _, e := range each {
		out = append(out, e...)
	}
	return out
}

// GTestExpectations reads one C++ test file: every message matcher used
// inside a Throws expectation, with the test it is in.
func GTestExpectations(file string, src []byte) []model.ExpectedError {
	// A matcher counts only after an identifier starting "Throws"
	// (throwsBefore): a file without those bytes has none, and most test
	// files need not be lexed at all.
	if !bytes.Contains(src, []byte("Throws")) {
		return nil
	}
	toks, _ := cpplex.Lex(src)
	code := cpplex.Code(toks)
	var out []model.ExpectedError
	test := ""
	testStart, testEnd := 0, 0
	for i := 0; i+2 < len(code); i++ {
		t := code[i]
		if t.Kind != cpplex.Ident {
			continue
		}
		if reGTestID.MatchString(t.Text) && code[i+1].Is("(") {
			if args, end, ok := Args(code, i+1); ok && len(args) >= 2 && len(args[0]) == 1 && len(args[1]) == 1 {
				test = args[0][0].Text + "." + args[1][0].Text
				testStart, testEnd = t.Line, closingLine(code, end+1)
			}
			continue
		}
		if !gtestMatchers[t.Text] || !code[i+1].Is("(") || !throwsBefore(code, i) {
			continue
		}
		args, _, ok := Args(code, i+1)
		if !ok || len(args) != 1 || !allStrings(args[0]) {
			continue
		}
		var b strings.Builder
		for _, s := range args[0] {
			b.WriteString(s.StringValue())
		}
		x := model.ExpectedError{Text: b.String(), Regex: strings.HasSuffix(t.Text, "Regex"),
			Where: model.Location{File: file, Line: t.Line}, Name: test}
		if test != "" && testStart <= t.Line && t.Line <= testEnd {
			from, to := bodyLines(testStart, testEnd, t.Line)
			x.Body, x.BodyStart, x.BodySpans = cutLines(src, from, to, toks)
		}
		out = append(out, x)
	}
	return out
}

// MaxBodyLines is how much of a test its check's page shows: the lines
// before the expectation, from the test's first line when they fit.
const MaxBodyLines = 40

// bodyLines is the part of a test (lines start to end) shown for an
// expectation at line at: up to Context lines after it, at most
// MaxBodyLines, the test's head first when it fits.
func bodyLines(start, end, at int) (from, to int) {
	to = min(end, at+Context)
	from = max(start, to-MaxBodyLines+1)
	return from, to
}

// closingLine is the line of the brace closing the block that opens at
// code[open] ("{"), or of the last token when there is none.
func closingLine(code []cpplex.Token, open int) int {
	if open >= len(code) || !code[open].Is("{") {
		// TEST_F(A, B) may be followed by qualifiers; look a little ahead.
		for open < len(code) && !code[open].Is("{") && !code[open].Is(";") {
			open++
		}
		if open >= len(code) || !code[open].Is("{") {
			return 0
		}
	}
	depth := 0
	for j := open; j < len(code); j++ {
		switch {
		case code[j].Is("{"):
			depth++
		case code[j].Is("}"):
			depth--
			if depth == 0 {
				return code[j].Line
			}
		}
	}
	return code[len(code)-1].EndLine
}

// cutLines returns lines from..to of src, its first line, and its spans
// from toks (nil toks: no spans).
func cutLines(src []byte, from, to int, toks []cpplex.Token) (string, int, []model.CodeSpan) {
	starts := lineStarts(src)
	if from < 1 || from > to || from > len(starts) {
		return "", 0, nil
	}
	to = min(to, len(starts))
	lo, hi := starts[from-1], len(src)
	if to < len(starts) {
		hi = starts[to]
	}
	for hi > lo && (src[hi-1] == '\n' || src[hi-1] == '\r') {
		hi--
	}
	body := string(src[lo:hi])
	var spans []model.CodeSpan
	if toks != nil {
		spans = codeSpans(body, lo, starts, toks)
	}
	return body, from, spans
}

// throwsBefore says whether a Throws matcher opens shortly before code[i]
// in the same statement (ThrowsMessage<nvfError>(HasSubstr(...)),
// Throws<nvfError>(Property(&nvfError::what, ContainsRegex(...)))).
func throwsBefore(code []cpplex.Token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-24; j-- {
		if code[j].Is(";") {
			return false // the statement before
		}
		if code[j].Kind == cpplex.Ident && strings.HasPrefix(code[j].Text, "Throws") {
			return true
		}
	}
	return false
}

// PytestExpectations reads one Python test file's pytest.raises(match=).
func PytestExpectations(file string, src []byte) []model.ExpectedError {
	text := string(src)
	var out []model.ExpectedError
	defs := rePyTest.FindAllStringSubmatchIndex(text, -1)
	for _, m := range rePytest.FindAllStringSubmatchIndex(text, -1) {
		raw, lit := text[m[4]:m[5]] == "r", text[m[6]:m[7]]
		s := lit[1 : len(lit)-1]
		if !raw {
			if q, err := strconv.Unquote(`"` + strings.ReplaceAll(s, `"`, `\"`) + `"`); err == nil {
				s = q
			}
		}
		name := ""
		for _, d := range defs {
			if d[0] < m[0] {
				name = text[d[2]:d[3]]
			}
		}
		x := model.ExpectedError{Text: s, Regex: true,
			Where: model.Location{File: file, Line: 1 + strings.Count(text[:m[6]], "\n")}, Name: name}
		if start, end := pyTestLines(text, defs, m[0]); start > 0 {
			from, to := bodyLines(start, end, x.Where.Line)
			x.Body, x.BodyStart, _ = cutLines(src, from, to, nil)
		}
		out = append(out, x)
	}
	return out
}

// Literal is the text an expectation requires verbatim: the text itself,
// or the longest run of a regular expression without its operators
// (escapes like "\(" read as the character).
func Literal(x model.ExpectedError) string {
	if !x.Regex {
		return x.Text
	}
	best, cur := "", ""
	flush := func() {
		if len(cur) > len(best) {
			best = cur
		}
		cur = ""
	}
	for i := 0; i < len(x.Text); i++ {
		c := x.Text[i]
		switch {
		case c == '\\' && i+1 < len(x.Text) && strings.IndexByte(`.()[]{}*+?|^$\/-`, x.Text[i+1]) >= 0:
			cur += string(x.Text[i+1])
			i++
		case c == '\\':
			flush()
			i++
		case strings.IndexByte(`.()[]{}|^$`, c) >= 0:
			flush()
		case strings.IndexByte(`*+?`, c) >= 0:
			if cur != "" { // the quantified character is optional
				cur = cur[:len(cur)-1]
			}
			flush()
		default:
			cur += string(c)
		}
	}
	flush()
	return best
}

// MaxTestChecks is how many checks a test's text may fit before it is
// too generic to say which one the test expects.
const MaxTestChecks = 3

// ExpectedBy returns, for each check, the tests whose expected text is in
// its message or its "Expected <condition>" line. A text shorter than 8
// characters, or fitting more than MaxTestChecks checks, names none.
func ExpectedBy(cs []*model.Check, tests []model.ExpectedError) map[*model.Check][]model.ExpectedError {
	out := map[*model.Check][]model.ExpectedError{}
	texts := make([][]string, len(cs))
	for i, c := range cs {
		for _, p := range c.Pieces {
			if p = strings.TrimSpace(Flatten(p)); p != "" {
				texts[i] = append(texts[i], p)
			}
		}
		if c.Condition != "" {
			texts[i] = append(texts[i], "Expected "+Flatten(c.Condition))
		}
	}
	for _, x := range tests {
		lit := strings.TrimSpace(Flatten(Literal(x)))
		if len(lit) < 8 {
			continue
		}
		var fit []*model.Check
		for i, c := range cs {
			for _, t := range texts[i] {
				// The text is inside a literal piece, or holds a long one
				// with a value around it ("must be divisible by 8").
				if strings.Contains(t, lit) || len(t) >= 12 && strings.Contains(lit, t) {
					fit = append(fit, c)
					break
				}
			}
		}
		if len(fit) > MaxTestChecks {
			continue
		}
		if len(fit) == 1 && !wholeFits(fit[0], lit) {
			// The text holds one of the check's pieces but goes on with
			// words its message does not print there: another macro
			// (nvFuser's lowering validators) may print it. Not certain.
			x.Shared = 1
		}
		if len(fit) > 1 {
			if i, why := decide(x, lit, fit); i >= 0 {
				y := x
				y.Evidence = why
				out[fit[i]] = append(out[fit[i]], y)
				continue
			}
			x.Shared = len(fit)
		}
		for _, c := range fit {
			out[c] = append(out[c], x)
		}
	}
	return out
}

// pyTestLines returns the lines of the test function holding offset at:
// its def line to its last line (the line before the next line indented
// no deeper than the def), or 0, 0 outside any test.
func pyTestLines(text string, defs [][]int, at int) (start, end int) {
	def := -1
	for k, d := range defs {
		if d[0] < at {
			def = k
		}
	}
	if def < 0 {
		return 0, 0
	}
	d := strings.LastIndexByte(text[:defs[def][2]], '\n') + 1 // the def's line
	line := text[d:]
	if nl := strings.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	indent := len(line) - len(strings.TrimLeft(line, " \t\n"))
	start = 1 + strings.Count(text[:d], "\n")
	lines := strings.Split(text[d:], "\n")
	end = start
	for k := 1; k < len(lines); k++ {
		l := lines[k]
		if strings.TrimSpace(l) == "" {
			continue
		}
		if len(l)-len(strings.TrimLeft(l, " \t")) <= indent {
			break
		}
		end = start + k
	}
	return start, end
}
