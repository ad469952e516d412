package emit

import (
	"bytes"
	"path"
	"sort"
	"strings"
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// LLMsFullPages is where emit writes the pages of llms-full.txt, under the
// generated assets: layouts/home.llmsfull.txt prints its heading and then
// this file, so the file's order and text are Go's and its title and
// introduction the site's.
const LLMsFullPages = AssetsDir + "/llms-full-pages.txt"

// twinSet collects the twins of one emit, for llms-full.txt and the option
// families' lists. Pages are written from several goroutines.
type twinSet struct {
	mu   sync.Mutex
	docs map[string]twinDoc // by site path
	// files are the twins as published, by path below the site's root:
	// they are never written under the generated folder (which Hugo's
	// static copy would then copy again, file by file), but over the
	// rendered site by the render stage (site.Options.Extra).
	files map[string][]byte
	order []twinDoc // llms-full.txt's pages
	// search are the search documents emit writes (checksearch.go), by
	// path below the site's root.
	search map[string][]byte
}

// Twins are the Markdown twins emit writes over the rendered site, by
// path below its root ("runbooks/x/index.md").
func (p *Pending) Twins() map[string][]byte { return p.e.twins.files }

// SearchDocs are the search documents emit wrote (the check pages' and
// the notes'), by path below the site's root ("_search/errors/x/index.html"):
// a build indexes them apart (Site.SplitSearch), gen serve writes them over
// the site with the twins.
func (p *Pending) SearchDocs() map[string][]byte { return p.e.twins.search }

// emittedIndexed says the search documents emit wrote get an index of
// their own (Site.SplitSearch), which they do when there are any: the
// search page then merges it (build.go), and it holds the vocabulary of
// the other pages (vocabulary.go).
func (e *emitter) emittedIndexed() bool { return e.site.SplitSearch && len(e.twins.search) > 0 }

// addSearchDoc adds a page's search document to the emit's set.
func (e *emitter) addSearchDoc(file string, doc []byte) {
	e.twins.mu.Lock()
	if e.twins.search == nil {
		e.twins.search = map[string][]byte{}
	}
	e.twins.search[file] = doc
	e.twins.mu.Unlock()
}

// withTwin builds the twin of the page p at rel (under the content
// folder) when p has one (page.twinAt), and returns it. An option
// family's twin waits for its options (finishTwins).
func (e *emitter) withTwin(rel string, p page) (twinDoc, bool, error) {
	if p.twinAt == "" {
		return twinDoc{}, false, nil
	}
	t, ok, err := e.w.Memo.twin(rel, e.site.BaseURL, func() (twinDoc, bool, error) {
		return e.twin(rel, p)
	})
	if err != nil || !ok {
		return t, ok, err
	}
	e.addTwin(t)
	return t, true, nil
}

// addTwin adds a page's twin to the emit's set.
func (e *emitter) addTwin(t twinDoc) {
	e.twins.mu.Lock()
	if e.twins.docs == nil {
		e.twins.docs = map[string]twinDoc{}
	}
	e.twins.docs[t.path] = t
	e.twins.mu.Unlock()
}

// twinFile is where the twin of the page at sitePath is published,
// relative to the site's root.
func twinFile(sitePath string) string {
	return strings.TrimPrefix(path.Join(sitePath, "index.md"), "/")
}

// finishTwins completes the option families' twins, now that their
// options are known, the set of twin files, and the order of
// llms-full.txt (written by writeLLMsFull, with the JSON API: in gen
// serve after the edited page is on screen).
func (e *emitter) finishTwins() error {
	docs := e.twins.docs
	bySection := map[string][]twinDoc{}
	var families []twinDoc
	for _, t := range docs {
		if t.kind == "family" {
			families = append(families, t)
			continue
		}
		dir := path.Dir(strings.TrimSuffix(t.path, "/")) // "/runbooks", "/options/dump", "/"
		bySection[dir] = append(bySection[dir], t)
	}
	for dir := range bySection {
		byTitle(bySection[dir])
	}
	sort.SliceStable(families, func(i, j int) bool {
		if families[i].weight != families[j].weight {
			return families[i].weight < families[j].weight
		}
		return families[i].path < families[j].path
	})
	e.twins.files = make(map[string][]byte, len(docs))
	for p, t := range docs {
		if t.kind != "family" {
			e.twins.files[twinFile(p)] = t.file
		}
	}
	for i, f := range families {
		f.body += e.familyList(bySection[strings.TrimSuffix(f.path, "/")])
		f.file = f.bytes()
		families[i] = f
		e.twins.files[twinFile(f.path)] = f.file
	}
	// Each index gets the words of the pages in the other
	// (vocabulary.go).
	if e.emittedIndexed() {
		emitted, main, err := e.vocabularyDocs()
		if err != nil {
			return err
		}
		// The main index reads what Hugo wrote under _search, and the
		// twins are written beside it.
		e.twins.search[emitted.file], e.twins.files[main.file] = emitted.doc, main.doc
	}
	var order []twinDoc
	for _, s := range []string{"/runbooks", "/guides", "/notes", "/env"} {
		order = append(order, bySection[s]...)
	}
	for _, f := range families {
		order = append(order, f)
		order = append(order, bySection[strings.TrimSuffix(f.path, "/")]...)
	}
	if d, ok := docs["/drift/"]; ok {
		order = append(order, d)
	}
	e.twins.order = order
	return nil
}

// writeLLMsFull writes the pages of llms-full.txt, in finishTwins' order.
func (e *emitter) writeLLMsFull() error {
	n := 0
	for _, t := range e.twins.order {
		n += len(t.body) + len(t.facts) + 64
	}
	var b strings.Builder
	b.Grow(n)
	for _, t := range e.twins.order {
		b.WriteString("\n=====\n\n" + t.body + "\nURL: " + e.abs(t.path) + "\n\n~~~yaml\n" + t.facts + "~~~\n")
	}
	b.WriteString(e.llmsChecks()) // the checks, as a compact index (llmschecks.go)
	return e.w.Write(LLMsFullPages, []byte(b.String()))
}

// byTitle sorts pages as Hugo's ByTitle does (the site language's
// collation, stable), from the order of its default sort's last keys.
// Each title's collation key is computed once, with its twin (titleKey):
// comparing titles through the collator made the sort of 10,000 notes a
// fifth of a second.
func byTitle(ts []twinDoc) {
	sort.Slice(ts, func(i, j int) bool {
		if ts[i].link != ts[j].link {
			return ts[i].link < ts[j].link
		}
		return ts[i].path < ts[j].path
	})
	sort.SliceStable(ts, func(i, j int) bool { return bytes.Compare(ts[i].key, ts[j].key) < 0 })
}

// collators: a Collator is not safe for concurrent use, and twins are
// built on every core.
var collators = sync.Pool{New: func() any { return collate.New(language.English) }}

// titleKey is title's collation key in the site's language (English).
func titleKey(title string) []byte {
	c := collators.Get().(*collate.Collator)
	defer collators.Put(c)
	var buf collate.Buffer
	return append([]byte(nil), c.KeyFromString(&buf, title)...)
}
