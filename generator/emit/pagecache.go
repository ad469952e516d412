package emit

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"os"
	"path"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/internal/bincache"
	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
)

// The check pages are most of emit's work on the real handbook: 4,641
// pages, each with its article, twin and search document, about two
// CPU-seconds. From one build to the next almost all are what they were
// (nvFuser changes a few files a day, a note edit a few checks). A
// PageCache keeps, under generated/cache, what each page was made from (a
// digest of its facts: the values its front matter and article show, its
// body, the site) and what came of it (its file, its twin and its search
// document). A build reuses a page when gen is the same binary and the
// digest of its facts is the same; any other page is made anew. The cache
// holds the files themselves, not only their digests: the publishing
// workflow restores generated/cache into a fresh clone, with no
// generated content beside it. gen serve's Memo does the
// same in memory between saves, by the session's reads of the checkout.
//
// The digest is of the facts as Go's JSON encoder sees them, every
// exported field of the page's front matter (TestCachedFrontsAreWhole
// holds those types to exported, encodable fields): the article, the twin
// and the search document are made from those fields, the site and the
// templates gen embeds, which the binary's build ID stands for.
type PageCache struct {
	path string
	gen  string
	mu   sync.Mutex
	old  map[string]cachedPage
	next map[string]cachedPage
	// Reused and Made count the pages of this build, for the stage's
	// line and the tests.
	Reused, Made int
}

// cachedPage is one page as a build made it.
type cachedPage struct {
	Key        [sha256.Size]byte // digest of the facts (pageKey)
	Data       []byte            // the file written
	HasTwin    bool
	Twin       cachedTwin
	SearchFile string
	SearchDoc  []byte
}

// cachedTwin is a twinDoc's fields; the twin's file is made again from
// them (twinDoc.bytes).
type cachedTwin struct {
	Path, Title, Link, Kind, Status, Body, Facts string
	Weight                                       int64
	Key                                          []byte
}

// OpenPageCache reads the cache at path made by the binary gen (its build
// ID). A cache that is missing, unreadable, damaged, of another format or
// of another binary is an empty one: it only ever saves work. An empty gen
// (no build ID) keeps no cache: nil.
func OpenPageCache(path, gen string) *PageCache {
	if gen == "" {
		return nil
	}
	c := &PageCache{path: path, gen: gen, old: map[string]cachedPage{}, next: map[string]cachedPage{}}
	data, err := os.ReadFile(path)
	if err != nil {
		return c
	}
	if pages, err := decodePages(data, gen); err == nil {
		c.old = pages
	}
	return c
}

// Save writes the pages of this build (and only those: a page no longer
// made is forgotten) over the cache file.
func (c *PageCache) Save() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	data := encodePages(c.gen, c.next)
	c.mu.Unlock()
	return bincache.WriteFile(c.path, data)
}

// pageKey is the digest of what the page p at rel is made from beyond gen
// itself: site (the site's digest), key (what putKept keys the page on)
// and the page's facts.
func pageKey(site [sha256.Size]byte, key, rel string, p page) ([sha256.Size]byte, error) {
	js, err := json.Marshal(p.front)
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	h := sha256.New()
	h.Write(site[:])
	for _, s := range []string{key, rel, p.body, p.twinAt, p.search.file} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	h.Write(p.search.doc)
	h.Write([]byte{0})
	h.Write(js)
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum, nil
}

// siteDigest is the digest of the site a page is made for: every field
// but Published, which only note pages read (movedPaths), and which a
// build's own output changes.
func siteDigest(s Site) ([sha256.Size]byte, error) {
	s.Published = nil
	js, err := json.Marshal(s)
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	return sha256.Sum256(js), nil
}

// reuse returns the page kept at rel under key.
func (c *PageCache) reuse(rel string, key [sha256.Size]byte) (cachedPage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	old, ok := c.old[rel]
	if !ok || old.Key != key {
		return cachedPage{}, false
	}
	c.next[rel] = old
	c.Reused++
	return old, true
}

// put records the page made at rel.
func (c *PageCache) put(rel string, key [sha256.Size]byte, data []byte, tw twinDoc, hasTwin bool, search searchDoc) {
	p := cachedPage{Key: key, Data: data, HasTwin: hasTwin, SearchFile: search.file, SearchDoc: search.doc}
	if hasTwin {
		p.Twin = cachedTwin{Path: tw.path, Title: tw.title, Link: tw.link, Kind: tw.kind, Status: tw.status, Body: tw.body, Facts: tw.facts, Weight: tw.weight, Key: tw.key}
	}
	c.mu.Lock()
	c.next[rel] = p
	c.Made++
	c.mu.Unlock()
}

// memo is the kept page as gen serve's memo holds one, for addKept.
func (p cachedPage) memo() checkMemo {
	m := checkMemo{ok: p.HasTwin, search: searchDoc{file: p.SearchFile, doc: p.SearchDoc}}
	if p.HasTwin {
		t := p.Twin
		m.twin = twinDoc{path: t.Path, title: t.Title, link: t.Link, kind: t.Kind, status: t.Status, body: t.Body, facts: t.Facts, weight: t.Weight, key: t.Key}
		if t.Kind != "family" {
			m.twin.file = m.twin.bytes()
		}
	}
	return m
}

// putAllCached is putAllKept in a build with a PageCache: each page's
// facts are made, and the page is reused when the cache holds it under
// the same digest; the others are made whole, on every core.
func (e *emitter) putAllCached(ps []keptPage) error {
	c := e.w.Cache
	site, err := siteDigest(e.site)
	if err != nil {
		return err
	}
	errs := make([]error, len(ps))
	parallel.For(len(ps), func(i int) {
		errs[i] = e.putCached(c, site, ps[i])
	})
	return errors.Join(errs...)
}

func (e *emitter) putCached(c *PageCache, site [sha256.Size]byte, kp keptPage) error {
	p, err := kp.build()
	if err != nil {
		return err
	}
	file := path.Join(ContentDir, kp.rel)
	key, keyErr := pageKey(site, kp.key, kp.rel, p)
	if keyErr == nil {
		if old, ok := c.reuse(kp.rel, key); ok {
			e.addKept([]checkMemo{old.memo()})
			return e.w.Write(file, old.Data)
		}
	}
	if kp.finish != nil {
		if err := kp.finish(&p); err != nil {
			return err
		}
	}
	data, tw, ok, err := e.putPage(kp.rel, p)
	if err != nil {
		return err
	}
	if keyErr == nil {
		c.put(kp.rel, key, data, tw, ok, p.search)
	}
	return nil
}
