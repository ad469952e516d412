package emit

import (
	"bytes"
	"fmt"
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
}

// Twins are the Markdown twins emit built, by path below the site's root
// ("runbooks/x/index.md"), for the render stage to write over the site.
func (p *Pending) Twins() map[string][]byte { return p.e.twins.files }

// withTwin writes the twin of the page p at rel (under the content
// folder), whose file is data, and returns the file's bytes marked as
// twinned; a page without a twin is returned as it is. An option
// family's twin waits for its options (finishTwins).
func (e *emitter) withTwin(rel string, p page, data []byte) ([]byte, error) {
	if twinPath(rel) == "" {
		return data, nil
	}
	t, ok, err := e.w.Memo.twin(rel, e.site.BaseURL, data, func() (twinDoc, bool, error) {
		params := paramsOf(p.front)
		if verifyParams {
			if err := sameParams(params, data); err != nil {
				return twinDoc{}, false, fmt.Errorf("emit %s: %w", rel, err)
			}
		}
		return e.twin(rel, params, p.body)
	})
	if err != nil || !ok {
		return data, err
	}
	e.twins.mu.Lock()
	if e.twins.docs == nil {
		e.twins.docs = map[string]twinDoc{}
	}
	e.twins.docs[t.path] = t
	e.twins.mu.Unlock()
	return append([]byte("+++\n"+twinFlag), data[len("+++\n"):]...), nil
}

// twinFile is where the twin of the page at sitePath is published,
// relative to the site's root.
func twinFile(sitePath string) string {
	return strings.TrimPrefix(path.Join(sitePath, "index.md"), "/")
}

// finishTwins writes the option families' twins, now that their options
// are known, and the pages of llms-full.txt.
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
	for i, f := range families {
		f.body += e.familyList(bySection[strings.TrimSuffix(f.path, "/")])
		families[i] = f
		docs[f.path] = f
	}
	e.twins.files = make(map[string][]byte, len(docs))
	for p, t := range docs {
		e.twins.files[twinFile(p)] = t.bytes()
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
	var b strings.Builder
	for _, t := range order {
		b.WriteString("\n=====\n\n" + t.body + "\nURL: " + e.abs(t.path) + "\n\n~~~yaml\n" + t.facts + "~~~\n")
	}
	return e.w.Write(LLMsFullPages, []byte(b.String()))
}

// byTitle sorts pages as Hugo's ByTitle does (the site language's
// collation, stable), from the order of its default sort's last keys.
// Each title's collation key is computed once: comparing titles through
// the collator made the sort of 10,000 notes a fifth of a second.
func byTitle(ts []twinDoc) {
	sort.Slice(ts, func(i, j int) bool {
		if ts[i].link != ts[j].link {
			return ts[i].link < ts[j].link
		}
		return ts[i].path < ts[j].path
	})
	c := collate.New(language.English)
	var buf collate.Buffer
	keys := make([][]byte, len(ts))
	for i, t := range ts {
		keys[i] = append([]byte(nil), c.KeyFromString(&buf, t.title)...)
		buf.Reset()
	}
	idx := make([]int, len(ts))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return bytes.Compare(keys[idx[a]], keys[idx[b]]) < 0 })
	sorted := make([]twinDoc, len(ts))
	for i, k := range idx {
		sorted[i] = ts[k]
	}
	copy(ts, sorted)
}
