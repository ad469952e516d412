package emit

import (
	"html"
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// A check's code is highlighted here, from the spans the extract stage
// cut while lexing the file, instead of by Hugo's transform.Highlight on
// every one of thousands of pages (chroma lexing the snippet again was
// the check page's largest cost). The markup is what chroma writes for
// linenos=inline with classes, so the site's chroma stylesheets colour it:
// a line per <span class="line">, "line hl" on the call's lines, the
// number in <span class="ln"> padded to the widest, the code in
// <span class="cl">, each token in a span of chroma's class for it.

// codeClass is chroma's CSS class for each role ("" is unstyled text).
var codeClass = [...]string{
	model.CodeSpace:           "",
	model.CodeName:            "n",
	model.CodeFunction:        "nf",
	model.CodeKeyword:         "k",
	model.CodeKeywordType:     "kt",
	model.CodeKeywordReserved: "kr",
	model.CodeBuiltin:         "nb",
	model.CodeString:          "s",
	model.CodeStringEscape:    "se",
	model.CodeStringAffix:     "sa",
	model.CodeStringDelim:     "dl",
	model.CodeChar:            "sc",
	model.CodeInteger:         "mi",
	model.CodeFloat:           "mf",
	model.CodeHex:             "mh",
	model.CodeOctal:           "mo",
	model.CodeBinary:          "mb",
	model.CodeOperator:        "o",
	model.CodePunct:           "p",
	model.CodeComment:         "c1",
	model.CodeCommentBlock:    "cm",
	model.CodePreproc:         "cp",
	model.CodePreprocFile:     "cpf",
}

// highlight returns code as HTML: spans (which joined are the code) with
// line numbers from start, the lines hlFrom to hlTo marked. Every byte of
// the code is escaped: it is nvFuser's source, not markup.
func highlight(spans []model.CodeSpan, start, hlFrom, hlTo int) string {
	lines := 1
	size := 0
	for _, s := range spans {
		lines += strings.Count(s.Text, "\n")
		size += len(s.Text)
	}
	digits := len(strconv.Itoa(start + lines - 1))
	var b strings.Builder
	b.Grow(size*3 + lines*64)
	line := start
	openLine := func() {
		if line >= hlFrom && line <= hlTo {
			b.WriteString(`<span class="line hl"><span class="ln">`)
		} else {
			b.WriteString(`<span class="line"><span class="ln">`)
		}
		n := strconv.Itoa(line)
		b.WriteString(strings.Repeat(" ", digits-len(n)))
		b.WriteString(n)
		b.WriteString(`</span><span class="cl">`)
	}
	b.WriteString(`<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-cpp" data-lang="cpp">`)
	openLine()
	for _, s := range spans {
		class := ""
		if int(s.Role) < len(codeClass) {
			class = codeClass[s.Role]
		}
		// A span crossing lines is cut at each newline, which stays in
		// the span it belongs to, as chroma cuts a block comment.
		for text := s.Text; text != ""; {
			part, rest, newline := strings.Cut(text, "\n")
			if newline {
				part += "\n"
			}
			if class != "" {
				b.WriteString(`<span class="`)
				b.WriteString(class)
				b.WriteString(`">`)
				b.WriteString(html.EscapeString(part))
				b.WriteString(`</span>`)
			} else {
				b.WriteString(html.EscapeString(part))
			}
			if newline {
				b.WriteString(`</span></span>`)
				line++
				openLine()
			}
			text = rest
		}
	}
	b.WriteString(`</span></span></code></pre></div>`)
	return b.String()
}
