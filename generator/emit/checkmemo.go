package emit

import (
	"path"
	"strings"

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

// checkMemo is a check page as last written: its key, the file and its twin.
type checkMemo struct {
	key    string
	data   []byte
	twin   twinDoc
	ok     bool
	search searchDoc
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

// putCheck writes the page of check c (page builds it), or the page made
// for it before when nothing it depends on changed (see checkMemo).
func (e *emitter) putCheck(c *model.Check, build func() (page, error)) error {
	return e.putKept("errors/"+c.ID+".md", e.checkKey(c), build)
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
	if gen > 0 && old.key == key && old.data != nil {
		if old.ok {
			e.addTwin(old.twin)
		}
		if old.search.file != "" {
			e.addSearchDoc(old.search.file, old.search.doc)
		}
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
