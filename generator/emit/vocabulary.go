package emit

import (
	"slices"
	"strings"
	"unicode"

	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// The search documents emit writes (notes and check pages) are indexed
// apart from the others (urls.EmittedSearchIndex), so each index lacks the
// words that only the other's pages have. Pagefind answers a word its
// index lacks with words that merely share a beginning with it:
// "segfault", in notes and in no check, listed "Invalid seg_id ..." among
// the checks, where one index for every page had listed none. A
// vocabulary document gives each index the other's words. It has no
// filter, so the search page's groups (each a search filtered by group)
// never list it; it only makes a word found, and a group without it then
// honestly empty.
var vocabularyTemplate = searchBody(`<article data-pagefind-body>
  <p>{{ . }}</p>
</article>`)

// vocabularyDocs are the two indexes' vocabulary documents (see above),
// by their files below the rendered site: the emitted index gets every
// word of the variables, the option families and the options (the main
// index's pages), the main index every word of the notes and the checks.
func (e *emitter) vocabularyDocs() (emitted, main searchDoc, err error) {
	var ref, own []string
	for _, v := range e.h.Variables {
		ref = append(ref, v.Name, v.Description)
	}
	for _, f := range e.h.Families {
		ref = append(ref, f.Env, f.Doc)
	}
	for _, o := range e.h.Options {
		ref = append(ref, o.Name, o.Description, o.YAMLDescription)
	}
	for _, n := range e.h.Notes {
		own = append(own, n.Title, n.Body)
	}
	for _, c := range e.h.Checks {
		own = append(own, c.Message(), c.Condition, c.Macro, c.Function, c.Where.File)
	}
	if emitted.doc, err = e.vocabularyDoc(ref); err != nil {
		return
	}
	main.doc, err = e.vocabularyDoc(own)
	emitted.file, main.file = urls.SearchDoc("/_vocabulary/"), urls.SearchDoc("/_vocabulary/main/")
	return emitted, main, err
}

// vocabularyDoc is a vocabulary document of the words of texts, each
// once, sorted.
func (e *emitter) vocabularyDoc(texts []string) ([]byte, error) {
	return e.searchDocument(vocabularyTemplate, "Vocabulary", strings.Join(vocabulary(texts), " "))
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
