package emit

import (
	"bytes"
	"html/template"
)

// searchShell is the document around every search document emit writes
// (a check page's, a note's, a vocabulary): read by Pagefind, never
// published, so no stylesheets, navigation or scripts. Each kind defines
// its "body" (searchBody). Go's html/template, whose escaping Hugo's
// templates share.
var searchShell = template.Must(template.New("doc").Parse(`<!doctype html>
<html lang="{{ .Lang }}">
<head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body>
{{ template "body" .D }}
</body>
</html>
`))

// searchBody is a kind of search document: the shell with this body.
func searchBody(body string) *template.Template {
	return template.Must(template.Must(searchShell.Clone()).Parse(`{{ define "body" }}` + body + `{{ end }}`))
}

// searchDocument is a search document of kind t (a searchBody) titled
// title, its body made from d.
func (e *emitter) searchDocument(t *template.Template, title string, d any) ([]byte, error) {
	lang := e.site.Locale
	if lang == "" {
		lang = "en"
	}
	var b bytes.Buffer
	err := t.Execute(&b, struct {
		Lang, Title string
		D           any
	}{lang, title, d})
	return b.Bytes(), err
}
