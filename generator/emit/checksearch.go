package emit

import (
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// A check page's search document: what a reader finds a check by (its
// title, the text nvFuser prints, its condition, macro, function and file)
// and its facets; function and file:line also as metadata, which tells
// apart checks with the same title in a list of results. Its facts table,
// commits, tests and notes are left out: with them Pagefind indexed the
// check pages at 5x its floor, for words no one looks a check up by.
//
// Written here rather than by Hugo (the searchdoc output format the other
// searchable pages have): thousands of check pages each had a second
// output, which cost the build a render per check and gen serve a walk
// over each after every save (docs/benchmarks.md, issue 35 round 4). The
// document is made by Go's html/template, whose escaping Hugo's templates
// share, from the check page's own front matter: the same bytes the
// layout wrote.
var checkSearchTemplate = searchBody(`<article data-pagefind-body>
  <span hidden data-pagefind-filter="kind:check"></span><span hidden data-pagefind-filter="group:checks"></span><span hidden data-pagefind-meta="where:{{ or .P.Function .P.InMacro }} · {{ .P.Where.Text }}"></span><span hidden data-pagefind-filter="check:{{ .P.CheckKind }}"></span><span hidden data-pagefind-filter="area:{{ .P.Area }}"></span>
  <h1>{{ .Title }}</h1>
  <p>{{ .P.Printed }}</p>
  {{- with .P.Condition }}
  <p><code>{{ . }}</code></p>
  {{- end }}
  <p>{{ .P.KindTitle }} <code>{{ .P.Macro }}</code> in <code>{{ or .P.Function .P.InMacro }}</code>, {{ .P.Where.Text }}</p>
</article>`)

// checkSearchDoc is the search document of the check page f, and its
// file below the rendered site.
func (e *emitter) checkSearchDoc(f checkFront) (file string, doc []byte, err error) {
	doc, err = e.searchDocument(checkSearchTemplate, f.Title, struct {
		Title string
		P     checkParams
	}{f.Title, f.Params})
	return urls.SearchDoc(urls.Check(f.Params.ID)), doc, err
}
