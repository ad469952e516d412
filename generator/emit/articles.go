package emit

import (
	"bytes"
	_ "embed"
	"html"
	"html/template"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// The parts of pages made of many facts and no Markdown are rendered
// here, by Go's html/template (whose escaping Hugo's templates share),
// from the pages' typed front matter: articles.html. They are a check's
// article, a removed check's, and the drift report's groups of findings.
//
// A check page's article: Hugo's layout (layouts/_partials/article/check.html)
// keeps what depends on the site (breadcrumbs, the commit's age, the
// explanation's Markdown, the "since your build" script) and places the
// two parts. With the article in Hugo's template engine, the 4,641 check
// pages took 1.7 of the render's CPU-s on the real handbook, and their
// front matter (the code highlighted, the tests, the steps) was encoded
// to TOML by emit only to be decoded again by Hugo (docs/benchmarks.md,
// issue 35 round 5). The drift report's groups: at 10,000 notes, 18,000
// findings on one page, encoded to TOML, decoded by Hugo and rendered
// twice (the page and its search document) by one goroutine.

//go:embed articles.html
var articlesText string

var articlesTemplate = template.Must(template.New("check-article").Funcs(template.FuncMap{
	// rel is set per site, by articleTemplate: site paths are served
	// under the base URL's path, as Hugo's relURL serves them.
	"rel":       func(string) string { return "" },
	"safe":      func(s string) template.HTML { return template.HTML(s) },
	"breakable": breakable,
	"set":       func(l Link) bool { return l != Link{} },
}).Parse(articlesText))

// breakable escapes a path, symbol or NAME=value and lets it wrap after
// "/", ":", "::", "=" and "," (what layouts/_partials/breakable.html's
// replaceRE `(::|[/:=,])` does; TestBreakable holds the two together).
// A loop, not the regexp: it runs for every link and subject of thousands
// of pages. "::" gets one break, after both colons.
func breakable(s string) template.HTML {
	e := html.EscapeString(s)
	var b strings.Builder
	b.Grow(len(e) + len(e)/8)
	for i := 0; i < len(e); i++ {
		c := e[i]
		b.WriteByte(c)
		switch {
		case c == ':' && i+1 < len(e) && e[i+1] == ':':
			b.WriteString(":<wbr>")
			i++
		case c == '/' || c == ':' || c == '=' || c == ',':
			b.WriteString("<wbr>")
		}
	}
	return template.HTML(b.String())
}

// checkArticle renders the article of the check page whose params are p:
// the part before the script the layout adds for its "since your build"
// block and the part after it.
func (e *emitter) checkArticle(p *checkParams) (main, tail string, err error) {
	if main, err = e.renderArticle("main", p); err != nil {
		return "", "", err
	}
	tail, err = e.renderArticle("tail", p)
	return main, tail, err
}

// driftGroups renders the drift report's groups of findings, each after
// a line break and the indent the layout's list had.
func (e *emitter) driftGroups(groups []driftGroup) (string, error) {
	return e.renderArticle("drift-groups", groups)
}

// removedArticle renders the article of a removed check's page, below
// its header and explanation.
func (e *emitter) removedArticle(p *removedParams) (string, error) {
	return e.renderArticle("removed", p)
}

// renderArticle executes the template name of articles.html on data.
func (e *emitter) renderArticle(name string, data any) (string, error) {
	t, err := e.articleTemplate()
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	err = t.ExecuteTemplate(&b, name, data)
	return b.String(), err
}

// articleTemplate is articles.html with this site's base URL, made
// once per emit.
func (e *emitter) articleTemplate() (*template.Template, error) {
	e.articleOnce.Do(func() {
		base := e.site.BaseURL
		e.article, e.articleErr = articlesTemplate.Clone()
		if e.articleErr == nil {
			e.article.Funcs(template.FuncMap{"rel": func(u string) string { return urls.Served(base, u) }})
		}
	})
	return e.article, e.articleErr
}
