package mdconf

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// hugoGoldmark is config.toml's [markup.goldmark], as Hugo reads it. The
// switches are pointers: a switch the file leaves out would be Hugo's
// default, which the test refuses (the dialect is written out).
type hugoGoldmark struct {
	Renderer struct {
		Unsafe *bool
	}
	Parser struct {
		Attribute struct {
			Title, Block *bool
		}
	}
	Extensions struct {
		Table, Strikethrough, TaskList, Footnote, DefinitionList, Linkify *bool
		Typographer                                                       struct{ Disable *bool }
		Passthrough                                                       struct {
			Enable     *bool
			Delimiters struct{ Inline, Block [][]string }
		}
	}
}

// TestConfigMatchesDialect holds config.toml's [markup.goldmark] (what
// Hugo renders with) to Dialect (what notes are parsed and sanitized
// with).
func TestConfigMatchesDialect(t *testing.T) {
	var cfg struct {
		Markup struct{ Goldmark hugoGoldmark }
	}
	if _, err := toml.DecodeFile(filepath.Join("..", "..", "..", "config.toml"), &cfg); err != nil {
		t.Fatal(err)
	}
	g := cfg.Markup.Goldmark
	e := g.Extensions
	d := Dialect
	for _, c := range []struct {
		key  string
		got  *bool
		want bool
	}{
		{"renderer.unsafe", g.Renderer.Unsafe, d.Unsafe},
		{"parser.attribute.title", g.Parser.Attribute.Title, d.AttributeTitle},
		{"parser.attribute.block", g.Parser.Attribute.Block, d.AttributeBlock},
		{"extensions.table", e.Table, d.Table},
		{"extensions.strikethrough", e.Strikethrough, d.Strikethrough},
		{"extensions.taskList", e.TaskList, d.TaskList},
		{"extensions.footnote", e.Footnote, d.Footnote},
		{"extensions.definitionList", e.DefinitionList, d.DefinitionList},
		{"extensions.linkify", e.Linkify, d.Linkify},
		{"extensions.typographer.disable", e.Typographer.Disable, !d.Typographer},
		{"extensions.passthrough.enable", e.Passthrough.Enable, len(d.MathInline)+len(d.MathBlock) > 0},
	} {
		switch {
		case c.got == nil:
			t.Errorf("config.toml: markup.goldmark.%s is not set (Go's dialect: %v); write it out", c.key, c.want)
		case *c.got != c.want:
			t.Errorf("config.toml: markup.goldmark.%s = %v, Go's dialect (mdconf.Dialect) has %v", c.key, *c.got, c.want)
		}
	}
	pairs := func(p [][2]string) [][]string {
		var out [][]string
		for _, x := range p {
			out = append(out, []string{x[0], x[1]})
		}
		return out
	}
	if got, want := e.Passthrough.Delimiters.Inline, pairs(d.MathInline); !reflect.DeepEqual(got, want) {
		t.Errorf("passthrough inline delimiters: config.toml %q, Go %q", got, want)
	}
	if got, want := e.Passthrough.Delimiters.Block, pairs(d.MathBlock); !reflect.DeepEqual(got, want) {
		t.Errorf("passthrough block delimiters: config.toml %q, Go %q", got, want)
	}
}

// TestDialect renders one construct of each kind the dialect has or
// leaves out.
func TestDialect(t *testing.T) {
	for _, c := range []struct {
		name, md string
		want     []string // substrings of the HTML
		not      []string
	}{
		{"table", "| a |\n| - |\n| b |\n", []string{"<table>", "<td>b</td>"}, nil},
		{"strikethrough", "~~x~~", []string{"<del>x</del>"}, nil},
		{"task list", "- [x] done\n", []string{`type="checkbox"`}, nil},
		{"footnote", "a[^1]\n\n[^1]: note\n", []string{`class="footnotes"`}, nil},
		{"inline math", `\(a_1 + b_2\)`, []string{`\(a_1 + b_2\)`}, []string{"<em>"}},
		{"display math", "$$\na_1 * b_2 * c\n$$\n", []string{"a_1 * b_2 * c"}, []string{"<em>"}},
		{"dollar math", "tile $2\\times 2$ and $a_1*b_2$ end", []string{`$2\times 2$`, `$a_1*b_2$`}, []string{"<em>"}},
		{"dollar shell is not math", "set $CUDA_HOME and $PATH, costs $5 and $10, $ x $", []string{"set $CUDA_HOME and $PATH, costs $5 and $10, $ x $"}, nil},
		{"no linkify", "see https://example.com/x and www.example.com", nil, []string{"<a "}},
		{"no typographer", `"quoted" -- x...`, []string{`&quot;quoted&quot; -- x...`}, nil},
		{"no definition list", "term\n: definition\n", nil, []string{"<dl>"}},
		{"no attributes", "## Title {#id}\n", []string{"Title {#id}"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := md.Convert([]byte(c.md), &b); err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("%q renders %q, want %q in it", c.md, b.String(), w)
				}
			}
			for _, w := range c.not {
				if strings.Contains(b.String(), w) {
					t.Errorf("%q renders %q, want no %q", c.md, b.String(), w)
				}
			}
		})
	}
}

// TestDollarMathSpans: GitHub's rules for "$...$".
func TestDollarMathSpans(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"a $x$ b", []string{"$x$"}},
		{"$2\\times 2$ and $y_1$", []string{"$2\\times 2$", "$y_1$"}},
		{"$HOME and $PATH", nil},
		{"$5 and $10", nil},
		{"\\$x$", nil},
		{"$$x$$", nil}, // passthrough's own
		{"$x\n$", nil}, // one line
		{"`$x$`", nil}, // code
		{"$HOME or `$x`", nil},
		{"$a\\$b$", []string{"$a\\$b$"}},
	} {
		var got []string
		for _, f := range dollarFormulas(tc.in) {
			got = append(got, tc.in[f.Start:f.Stop])
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: math %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLoneDollars: a long line of lone "$" (shell, prices) holds no math.
func TestLoneDollars(t *testing.T) {
	line := strings.Repeat("$a ", 10_000) + "$5 and $10"
	if n := len(dollarFormulas(line)); n != 0 {
		t.Errorf("%d math spans in a line of lone dollars", n)
	}
}

func dollarFormulas(md string) []Formula {
	var out []Formula
	for _, f := range Formulas(Parse([]byte(md)), []byte(md)) {
		if f.Dollar {
			out = append(out, f)
		}
	}
	return out
}
