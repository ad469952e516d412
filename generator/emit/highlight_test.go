package emit

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

const (
	codeOpen  = `<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-cpp" data-lang="cpp">`
	codeClose = `</code></pre></div>`
)

// highlighted lexes src, attaches the code of a check on lines line to
// end the way the extract stage does, and highlights it as emit does.
func highlighted(src string, line, end int) (model.Check, string) {
	toks, _ := cpplex.Lex([]byte(src))
	cs := []model.Check{{Where: model.Location{File: "x.cpp", Line: line}, EndLine: end}}
	checks.AttachCode([]byte(src), toks, cs)
	c := cs[0]
	return c, highlight(c.CodeSpans, c.CodeStart, line, max(end, line))
}

func TestHighlight(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, end int
		want      string // the markup between codeOpen and codeClose
	}{
		{"keywords and names, the check's line marked", "int f() {\n  if (x) return 1;\n  NVF_ERROR(x);\n}", 3, 3,
			`<span class="line"><span class="ln">1</span><span class="cl"><span class="kt">int</span> <span class="nf">f</span><span class="p">()</span> <span class="p">{</span>` + "\n" + `</span></span>` +
				`<span class="line"><span class="ln">2</span><span class="cl">  <span class="k">if</span> <span class="p">(</span><span class="n">x</span><span class="p">)</span> <span class="k">return</span> <span class="mi">1</span><span class="p">;</span>` + "\n" + `</span></span>` +
				`<span class="line hl"><span class="ln">3</span><span class="cl">  <span class="n">NVF_ERROR</span><span class="p">(</span><span class="n">x</span><span class="p">);</span>` + "\n" + `</span></span>` +
				`<span class="line"><span class="ln">4</span><span class="cl"><span class="p">}</span></span></span>`},
		{"a call over lines marks each; numbers pad to the widest", "\n\n\n\n\n\n\nNVF_CHECK(a,\n  \"b\");\nx;", 8, 9,
			`<span class="line"><span class="ln"> 5</span><span class="cl">` + "\n" + `</span></span>` +
				`<span class="line"><span class="ln"> 6</span><span class="cl">` + "\n" + `</span></span>` +
				`<span class="line"><span class="ln"> 7</span><span class="cl">` + "\n" + `</span></span>` +
				`<span class="line hl"><span class="ln"> 8</span><span class="cl"><span class="n">NVF_CHECK</span><span class="p">(</span><span class="n">a</span><span class="p">,</span>` + "\n" + `</span></span>` +
				`<span class="line hl"><span class="ln"> 9</span><span class="cl">  <span class="s">&#34;b&#34;</span><span class="p">);</span>` + "\n" + `</span></span>` +
				`<span class="line"><span class="ln">10</span><span class="cl"><span class="n">x</span><span class="p">;</span></span></span>`},
		{"escapes in strings, < > & escaped everywhere", `NVF_ERROR(a<b && c>d, "<i>\"&amp;\"</i>"); // <b>&`, 1, 1,
			`<span class="line hl"><span class="ln">1</span><span class="cl"><span class="n">NVF_ERROR</span><span class="p">(</span><span class="n">a</span><span class="o">&lt;</span><span class="n">b</span> <span class="o">&amp;&amp;</span> <span class="n">c</span><span class="o">&gt;</span><span class="n">d</span><span class="p">,</span> ` +
				`<span class="s">&#34;&lt;i&gt;</span><span class="se">\&#34;</span><span class="s">&amp;amp;</span><span class="se">\&#34;</span><span class="s">&lt;/i&gt;&#34;</span><span class="p">);</span> <span class="c1">// &lt;b&gt;&amp;</span></span></span>`},
		{"a raw string", `NVF_THROW(R"x(</pre>)x");`, 1, 1,
			`<span class="line hl"><span class="ln">1</span><span class="cl"><span class="n">NVF_THROW</span><span class="p">(</span><span class="sa">R</span><span class="s">&#34;</span><span class="dl">x(</span><span class="s">&lt;/pre&gt;</span><span class="dl">)x</span><span class="s">&#34;</span><span class="p">);</span></span></span>`},
		{"a block comment is cut at each line, its newline kept inside", "/* a\n   b */ NVF_ERROR(ok);", 2, 2,
			`<span class="line"><span class="ln">1</span><span class="cl"><span class="cm">/* a` + "\n" + `</span></span></span>` +
				`<span class="line hl"><span class="ln">2</span><span class="cl"><span class="cm">   b */</span> <span class="n">NVF_ERROR</span><span class="p">(</span><span class="n">ok</span><span class="p">);</span></span></span>`},
		{"a macro: the directive, then its body as code", "#define CHECK_OK(x) \\\n  NVF_ERROR(x, 'c')", 2, 2,
			`<span class="line"><span class="ln">1</span><span class="cl"><span class="cp">#define</span> <span class="n">CHECK_OK</span><span class="p">(</span><span class="n">x</span><span class="p">)</span> \` + "\n" + `</span></span>` +
				`<span class="line hl"><span class="ln">2</span><span class="cl">  <span class="n">NVF_ERROR</span><span class="p">(</span><span class="n">x</span><span class="p">,</span> <span class="sc">&#39;c&#39;</span><span class="p">)</span></span></span>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, got := highlighted(tc.src, tc.line, tc.end)
			if want := codeOpen + tc.want + codeClose; got != want {
				t.Errorf("highlight\n got  %s\n want %s", got, want)
			}
		})
	}
}

// Code that reached emit without spans is shown plain, every line of it.
func TestHighlightPlainFallback(t *testing.T) {
	h := &model.Handbook{HasSource: true, Checks: []*model.Check{{ID: "f-bad", Macro: "NVF_ERROR", Kind: model.CheckInternal,
		Pieces: []string{"bad"}, Function: "f", Within: "f", Where: model.Location{File: "csrc/f.cpp", Line: 11}, EndLine: 11,
		Code: "x = a < b;\nNVF_ERROR(ok, \"bad\");", CodeStart: 10}}}
	h.Index()
	out := t.TempDir()
	if err := Emit(h, Site{BaseURL: "https://h.test/", RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "main"}, NewWriter(out)); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, "content", "errors", "f-bad.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := `<span class=\"line\"><span class=\"ln\">10</span><span class=\"cl\">x = a &lt; b;\n</span></span>` +
		`<span class=\"line hl\"><span class=\"ln\">11</span><span class=\"cl\">NVF_ERROR(ok, &#34;bad&#34;);</span></span>`
	if !strings.Contains(string(page), want) {
		t.Errorf("the page's code_html lacks\n%s\n%s", want, page)
	}
}

var (
	markupTag = regexp.MustCompile(`^(<span class="(line|line hl|ln|cl|[a-z0-9]{1,3})">|</span>)`)
	anyTag    = regexp.MustCompile(`<[^>]*>`)
)

// wellFormed says what is wrong with a highlighted block, "" if nothing:
// the wrapper around it, only span tags inside, each closed, in order,
// and no '<' or '>' but those of the tags.
func wellFormed(out string) string {
	if !strings.HasPrefix(out, codeOpen) || !strings.HasSuffix(out, codeClose) {
		return "not wrapped in the highlight block"
	}
	inner := strings.TrimSuffix(strings.TrimPrefix(out, codeOpen), codeClose)
	depth := 0
	for i := 0; i < len(inner); {
		switch inner[i] {
		case '<':
			tag := markupTag.FindString(inner[i:])
			if tag == "" {
				return "unexpected markup at " + inner[i:min(len(inner), i+40)]
			}
			if tag == "</span>" {
				depth--
			} else {
				depth++
			}
			if depth < 0 {
				return "a span closed that was not open"
			}
			i += len(tag)
		case '>':
			return "a bare '>'"
		default:
			i++
		}
	}
	if depth != 0 {
		return "a span left open"
	}
	return ""
}

// FuzzHighlight: for any source, the highlighted code is well-formed and
// says exactly the code, escaped.
func FuzzHighlight(f *testing.F) {
	f.Add("NVF_ERROR(a < b, \"<script>\\\"&\");\n// </span>\n", 1, 0)
	f.Add("/* x\n*/ R\"d(<\n>)d\" '<' #include <a&b>\n#define M(x) \\\n NVF_CHECK(x)", 2, 2)
	f.Add("\n\n\n\n\n\n\n\n\nx\n", 10, 0)
	f.Fuzz(func(t *testing.T, src string, line, extra int) {
		if line < 1 || line > 2000 || extra < 0 || extra > 2000 {
			return
		}
		c, out := highlighted(src, line, line+extra)
		if c.Code == "" && c.CodeSpans == nil {
			return // the line is past the end
		}
		if msg := wellFormed(out); msg != "" {
			t.Fatalf("%s:\n%s", msg, out)
		}
		// The line numbers and the code, once the tags are gone, are
		// the code with a number before each line.
		text := html.UnescapeString(anyTag.ReplaceAllString(strings.ReplaceAll(out, `<span class="cl">`, "|"), ""))
		var want strings.Builder
		lines := strings.Split(c.Code, "\n")
		last := c.CodeStart + len(lines) - 1
		for i, l := range lines {
			n := c.CodeStart + i
			want.WriteString(strings.Repeat(" ", len(strconv.Itoa(last))-len(strconv.Itoa(n))) + strconv.Itoa(n) + "|" + l)
			if i < len(lines)-1 {
				want.WriteString("\n")
			}
		}
		if text != want.String() {
			t.Fatalf("the text is\n%q\nnot\n%q", text, want.String())
		}
	})
}
