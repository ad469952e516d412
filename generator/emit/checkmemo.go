package emit

import (
	"errors"
	"path"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// A check's page is made from the checkout (its message, code, tests, the
// comments around it, config.toml's rules) and from the notes that point at
// it: those quoting it, those a setting to try names, the guide a step
// links. In gen serve a note edit reads no checkout, so each of thousands
// of check pages is what it was unless those notes changed: building them
// again was a sixth of a note edit's work on the real handbook. The
// session says when it reads the checkout (Memo.NewCheckout); a page is
// reused within one read of the checkout, for the same notes and site.

// checkMemo is a check page as last written: its key, the file, its twin
// and its search document.
type checkMemo struct {
	key    string
	data   []byte
	twin   twinDoc
	ok     bool
	search searchDoc
}

// reusable reports whether the page kept as c stands for key in the
// session's read gen of the checkout (0: the memo was never told of one).
func (c checkMemo) reusable(key string, gen uint64) bool {
	return gen > 0 && c.key == key && c.data != nil
}

// NewCheckout tells the memo that the checkout was read (again): check
// pages made before are made anew. A memo never told reuses none.
func (m *Memo) NewCheckout() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.checkout++
	clear(m.checks)
}

// checkKey is what a check page depends on beyond the checkout: the site's
// addresses and every note it names, as noteRef shows them.
func (e *emitter) checkKey(c *model.Check) string {
	var b strings.Builder
	b.WriteString(e.siteKey())
	ref := func(n *model.Note) {
		r := noteRef(n)
		b.WriteString("\x00" + r.ID + "\x01" + r.Title + "\x01" + r.Kind + "\x01" + r.Status + "\x01" + r.URL)
	}
	for _, n := range c.Notes {
		ref(n)
	}
	b.WriteString("\x00try")
	for _, t := range c.Try {
		b.WriteString("\x00|")
		for _, n := range t.Notes {
			ref(n)
		}
	}
	b.WriteString("\x00steps")
	for _, s := range e.h.StepsFor(c.Kind) {
		if s.Guide != nil {
			ref(s.Guide)
		}
	}
	return b.String()
}

// siteKey is what every page depends on beyond its facts: the site's
// addresses.
func (e *emitter) siteKey() string {
	return e.site.BaseURL + "\x00" + e.site.RepoURL + "\x00" + e.site.RepoRef + "\x00" + e.site.ExplainURL
}

// keptPage is one of a set of pages putAllKept writes.
type keptPage struct {
	rel, key string
	// origin is where a problem Hugo finds in the page is named (see
	// originAt); zero for a page made from no one place.
	origin model.Location
	// build makes the page's facts: its front matter's values, body and
	// twin path, the cheap part. finish (nil for none) makes from them
	// what is costly: the article, the search document. What finish adds
	// depends on nothing but what build returned, the site and gen, which
	// is what a build's PageCache keys the page on.
	build  func() (page, error)
	finish func(*page) error
}

// make is the whole page: its facts, then what finish makes of them.
func (p keptPage) make() (page, error) {
	pg, err := p.build()
	if err != nil || p.finish == nil {
		return pg, err
	}
	err = p.finish(&pg)
	return pg, err
}

// putAllKept is putKept over many independent pages (the check pages, the
// removed checks' pages). The pages kept from the last emit are recorded
// together, a lock for the whole set rather than several for each of
// thousands of pages (on two cores the locks' contention was most of a
// note edit's check pages); the others are made on every core.
func (e *emitter) putAllKept(ps []keptPage) error {
	origins := make(map[string]Origin, len(ps))
	for _, p := range ps {
		if p.origin.File != "" && p.origin.Line > 0 {
			origins[path.Join(ContentDir, p.rel)] = Origin{Source: p.origin.File, At: p.origin.Line}
		}
	}
	e.w.SetOrigins(origins)
	if e.w.Memo == nil && e.w.Cache != nil {
		return e.putAllCached(ps)
	}
	todo := ps
	if m := e.w.Memo; m != nil {
		var kept []checkMemo
		var rels []string
		todo = nil
		m.mu.Lock()
		for _, p := range ps {
			if old := m.checks[p.rel]; old.reusable(p.key, m.checkout) {
				kept = append(kept, old)
				rels = append(rels, path.Join(ContentDir, p.rel))
			} else {
				todo = append(todo, p)
			}
		}
		m.mu.Unlock()
		e.addKept(kept)
		e.w.KeptAll(rels)
	}
	errs := make([]error, len(todo))
	parallel.For(len(todo), func(i int) {
		errs[i] = e.putKept(todo[i].rel, todo[i].key, todo[i].make)
	})
	return errors.Join(errs...)
}

// addKept adds the twins and search documents of kept pages to the
// emit's set, under one lock.
func (e *emitter) addKept(kept []checkMemo) {
	e.twins.mu.Lock()
	defer e.twins.mu.Unlock()
	if e.twins.docs == nil {
		e.twins.docs = map[string]twinDoc{}
	}
	if e.twins.search == nil {
		e.twins.search = make(map[string][]byte, len(kept))
	}
	for _, k := range kept {
		if k.ok {
			e.twins.docs[k.twin.path] = k.twin
		}
		if k.search.file != "" {
			e.twins.search[k.search.file] = k.search.doc
		}
	}
}

// putKept writes the page rel (page builds it), made from the checkout
// and what key stands for, or the page made before in this read of the
// checkout under the same key.
func (e *emitter) putKept(rel, key string, build func() (page, error)) error {
	m := e.w.Memo
	if m == nil {
		p, err := build()
		if err != nil {
			return err
		}
		return e.put(rel, p)
	}
	m.mu.Lock()
	gen, old := m.checkout, m.checks[rel]
	m.mu.Unlock()
	if old.reusable(key, gen) {
		e.addKept([]checkMemo{old})
		e.w.Kept(path.Join(ContentDir, rel))
		return nil
	}
	p, err := build()
	if err != nil {
		return err
	}
	data, tw, ok, err := e.putPage(rel, p)
	if err != nil || gen == 0 {
		return err
	}
	m.mu.Lock()
	if m.checkout == gen {
		m.checks[rel] = checkMemo{key: key, data: data, twin: tw, ok: ok, search: p.search}
	}
	m.mu.Unlock()
	return nil
}
