package mdconf

import (
	"strconv"
	"strings"
	"testing"
)

// TestDollarForHugo: each "$...$" the scanner finds becomes "\(...\)", or
// a code span when it holds "\)"; nothing else changes, no line is added.
func TestDollarForHugo(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		skipped  []int // lines
	}{
		{"set $HOME and $PATH", "set $HOME and $PATH", nil},
		{"a $x_i$ b", `a \(x_i\) b`, nil},
		// GitHub reads "\)" as ")": math, which Hugo's hook escapes.
		{"x $a\\)<img src=x onerror=alert(1)>$", "x \\(a)<img src=x onerror=alert(1)>\\)", nil},
		// "\\)" reads as "\)", which would end Hugo's math: code.
		{"x $a\\\\)<img src=x onerror=alert(1)>$", "x `$a\\\\)<img src=x onerror=alert(1)>$`", []int{0}},
		{"| a |\n| - |\n| $a\\\\)<b>$ |", "| a |\n| - |\n| `$a\\\\)<b>$` |", []int{2}},
		{"`$x$` and $y$", "`$x$` and \\(y\\)", nil},
		{"\\(a\\) and $$b$$", "\\(a\\) and $$b$$", nil},
	} {
		got, skipped := DollarForHugo(tc.in)
		if got != tc.want {
			t.Errorf("DollarForHugo(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
		var lines []int
		for _, s := range skipped {
			lines = append(lines, s.Line)
		}
		if len(lines) != len(tc.skipped) || len(lines) > 0 && lines[0] != tc.skipped[0] {
			t.Errorf("DollarForHugo(%q) skipped lines %v, want %v", tc.in, lines, tc.skipped)
		}
	}
}

func TestFormulaDepth(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"x", 0},
		{"a_{b^{c}}", 2},
		{`\{a\}`, 0},
		{`\left( \frac{a}{b} \right)`, 2},
		{`\begin{matrix} a \end{matrix}`, 2},
		{`\\{a}`, 1},
		{"}}}{", 1},
		{strings.Repeat("{", 3000) + "x" + strings.Repeat("}", 3000), 3000},
	} {
		if got := FormulaDepth(tc.in); got != tc.want {
			t.Errorf("FormulaDepth(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestBudgetMath: a formula over budget becomes a code span of its
// source, wherever it is (inline, display, in a list or a quote); within
// budget it is left alone; past the page's budget, every further formula
// is code.
func TestBudgetMath(t *testing.T) {
	deep := strings.Repeat("{", MaxFormulaDepth+1) + "x" + strings.Repeat("}", MaxFormulaDepth+1)
	ok := strings.Repeat("{", MaxFormulaDepth) + "x" + strings.Repeat("}", MaxFormulaDepth)
	long := strings.Repeat("x+", MaxFormulaBytes/2+1)
	for _, tc := range []struct{ in, want string }{
		{`a \(` + ok + `\) b`, `a \(` + ok + `\) b`},
		{`a \(` + deep + `\) b`, "a `\\(" + deep + "\\)` b"},
		{"$$\n" + deep + "\n$$\n", "`$$\n" + deep + "\n$$`\n"},
		{"- item\n  \\[" + long + "\\]\n", "- item\n  `\\[" + long + "\\]`\n"},
		{"> $$" + deep + "$$\n", "> `$$" + deep + "$$`\n"},
		{"`\\(" + deep + "\\)`", "`\\(" + deep + "\\)`"},
		{"a \\(`" + deep + "``\\)", "a  ```\\(`" + deep + "``\\)```"},
	} {
		got, skipped := BudgetMath(tc.in)
		if got != tc.want {
			t.Errorf("BudgetMath(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
		if strings.Count(got, "\n") != strings.Count(tc.in, "\n") {
			t.Errorf("BudgetMath(%q): lines changed", tc.in)
		}
		if got != tc.in && len(skipped) != 1 {
			t.Errorf("BudgetMath(%q): %d reported, want 1", tc.in, len(skipped))
		}
	}

	// Distinct: one per line, and \(x\), seen on the first line: the last
	// lines' own formulas are over the distinct budget.
	var b strings.Builder
	for i := 0; i < MaxPageDistinctFormulas+5; i++ {
		b.WriteString("\\(a_{" + strconv.Itoa(i) + "}\\) and \\(x\\)\n")
	}
	got, skipped := BudgetMath(b.String())
	if len(skipped) != 6 || skipped[0].Line != MaxPageDistinctFormulas-1 || skipped[0].Why != PageBudgetWhy {
		t.Fatalf("distinct budget: %d skipped (first %+v), want 6 from line %d", len(skipped), skipped[0], MaxPageDistinctFormulas-1)
	}
	if n := strings.Count(got, "`"); n != 12 {
		t.Errorf("distinct budget: %d backticks, want 12", n)
	}

	// The same formula over and over: each still costs the render hook.
	b.Reset()
	for i := 0; i < MaxPageFormulas+3; i++ {
		b.WriteString("\\(x\\) ")
	}
	if _, skipped := BudgetMath(b.String()); len(skipped) != 3 {
		t.Errorf("formula budget: %d skipped, want 3", len(skipped))
	}

	// Heavy formulas: the page's weight runs out before its count.
	heavy := strings.Repeat("{", MaxFormulaDepth) + strings.Repeat("x", 900) + strings.Repeat("}", MaxFormulaDepth)
	n := MaxPageMathWeight/FormulaWeight(heavy+"+0") + 1
	b.Reset()
	for i := 0; i < n+2; i++ {
		b.WriteString("$$" + heavy + "+" + strconv.Itoa(i) + "$$\n\n")
	}
	if _, skipped := BudgetMath(b.String()); len(skipped) != 3 || skipped[0].Line != 2*(n-1) {
		t.Errorf("page weight: %d skipped (%+v), want 3 from line %d", len(skipped), skipped, 2*(n-1))
	}
}

func TestCodeSpan(t *testing.T) {
	for _, tc := range []struct {
		in   string
		bs   bool
		want string
	}{
		{"a", false, "`a`"},
		{"a`b", false, "``a`b``"},
		{"`a", false, "`` `a ``"},
		{"a``b", false, " ```a``b```"},
		{"a", true, " `a`"},
	} {
		if got := CodeSpan(tc.in, tc.bs); got != tc.want {
			t.Errorf("CodeSpan(%q, %v) = %q, want %q", tc.in, tc.bs, got, tc.want)
		}
	}
}

// TestGitHubMath is the corpus of GitHub's escaping inside "$...$" and
// "$$...$$": Markdown's backslash escapes are read before the math (the
// GFM spec's backslash escapes: any ASCII punctuation), except "\$" and a
// line-ending "\\"; anything else after a backslash keeps it.
func TestGitHubMath(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`a \mathbin{\\%} b`, `a \mathbin{\%} b`}, // nvFuser's docs
		{`\{x\}`, `{x}`},                                 // braces vanish on GitHub: write \\{
		{`\\{x\\}`, `\{x\}`},                             // ... which reaches KaTeX as \{
		{`a\,b \! c \; d \: e`, `a,b ! c ; d : e`},       // spacing commands lose their backslash
		{`x\_1 \\_2`, `x_1 \_2`},                         // "\_" is an underscore to Markdown
		{`\sqrt{\$4}`, `\sqrt{\$4}`},                     // GitHub's documented dollar in math
		{`\alpha + \frac{a}{b}`, `\alpha + \frac{a}{b}`}, // a letter after "\" is TeX's
		{`\|x\| \#1 \& \~ \^`, `|x| #1 & ~ ^`},           // every ASCII punctuation character
		{`\<b\> \" \' \* \+ \- \. \/`, `<b> " ' * + - . /`},
		{`\( \) \[ \] \@ \? \= \; \| \` + "`", "( ) [ ] @ ? = ; | `"},
		{`\1 \é \ x`, `\1 \é \ x`}, // digits, non-ASCII, spaces: not escapes
		{"a \\\\\nb", "a \\\\\nb"}, // a line-ending "\\" is TeX's line break
		{"a \\\\  \r\nb", "a \\\\  \r\nb"},
		{`a \\ b`, `a \ b`}, // ... in mid-line it is one backslash
		{`end\`, `end\`},
		{`\\\\`, `\\`},
		{``, ``},
	} {
		if got := GitHubMath(tc.in); got != tc.want {
			t.Errorf("GitHubMath(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestDollarForHugoEscapes: what Hugo is given for GitHub's dollar math
// holds what GitHub gives its renderer; other math is left as written.
func TestDollarForHugoEscapes(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		skipped  int
	}{
		{`$a\mathbin{\\%}b$`, `\(a\mathbin{\%}b\)`, 0},
		{`$$a = (a/b)b + a\mathbin{\\%}b$$`, `$$a = (a/b)b + a\mathbin{\%}b$$`, 0},
		{"$$\n\\{x\\}\n$$\n", "$$\n{x}\n$$\n", 0},
		{"text $$b \\mathbin{\\\\%} c$$ more", "text $$b \\mathbin{\\%} c$$ more", 0},
		{`\(a\mathbin{\\%}b\)`, `\(a\mathbin{\\%}b\)`, 0}, // not GitHub's math: as written
		{`\[\{x\}\]`, `\[\{x\}\]`, 0},
		{"```math\n\\{x\\}\n```\n", "```math\n\\{x\\}\n```\n", 0}, // code to GitHub
		{"$`\\{x\\}`$", "$`\\{x\\}`$", 0},
		{`$a\\)b$`, "`$a\\\\)b$`", 1}, // "\\)" reads as "\)": would close Hugo's math
		{`$x$ and $$\#$$`, `\(x\) and $$#$$`, 0},
	} {
		got, skipped := DollarForHugo(tc.in)
		if got != tc.want || len(skipped) != tc.skipped {
			t.Errorf("DollarForHugo(%q)\n got %q (%d skipped)\nwant %q (%d)", tc.in, got, len(skipped), tc.want, tc.skipped)
		}
	}
}

// FuzzDollarForHugo: whatever the text, GitHub's escapes never add or
// remove a line, never lengthen a formula, and a formula written for Hugo
// never holds its own closer.
func FuzzDollarForHugo(f *testing.F) {
	for _, s := range []string{`$a\mathbin{\\%}b$`, "$$\n\\{x\\} \\\\\n$$\n", `$a\\)b$`, `$$a\$\$b$$`, "x $\\$$ y", `\(a\) $b$`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 1000 {
			return
		}
		if g := GitHubMath(md); len(g) > len(md) || strings.Count(g, "\n") != strings.Count(md, "\n") {
			t.Fatalf("GitHubMath(%q) = %q", md, g)
		}
		out, _ := DollarForHugo(md)
		if strings.Count(out, "\n") != strings.Count(md, "\n") {
			t.Fatalf("DollarForHugo(%q) = %q: lines changed", md, out)
		}
		src := []byte(out)
		for _, fm := range Formulas(ParseAsHugo(src), src) {
			if fm.Open == 2 && fm.Dollars && strings.Contains(fm.Inner, "$$") || fm.Open == 2 && !fm.Dollars && strings.Contains(fm.Inner, `\)`) && !fm.Display {
				t.Fatalf("DollarForHugo(%q) = %q: formula %q holds its closer", md, out, fm.Inner)
			}
		}
	})
}
