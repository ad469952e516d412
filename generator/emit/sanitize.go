package emit

import (
	"html"
	"regexp"
	"sort"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark/ast"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
	"github.com/nvfuser-handbook/handbook/generator/internal/urlsafe"
)

// htmlPolicy is what a note's raw HTML may keep, modelled on what GitHub
// keeps of a README's: structure and text formatting (details/summary,
// tables, lists, headings, kbd, sup, sub, br, ...), links and images to
// http, https, mailto and relative URLs, and a few presentational
// attributes. Comments are dropped. Never kept: script, style, frames,
// object/embed, forms, svg/math (foreign content), event attributes (on*),
// style attributes, and any other URL (javascript:, data:,
// protocol-relative "//host"). Hugo renders what is left as is
// (config.toml: unsafe = true).
var htmlPolicy = newHTMLPolicy()

// notProtocolRelative refuses "//host" and "\\host" (a browser reads "\"
// as "/"), which bluemonday would take for relative URLs.
var notProtocolRelative = regexp.MustCompile(`^\s*(?:[^/\\\s]|[/\\](?:[^/\\]|$)|$)`)

func newHTMLPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements(
		"p", "div", "span", "br", "hr", "wbr",
		"h1", "h2", "h3", "h4", "h5", "h6",
		"b", "i", "u", "s", "em", "strong", "del", "ins", "strike", "small", "mark",
		"sup", "sub", "kbd", "samp", "var", "code", "tt", "pre", "q", "cite", "dfn",
		"abbr", "blockquote", "details", "summary", "figure", "figcaption",
		"ul", "ol", "li", "dl", "dt", "dd",
		"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col",
		"ruby", "rt", "rp", "picture", "center",
	)
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(true)
	p.RequireParseableURLs(true)
	p.AllowAttrs("href").Matching(notProtocolRelative).OnElements("a")
	p.AllowAttrs("name").OnElements("a") // in-page anchors; names no document property
	p.AllowAttrs("src").Matching(notProtocolRelative).OnElements("img")
	p.AllowAttrs("srcset").Matching(notProtocolRelative).OnElements("img", "source")
	p.AllowAttrs("alt", "width", "height", "loading").OnElements("img")
	p.AllowAttrs("media", "type", "width", "height").OnElements("source")
	p.AllowElements("source")
	p.AllowAttrs("title").Globally()
	// An id is kept, as GitHub keeps it, prefixed "user-content-" (see
	// prefixIDs) so that a note's ids never collide with the page's own.
	p.AllowAttrs("id").Matching(htmlID).Globally()
	p.AllowAttrs("lang", "dir").Globally()
	p.AllowAttrs("align").OnElements("p", "div", "img", "h1", "h2", "h3", "h4", "h5", "h6", "table", "td", "th", "tr")
	p.AllowAttrs("colspan", "rowspan", "scope").OnElements("td", "th")
	p.AllowAttrs("span").OnElements("col", "colgroup")
	p.AllowAttrs("open").OnElements("details")
	p.AllowAttrs("start", "type", "reversed").OnElements("ol")
	p.AllowAttrs("datetime", "cite").OnElements("del", "ins")
	p.AllowAttrs("cite").OnElements("q", "blockquote")
	return p
}

// htmlID is an id a note's HTML may declare: a plain name.
var htmlID = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.:-]{0,99}$`)

// UserContent prefixes every id a note's HTML declares, as GitHub does:
// "#x" in the note's own links is rewritten to it (render-link.html reads
// the page's html_ids), and nothing a note declares can shadow an id the
// page's scripts look up.
const UserContent = "user-content-"

// idAttrRE finds the id attributes bluemonday wrote (always double
// quoted; a quote inside text is escaped, so this never matches text).
var idAttrRE = regexp.MustCompile(`(\sid=")([^"]*)"`)

// srcAttrRE finds an <img>'s src as bluemonday writes it.
var srcAttrRE = regexp.MustCompile(`(<img\b[^>]*?\ssrc=")([^"]*)"`)

// srcsetAttrRE finds a srcset attribute as bluemonday writes it.
var srcsetAttrRE = regexp.MustCompile(`\ssrcset="([^"]*)"`)

// safeSrcset keeps the candidates of a srcset whose URL the handbook's
// one URL policy (urlsafe.Check, as for src and href) allows, each read
// as a browser splits them (the HTML standard's srcset parsing: a URL is
// a run of non-space characters, commas inside it included, trailing
// commas ending the candidate; then descriptors up to a comma outside
// parentheses). bluemonday only matches the attribute as a whole.
func safeSrcset(v string) string {
	var kept []string
	for i := 0; i < len(v); {
		for i < len(v) && (isHTMLSpace(v[i]) || v[i] == ',') {
			i++
		}
		start := i
		for i < len(v) && !isHTMLSpace(v[i]) {
			i++
		}
		url := v[start:i]
		desc := ""
		if trimmed := strings.TrimRight(url, ","); trimmed != url {
			url = trimmed
		} else {
			depth, dstart := 0, i
			for i < len(v) && (v[i] != ',' || depth > 0) {
				switch v[i] {
				case '(':
					depth++
				case ')':
					depth = max(depth-1, 0)
				}
				i++
			}
			desc = strings.TrimSpace(v[dstart:i])
		}
		if url == "" {
			continue
		}
		if safe, _ := urlsafe.Check(url); !safe || !notProtocolRelative.MatchString(url) {
			continue
		}
		if desc != "" {
			url += " " + desc
		}
		kept = append(kept, url)
	}
	return strings.Join(kept, ", ")
}

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// finishFragment applies what the policy cannot: the id prefix, srcset
// candidate by candidate (safeSrcset), and the
// published URL of an image (imgSrc, nil to keep src as written; it
// returns "" for a src it does not know). Both are idempotent, so a
// second sanitizing pass changes nothing.
func finishFragment(clean string, imgSrc func(string) string) string {
	if strings.Contains(clean, " id=\"") {
		clean = idAttrRE.ReplaceAllStringFunc(clean, func(m string) string {
			sub := idAttrRE.FindStringSubmatch(m)
			if strings.HasPrefix(sub[2], UserContent) {
				return m
			}
			return sub[1] + UserContent + sub[2] + `"`
		})
	}
	if strings.Contains(clean, " srcset=\"") {
		clean = srcsetAttrRE.ReplaceAllStringFunc(clean, func(m string) string {
			kept := safeSrcset(html.UnescapeString(srcsetAttrRE.FindStringSubmatch(m)[1]))
			if kept == "" {
				return ""
			}
			return ` srcset="` + html.EscapeString(kept) + `"`
		})
	}
	if imgSrc != nil && strings.Contains(clean, "<img") {
		clean = srcAttrRE.ReplaceAllStringFunc(clean, func(m string) string {
			sub := srcAttrRE.FindStringSubmatch(m)
			u := imgSrc(html.UnescapeString(sub[2]))
			if u == "" {
				return m
			}
			return sub[1] + html.EscapeString(u) + `"`
		})
	}
	return clean
}

// DeclaredIDs are the ids (without UserContent) that sanitized Markdown
// declares in its HTML, in order, each once.
func DeclaredIDs(md string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range idAttrRE.FindAllStringSubmatch(md, -1) {
		id, ok := strings.CutPrefix(m[2], UserContent)
		if ok && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// maxSanitizePasses bounds sanitizeHTML. Removing a fragment can make
// new HTML of the text around it ("<" + "<x>" + "b>" is "<b>" once "<x>"
// is gone), found on the next pass; an input that still changes after
// this many passes has what is left escaped (literalHTML).
const maxSanitizePasses = 12

// sanitizeHTML replaces each raw HTML fragment of md (an inline tag, an
// HTML block) with what htmlPolicy keeps of it, until nothing changes: then
// every fragment Hugo finds in the result is one the policy keeps as it
// is, whatever text surrounds it. A fragment's lines stay lines (a
// comment or script that vanishes leaves empty comments, "<!---->", in
// its lines) so that the note's line numbers still hold and no blank line
// ends a list, a quote or an HTML block early; with dropLines (the
// Markdown twin, which no line number refers to) they are left empty.
func sanitizeHTML(md string, dropLines bool, imgSrc func(string) string) string {
	if !strings.Contains(md, "<") {
		return md
	}
	for pass := 0; pass < maxSanitizePasses; pass++ {
		next := sanitizePass(md, dropLines, imgSrc)
		if next == md {
			// Settled: balance it (balance.go), which may make new
			// Markdown of the text around a dropped tag.
			if next = balancePass(md, dropLines); next == md {
				return md
			}
		}
		md = next
	}
	return literalHTML(md)
}

// emptyLine fills a line of a fragment that sanitizing emptied.
const emptyLine = "<!---->"

type replacement struct {
	start, stop int
	text        string
}

func sanitizePass(md string, dropLines bool, imgSrc func(string) string) string {
	src := []byte(md)
	// The page: as Hugo will parse it (literal has written "$...$" for
	// Hugo already), so that what Hugo takes for raw HTML is exactly what
	// is sanitized here.
	parse := mdconf.ParseAsHugo
	if dropLines {
		// The twin is read by Markdown readers that may know no math:
		// HTML inside "$...$" is HTML to them.
		parse = mdconf.ParseWithoutMath
	}
	var reps []replacement
	_ = ast.Walk(parse(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML:
			if n.Segments.Len() == 0 {
				break
			}
			start, stop := n.Segments.At(0).Start, n.Segments.At(n.Segments.Len()-1).Stop
			frag := md[start:stop]
			if mdconf.NotHTML(frag) {
				reps = append(reps, replacement{start, start, `\`}) // text: "\<int>"
				break
			}
			clean := finishFragment(htmlPolicy.Sanitize(frag), imgSrc)
			if lost := strings.Count(frag, "\n") - strings.Count(clean, "\n"); lost > 0 && !dropLines {
				// An inline comment keeps the paragraph's lines.
				clean += "<!--" + strings.Repeat("\n", lost) + "-->"
			}
			if isLinePlaceholder(frag) && !dropLines {
				clean = frag
			}
			if clean != frag {
				reps = append(reps, replacement{start, stop, clean})
			}
		case *ast.HTMLBlock:
			reps = append(reps, sanitizeBlock(md, n, dropLines, imgSrc)...)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if len(reps) == 0 {
		return md
	}
	sort.Slice(reps, func(i, j int) bool { return reps[i].start < reps[j].start })
	var b strings.Builder
	last := 0
	for _, r := range reps {
		if r.start < last {
			continue
		}
		b.WriteString(md[last:r.start])
		b.WriteString(r.text)
		last = r.stop
	}
	b.WriteString(md[last:])
	return b.String()
}

// isLinePlaceholder is an inline comment sanitizeHTML wrote: only line
// breaks.
func isLinePlaceholder(s string) bool {
	return strings.HasPrefix(s, "<!--") && strings.HasSuffix(s, "-->") && len(s) > 7 &&
		strings.Trim(s[4:len(s)-3], "\n") == ""
}

// sanitizeBlock sanitizes an HTML block as one fragment (an opening
// <details> and its closing tag may be blocks of their own; each is kept)
// and writes the result back into the block's own lines, whose container
// prefixes ("> ", a list item's indent) stay as they were.
func sanitizeBlock(md string, n *ast.HTMLBlock, dropLines bool, imgSrc func(string) string) []replacement {
	var slots [][2]int // each line's text, without its line break
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		s := lines.At(i)
		slots = append(slots, [2]int{s.Start, s.Stop})
	}
	if n.HasClosure() {
		slots = append(slots, [2]int{n.ClosureLine.Start, n.ClosureLine.Stop})
	}
	if len(slots) == 0 {
		return nil
	}
	if first := md[slots[0][0]:slots[0][1]]; mdconf.NotHTML(strings.TrimLeft(first, " ")) {
		// Text, not HTML: the block becomes a paragraph, whose inline
		// tags the next pass sees.
		at := slots[0][0] + strings.IndexByte(first, '<')
		return []replacement{{at, at, `\`}}
	}
	var frag strings.Builder
	for i, s := range slots {
		slots[i][1] = s[0] + len(strings.TrimRight(md[s[0]:s[1]], "\r\n"))
		frag.WriteString(md[s[0]:slots[i][1]])
		frag.WriteByte('\n')
	}
	clean := strings.Split(strings.TrimRight(finishFragment(htmlPolicy.Sanitize(frag.String()), imgSrc), "\n"), "\n")
	if len(clean) > len(slots) {
		// More lines than before (an entity decoded to a line break):
		// the rest goes on the last line.
		k := len(slots) - 1
		clean = append(clean[:k], strings.Join(clean[k:], " "))
	}
	empty := emptyLine
	if dropLines {
		empty = "" // the twin: a blank line, nobody counts its lines
	}
	var reps []replacement
	for i, s := range slots {
		text := empty
		if i < len(clean) && strings.TrimSpace(clean[i]) != "" {
			text = clean[i]
		}
		if strings.TrimSpace(md[s[0]:s[1]]) == "" && text == empty {
			continue // a blank line inside a comment or script stays blank
		}
		if text != md[s[0]:s[1]] {
			reps = append(reps, replacement{s[0], s[1], text})
		}
	}
	return reps
}
