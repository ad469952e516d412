package emit

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"os"
	"path"
	"strings"
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
// workflow restores generated/cache into a fresh clone, with no generated
// content beside it. gen serve's Memo does the same in memory between
// saves, by the session's reads of the checkout.
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
// The head commit is marked in all of it (pagehead.go).
func pageKey(site [sha256.Size]byte, key, rel string, p page, head pageHead) ([sha256.Size]byte, error) {
	js, err := json.Marshal(p.front)
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	h := sha256.New()
	h.Write(site[:])
	for _, s := range []string{key, rel, p.body, p.twinAt, p.search.file} {
		h.Write([]byte(head.markString(s)))
		h.Write([]byte{0})
	}
	h.Write(head.markBytes(p.search.doc))
	h.Write([]byte{0})
	h.Write(head.markBytes(js))
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum, nil
}

// siteDigest is the digest of the site a page is made for: every field
// but Published, which only note pages read (movedPaths), and which a
// build's own output changes, and SplitSearch, which only the search page
// reads; the head commit marked.
func siteDigest(s Site, head pageHead) ([sha256.Size]byte, error) {
	s.Published = nil
	s.SplitSearch = false // the search page's business, no check page's
	s.RepoRef = head.markString(s.RepoRef)
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

// put records the page made at rel, the head commit marked in it; a page
// that cannot be marked (pagehead.go) is made, and not kept.
func (c *PageCache) put(rel string, key [sha256.Size]byte, data []byte, tw twinDoc, hasTwin bool, search searchDoc, head pageHead) {
	c.mu.Lock()
	c.Made++
	c.mu.Unlock()
	p := cachedPage{Key: key, HasTwin: hasTwin, SearchFile: search.file}
	ok := true
	mark := func(b []byte) []byte {
		m, can := head.store(b)
		ok = ok && can
		return m
	}
	markString := func(s string) string {
		m, can := head.storeString(s)
		ok = ok && can
		return m
	}
	p.Data, p.SearchDoc = mark(data), mark(search.doc)
	if hasTwin {
		p.Twin = cachedTwin{Path: markString(tw.path), Title: markString(tw.title), Link: markString(tw.link), Kind: markString(tw.kind), Status: markString(tw.status),
			Body: markString(tw.body), Facts: markString(tw.facts), Weight: tw.weight, Key: tw.key}
	}
	// A title holding the head would have its collation key (Twin.Key)
	// made from it, which unmarking would not mend.
	if !ok || strings.Contains(p.SearchFile, headMark) || (head != "" && strings.Contains(tw.title, string(head))) {
		return
	}
	c.mu.Lock()
	c.next[rel] = p
	c.mu.Unlock()
}

// memo is the kept page as gen serve's memo holds one, for addKept, with
// the build's head commit written back.
func (p cachedPage) memo(head pageHead) checkMemo {
	m := checkMemo{ok: p.HasTwin, search: searchDoc{file: p.SearchFile, doc: head.unmark(p.SearchDoc)}}
	if p.HasTwin {
		t := p.Twin
		u := head.unmarkString
		m.twin = twinDoc{path: u(t.Path), title: u(t.Title), link: u(t.Link), kind: u(t.Kind), status: u(t.Status), body: u(t.Body), facts: u(t.Facts), weight: t.Weight, key: t.Key}
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
	head := headOf(e.h.Revision.Commit)
	site, err := siteDigest(e.site, head)
	if err != nil {
		return err
	}
	errs := make([]error, len(ps))
	parallel.For(len(ps), func(i int) {
		errs[i] = e.putCached(c, site, head, ps[i])
	})
	return errors.Join(errs...)
}

func (e *emitter) putCached(c *PageCache, site [sha256.Size]byte, head pageHead, kp keptPage) error {
	p, err := kp.build()
	if err != nil {
		return err
	}
	file := path.Join(ContentDir, kp.rel)
	key, keyErr := pageKey(site, kp.key, kp.rel, p, head)
	if keyErr == nil {
		if old, ok := c.reuse(kp.rel, key); ok {
			e.addKept([]checkMemo{old.memo(head)})
			return e.w.Write(file, head.unmark(old.Data))
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
		c.put(kp.rel, key, data, tw, ok, p.search, head)
	}
	return nil
}
