package emit

import (
	"bytes"
	"html/template"
	"slices"
	"strings"
	"unicode"

	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// The check pages' search index (urls.ChecksSearchIndex) is made apart
// from the main one, so it lacks the words that only the other pages
// have. Pagefind answers a word its index lacks with words that merely
// share a beginning with it: "segfault", in notes and in no check, listed
// "Invalid seg_id ..." among the checks, where one index for every page
// had listed none. The vocabulary document gives the checks' index those
// words. It has no filter, so the search page's groups (each a search
// filtered by group) never list it; it only makes a word found, and the
// checks' group then honestly empty.
var vocabularyTemplate = template.Must(template.New("vocabulary").Parse(`<!doctype html>
<html lang="{{ .Lang }}">
<head><meta charset="utf-8"><title>Vocabulary</title></head>
<body>

<article data-pagefind-body>
  <p>{{ .Words }}</p>
</article>

</body>
</html>

`))

// vocabularyDoc is the checks' index's vocabulary document (see above)
// and its file below the rendered site: every word of the notes, the
// variables, the option families and the options, each once, sorted.
func (e *emitter) vocabularyDoc() (file string, doc []byte, err error) {
	var texts []string
	for _, n := range e.h.Notes {
		texts = append(texts, n.Title, n.Body)
	}
	for _, v := range e.h.Variables {
		texts = append(texts, v.Name, v.Description)
	}
	for _, f := range e.h.Families {
		texts = append(texts, f.Env, f.Doc)
	}
	for _, o := range e.h.Options {
		texts = append(texts, o.Name, o.Description, o.YAMLDescription)
	}
	lang := e.site.Locale
	if lang == "" {
		lang = "en"
	}
	var b bytes.Buffer
	err = vocabularyTemplate.Execute(&b, struct{ Lang, Words string }{lang, strings.Join(vocabulary(texts), " ")})
	return urls.SearchDoc("/_vocabulary/"), b.Bytes(), err
}

// vocabulary is every word of texts, lower-cased, once, sorted: each run
// of letters, digits and the joiners Pagefind keeps in a word ("_", "-",
// "."), and each part of such a run between joiners, since a query may
// name either ("seg_id", "seg").
func vocabulary(texts []string) []string {
	seen := map[string]bool{}
	add := func(w string) {
		w = strings.Trim(w, "_-.")
		if w != "" {
			seen[strings.ToLower(w)] = true
		}
	}
	joiner := func(r rune) bool { return r == '_' || r == '-' || r == '.' }
	for _, t := range texts {
		for _, run := range strings.FieldsFunc(t, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !joiner(r)
		}) {
			add(run)
			if strings.ContainsFunc(run, joiner) {
				for _, part := range strings.FieldsFunc(run, joiner) {
					add(part)
				}
			}
		}
	}
	words := make([]string, 0, len(seen))
	for w := range seen {
		words = append(words, w)
	}
	slices.Sort(words)
	return words
}
