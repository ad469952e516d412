package emit

import (
	"fmt"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
)

// A note page's body is the costly part of the page: sanitized twice (page
// and twin), parsed for formulas and images, its HTML ids read. In gen
// serve every note page is made again after each save, while only the
// saved note's text changed: the memo keeps each page's body, keyed by
// everything that goes into it, and a note whose key is unchanged is not
// transformed again.

// noteBody is what notePage derives from a note's Markdown.
type noteBody struct {
	key      string
	markdown string // the twin's text
	md       string // the page's body
	skipped  []mdconf.Skipped
	ids      []string
}

// bodyKey is everything noteBody depends on: the Markdown as linkified,
// the page's address, the site's addresses (siteKey), and what the note's local
// links and images resolved to.
func bodyKey(rel, site, body string, locals []noteLocal, unsafe []string, images any) string {
	return fmt.Sprintf("%s\x00%s\x00%#v\x00%q\x00%#v\x00", rel, site, locals, unsafe, images) + body
}

// body returns the body kept for rel under key() (asked only of a memo:
// a build without one pays nothing for keys), or makes and keeps it.
func (m *Memo) body(rel string, keyOf func() string, build func() noteBody) noteBody {
	if m == nil {
		return build()
	}
	key := keyOf()
	m.mu.Lock()
	b, ok := m.bodies[rel]
	m.mu.Unlock()
	if ok && b.key == key {
		return b
	}
	b = build()
	b.key = key
	m.mu.Lock()
	m.bodies[rel] = b
	m.mu.Unlock()
	return b
}

// keepBodies forgets the bodies of every note page but those at pages
// (this emit's notes, by urls.Note): a note deleted or renamed during a
// gen serve session leaves nothing behind.
func (m *Memo) keepBodies(pages map[string]bool) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for page := range m.bodies {
		if !pages[page] {
			delete(m.bodies, page)
		}
	}
}
