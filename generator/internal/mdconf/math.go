package mdconf

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gohugoio/hugo-goldmark-extensions/passthrough"
	"github.com/yuin/goldmark/ast"
)

// The math budget. KaTeX runs inside Hugo (JavaScript in WebAssembly) at
// about 5 to 20 ms for a small formula, and its time grows steeply with
// nesting: a block of 3,000 nested braces runs into Hugo's 30 s timeout,
// and each call holds one of Hugo's few KaTeX workers meanwhile. So a
// formula is typeset only when it is within these bounds, and a page only
// up to its budget; the rest is shown as code (BudgetMath) with a
// warning at its line. Hugo keeps a cached copy of each distinct formula
// it typesets (about 7 KB): the page budget bounds that too.
const (
	// MaxFormulaBytes is the longest formula typeset (nvFuser's docs:
	// 180 bytes at most).
	MaxFormulaBytes = 1000
	// MaxFormulaDepth bounds nesting: groups ("{"), "\left" and "\begin"
	// together (nvFuser's docs: 2 at most).
	MaxFormulaDepth = 12
	// MaxPageFormulas is how many formulas one page may have typeset:
	// each costs a call of the render hook (about 1 ms), even one KaTeX
	// typeset before (nvFuser's integer-division.md has 531).
	MaxPageFormulas = 1500
	// MaxPageDistinctFormulas is how many distinct formulas one page may
	// have typeset: each costs KaTeX 5 to 20 ms however small
	// (integer-division.md has 265).
	MaxPageDistinctFormulas = 400
	// MaxPageMathWeight bounds the work of one page's distinct formulas,
	// each weighing its bytes times one plus its depth (FormulaWeight):
	// KaTeX's time grows with both. integer-division.md weighs 15,000.
	MaxPageMathWeight = 40_000
)

// FormulaWeight is what a formula costs the page's budget.
func FormulaWeight(inner string) int { return len(inner) * (1 + FormulaDepth(inner)) }

// Formula is one piece of math as Hugo's render hook receives it.
type Formula struct {
	Start, Stop int    // the span in the source, delimiters included
	Open        int    // length of the opening delimiter
	Inner       string // .Inner in the render hook: the span without delimiters
	Display     bool   // a block ($$...$$, \[...\])
	Dollar      bool   // GitHub's "$...$" (DollarMath)
	Dollars     bool   // "$$...$$", which GitHub reads as it reads "$...$"
}

// Formulas returns the math of a parsed document in document order.
func Formulas(root ast.Node, src []byte) []Formula {
	var out []Formula
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var f Formula
		var d *passthrough.Delimiters
		switch m := n.(type) {
		case *passthrough.PassthroughInline:
			f.Start, f.Stop, d = m.Segment.Start, m.Segment.Stop, m.Delimiters
			f.Dollar = d == dollarDelims
		case *passthrough.PassthroughBlock:
			// The block is an inline span split out of its paragraph: one
			// segment, delimiters included.
			l := m.Lines()
			if l.Len() == 0 {
				return ast.WalkSkipChildren, nil
			}
			f.Start, f.Stop, d, f.Display = l.At(0).Start, l.At(l.Len()-1).Stop, m.Delimiters, true
		default:
			return ast.WalkContinue, nil
		}
		if f.Stop-f.Start < len(d.Open)+len(d.Close) {
			return ast.WalkSkipChildren, nil
		}
		f.Open = len(d.Open)
		f.Dollars = d.Open == "$$"
		f.Inner = string(src[f.Start+len(d.Open) : f.Stop-len(d.Close)])
		out = append(out, f)
		return ast.WalkSkipChildren, nil
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// FormulaBudget says why one formula is not typeset ("" when it is).
func FormulaBudget(inner string) string {
	if len(inner) > MaxFormulaBytes {
		return fmt.Sprintf("formula of %d bytes (the limit is %d)", len(inner), MaxFormulaBytes)
	}
	if d := FormulaDepth(inner); d > MaxFormulaDepth {
		return fmt.Sprintf("formula nested %d deep (the limit is %d)", d, MaxFormulaDepth)
	}
	return ""
}

// FormulaDepth is how deep a formula nests: "{" groups, "\left" ...
// "\right" and "\begin" ... "\end" counted together, as KaTeX's parser
// recurses into each. "\{" is a brace character, not a group.
func FormulaDepth(s string) int {
	depth, deepest := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth = max(depth-1, 0)
		case '\\':
			j := i + 1
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			switch s[i+1 : j] {
			case "left", "begin":
				depth++
			case "right", "end":
				depth = max(depth-1, 0)
			}
			if j == i+1 {
				j++ // "\{", "\\": one character escaped
			}
			i = j - 1
		}
		deepest = max(deepest, depth)
	}
	return deepest
}

// Skipped is a formula that is not typeset.
type Skipped struct {
	Line int // 0-based, in the text given (no step here adds or removes a line)
	Why  string
}

// PageBudgetWhy is the reason given for formulas past a page's budget.
var PageBudgetWhy = fmt.Sprintf("the page's math budget (%d formulas, %d distinct, weight %d) is spent", MaxPageFormulas, MaxPageDistinctFormulas, MaxPageMathWeight)

// dollarWithCloser is why a "$...$" or "$$...$$" is shown as code.
const dollarWithCloser = `"$...$" or "$$...$$" holding its own closing delimiter once GitHub's escapes are read (which would end the math early)`

// DollarForHugo is the one decision about GitHub's dollar math, "$...$"
// (DollarMath) and "$$...$$", read as the notes stage parses: each is
// given to Hugo holding what GitHub gives its math renderer (GitHubMath:
// Markdown's backslash escapes read), "$...$" written as "\(...\)", which
// Hugo's passthrough reads. One that would then hold its own closer
// ("\)", "$$") is a code span instead, shown escaped as written. "\(...\)"
// and "\[...\]" are left as they are. No line is added or removed. What
// it returns is Hugo's to read: the caller sanitizes it as Hugo parses it
// (ParseAsHugo), so no raw HTML can hide in a span one reader takes for
// math and another does not.
func DollarForHugo(md string) (string, []Skipped) {
	if !strings.Contains(md, "$") {
		return md, nil
	}
	src := []byte(md)
	var b strings.Builder
	var skipped []Skipped
	lines := lineCounter{s: md}
	last := 0
	for _, f := range Formulas(Parse(src), src) {
		if !f.Dollar && !f.Dollars || f.Start < last {
			continue
		}
		inner := GitHubMath(f.Inner)
		open, closer := `\(`, `\)`
		if f.Dollars {
			open, closer = "$$", "$$"
		}
		if inner == f.Inner && f.Dollars {
			continue // written as Hugo reads it already
		}
		b.WriteString(md[last:f.Start])
		last = f.Stop
		if strings.Contains(inner, closer) || f.Dollars && strings.HasSuffix(inner, "$") {
			b.WriteString(CodeSpan(md[f.Start:f.Stop], f.Start > 0 && md[f.Start-1] == '\\'))
			skipped = append(skipped, Skipped{Line: lines.at(f.Start), Why: dollarWithCloser})
			continue
		}
		b.WriteString(open + inner + closer)
	}
	b.WriteString(md[last:])
	return b.String(), skipped
}

// GitHubMath is what GitHub hands its math renderer for the text between
// "$" or "$$" delimiters: GitHub reads Markdown's backslash escapes there
// before the math, as in any text, so "\\%" reaches the renderer as "\%"
// and "\{" as "{" (nvFuser's docs write "\mathbin{\\%}" for this).
// Two exceptions keep the TeX GitHub documents: "\$" stays "\$" (GitHub's
// way to write a dollar inside math), and "\\" at the end of a line stays
// "\\" (a TeX line break in a multi-line block). Fenced math ("```math")
// and "$`...`$" are code to GitHub and reach the renderer as written; they
// never come here. TestGitHubMath holds the rules.
func GitHubMath(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) || !isASCIIPunct(s[i+1]) || s[i+1] == '$' {
			b.WriteByte(c)
			continue
		}
		if s[i+1] == '\\' && atLineEnd(s, i+2) {
			b.WriteString(`\\`)
			i++
			continue
		}
		b.WriteByte(s[i+1]) // the escaped character, without its backslash
		i++
	}
	return b.String()
}

// atLineEnd reports whether only spaces or tabs stand between s[i:] and
// a line end.
func atLineEnd(s string, i int) bool {
	for ; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t':
		case '\n', '\r':
			return true
		default:
			return false
		}
	}
	return false
}

// isASCIIPunct is CommonMark's ASCII punctuation: what a backslash escapes.
func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// BudgetMath applies the math budget to md as Hugo parses it
// (ParseAsHugo, after DollarForHugo): a formula over FormulaBudget, or past
// the page's budget, becomes a code span of its source (CodeSpan), which
// Hugo renders, escaped, without calling the render hook or KaTeX. No
// line is added or removed.
func BudgetMath(md string) (string, []Skipped) {
	if !strings.Contains(md, `\(`) && !strings.Contains(md, `\[`) && !strings.Contains(md, "$$") {
		return md, nil
	}
	src := []byte(md)
	var b strings.Builder
	var skipped []Skipped
	lines := lineCounter{s: md}
	seen := map[Formula]bool{}
	last, count, distinct, weight := 0, 0, 0, 0
	for _, f := range Formulas(ParseAsHugo(src), src) {
		// A formula the page has typeset already costs KaTeX nothing more
		// (Hugo caches it), but each still costs a call of the render hook.
		key := Formula{Inner: f.Inner, Display: f.Display}
		why := FormulaBudget(f.Inner)
		switch {
		case why != "":
		case count+1 > MaxPageFormulas:
			why = PageBudgetWhy
		case seen[key]:
			count++
		case distinct+1 > MaxPageDistinctFormulas || weight+FormulaWeight(f.Inner) > MaxPageMathWeight:
			why = PageBudgetWhy
		default:
			seen[key] = true
			count++
			distinct++
			weight += FormulaWeight(f.Inner)
		}
		if why == "" {
			continue
		}
		skipped = append(skipped, Skipped{Line: lines.at(f.Start), Why: why})
		b.WriteString(md[last:f.Start])
		b.WriteString(CodeSpan(md[f.Start:f.Stop], f.Start > 0 && md[f.Start-1] == '\\'))
		last = f.Stop
	}
	if len(skipped) == 0 {
		return md, nil
	}
	b.WriteString(md[last:])
	return b.String(), skipped
}

// CodeSpan writes s as a Markdown code span: fenced by one backtick more
// than its longest run, padded when it starts or ends with a backtick or
// a space. A fence of three or more (which could open a fenced block at
// the start of a line) or one after a backslash (which would escape it)
// gets a space before it.
func CodeSpan(s string, afterBackslash bool) string {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	pad := ""
	if s != "" && (s[0] == '`' || s[0] == ' ' || s[len(s)-1] == '`' || s[len(s)-1] == ' ') {
		pad = " "
	}
	lead := ""
	if afterBackslash || len(fence) >= 3 {
		lead = " "
	}
	return lead + fence + pad + s + pad + fence
}

// lineCounter numbers lines at increasing offsets in linear time.
type lineCounter struct {
	s         string
	off, line int
}

func (c *lineCounter) at(off int) int {
	c.line += strings.Count(c.s[c.off:off], "\n")
	c.off = off
	return c.line
}
