// Package emit turns the model into Hugo content (Markdown with TOML front
// matter) and the JSON API, under the generated directory. It writes a file
// only when its bytes change and removes files no longer produced, so a rerun
// with unchanged inputs touches nothing and Hugo sees only real changes.
package emit

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/lookup"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Writer writes files under Root, remembering which it produced. Write
// may be called from several goroutines at once.
type Writer struct {
	Root     string
	mu       sync.Mutex
	produced map[string]bool
	Written  []string // files whose bytes changed this run, relative to Root (sorted by Prune)
	Removed  []string
	origins  map[string]Origin
	warnings []model.Diagnostic
	// Memo, when set, carries state from the previous run in this process
	// (gen serve): see Memo.
	Memo *Memo
	// Cache, when set and Memo is not, carries the check pages of the last
	// build between processes (gen build): see PageCache.
	Cache *PageCache
	// Lookup, when set and Memo is not, is the lookup index's memo a
	// build read from generated/cache (the checks' features).
	Lookup *lookup.Memo

	// previous are the files the earlier run produced (its manifest),
	// read once by RemoveStale; legacy when it left no manifest.
	manifestOnce sync.Once
	previous     map[string]bool
	legacy       bool
}

// Memo is what one Emit hands the next in the same process (gen serve
// keeps one per session): the lookup terms of notes that were not parsed
// again, and a digest of each file as last written, so that an unchanged
// file is not read back from disk to be compared. Nothing but gen writes
// under the generated folder, so the digest stands for the file.
type Memo struct {
	lookup *lookup.Memo
	mu     sync.Mutex
	digest map[string][sha256.Size]byte
	pages  map[string]renderedPage // by file, see render
	// twins and searches are what was made from each page (reuse).
	twins    map[string]madeFrom[builtTwin]
	searches map[string]madeFrom[searchDoc]
	// checkout counts the session's reads of the checkout, and checks
	// are the pages made from it in the current one, check and removed
	// check pages (checkmemo.go, putKept).
	checkout uint64
	checks   map[string]checkMemo
	// bodies are the note pages' bodies (bodymemo.go), by page.
	bodies map[string]noteBody
}

// madeFrom is what was last made from a page (its twin, its search
// document): the key of the page's render (Memo.render) and the site
// setting it was made under (the base URL, the locale).
type madeFrom[T any] struct {
	key  [sha256.Size]byte
	site string
	val  T
}

// reuse is build(), reusing what was last made from the page at rel when
// the page is the one rendered then (Memo.render's key, computed just
// before) under the same site setting: in gen serve a saved note changes
// one page, and what is made from the thousands of others is what it was.
func reuse[T any](m *Memo, made map[string]madeFrom[T], rel, site string, build func() (T, error)) (T, error) {
	if m == nil {
		return build()
	}
	m.mu.Lock()
	page, rendered := m.pages[rel]
	old, found := made[rel]
	m.mu.Unlock()
	if rendered && found && old.key == page.key && old.site == site {
		return old.val, nil
	}
	v, err := build()
	if err == nil && rendered {
		m.mu.Lock()
		made[rel] = madeFrom[T]{key: page.key, site: site, val: v}
		m.mu.Unlock()
	}
	return v, err
}

// builtTwin is a page's twin, ok false for none.
type builtTwin struct {
	doc twinDoc
	ok  bool
}

// twin is build() through reuse, under the base URL the twin's links use.
func (m *Memo) twin(rel, baseURL string, build func() (twinDoc, bool, error)) (twinDoc, bool, error) {
	var twins map[string]madeFrom[builtTwin]
	if m != nil {
		twins = m.twins
	}
	t, err := reuse(m, twins, rel, baseURL, func() (builtTwin, error) {
		doc, ok, err := build()
		return builtTwin{doc, ok}, err
	})
	return t.doc, t.ok, err
}

// search is build() through reuse, under the locale the document names.
func (m *Memo) search(rel, locale string, build func() (searchDoc, error)) (searchDoc, error) {
	var docs map[string]madeFrom[searchDoc]
	if m != nil {
		docs = m.searches
	}
	return reuse(m, docs, rel, locale, build)
}

type renderedPage struct {
	key      [sha256.Size]byte
	data     []byte
	bodyLine int
}

// render is p.renderAt, reusing the bytes of the last render of the same
// page at rel. TOML encoding is most of emit's cost and Go's JSON encoder
// several times cheaper, so the key is the digest of the page's content
// as JSON: same front matter values and body, same bytes.
func (m *Memo) render(rel string, p page) ([]byte, int, error) {
	if m == nil {
		return p.renderAt()
	}
	js, err := json.Marshal(p.front)
	if err != nil {
		return p.renderAt()
	}
	h := sha256.New()
	h.Write(js)
	h.Write([]byte{0})
	h.Write([]byte(p.body))
	h.Write([]byte{0})
	h.Write([]byte(p.twinAt))
	var key [sha256.Size]byte
	h.Sum(key[:0])
	m.mu.Lock()
	old, ok := m.pages[rel]
	m.mu.Unlock()
	if ok && old.key == key {
		return old.data, old.bodyLine, nil
	}
	data, line, err := p.renderAt()
	if err == nil {
		m.mu.Lock()
		m.pages[rel] = renderedPage{key: key, data: data, bodyLine: line}
		m.mu.Unlock()
	}
	return data, line, err
}

// NewMemo returns an empty Memo.
func NewMemo() *Memo {
	return &Memo{lookup: lookup.NewMemo(), digest: map[string][sha256.Size]byte{}, pages: map[string]renderedPage{}, twins: map[string]madeFrom[builtTwin]{}, searches: map[string]madeFrom[searchDoc]{}, checks: map[string]checkMemo{}, bodies: map[string]noteBody{}}
}

func (m *Memo) lookupMemo() *lookup.Memo {
	if m == nil {
		return nil
	}
	return m.lookup
}

// unchanged reports whether rel was last written with data's digest.
func (m *Memo) unchanged(rel string, sum [sha256.Size]byte) bool {
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	old, ok := m.digest[rel]
	return ok && old == sum
}

func (m *Memo) record(rel string, sum [sha256.Size]byte) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.digest[rel] = sum
}

func (m *Memo) forget(rel string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.digest, rel)
	// A page's render, twin and search document are kept by its path
	// under the content folder.
	if page, ok := strings.CutPrefix(rel, ContentDir+"/"); ok {
		delete(m.pages, page)
		delete(m.twins, page)
		delete(m.searches, page)
	}
}

// Origin is the input a generated file was made from: errors Hugo reports
// in the generated file must name it instead.
type Origin struct {
	Source   string // the note's path as gen was given it (a check's file in the checkout)
	BodyLine int    // line of the generated file where the note's body starts (0: no body)
	NoteLine int    // line of the note where its body starts
	// At is the one line of Source a page is made from (a check's
	// macro): every line of the generated file locates to it.
	At int
}

// Locate turns a line of the generated file (0 if unknown) into the
// note's "path:line", or "path" when the line is unknown or in the
// generated front matter; a page made from one line of its source is
// always "path:line".
func (o Origin) Locate(line int) string {
	if o.At > 0 {
		return o.Source + ":" + strconv.Itoa(o.At)
	}
	if line <= 0 || o.BodyLine <= 0 || line < o.BodyLine {
		return o.Source
	}
	return o.Source + ":" + strconv.Itoa(line-o.BodyLine+o.NoteLine)
}

// SetOrigin records where the generated file rel came from.
func (w *Writer) SetOrigin(rel string, o Origin) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.origins == nil {
		w.origins = map[string]Origin{}
	}
	w.origins[filepath.ToSlash(filepath.Clean(rel))] = o
}

// SetOrigins is SetOrigin for many files, under one lock.
func (w *Writer) SetOrigins(origins map[string]Origin) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.origins == nil {
		w.origins = make(map[string]Origin, len(origins))
	}
	for rel, o := range origins {
		w.origins[filepath.ToSlash(filepath.Clean(rel))] = o
	}
}

// Origin is the input the generated file rel (relative to Root) came
// from, ok=false for a file made from nothing a user wrote.
func (w *Writer) Origin(rel string) (Origin, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	o, ok := w.origins[rel]
	return o, ok
}

// Locate is Origin(rel).Locate(line): the note's "path:line" for a line of
// the generated file rel, so that Hugo's errors name the note a user
// wrote; ok=false for a file made from nothing a user wrote.
func (w *Writer) Locate(rel string, line int) (string, bool) {
	o, ok := w.Origin(rel)
	return o.Locate(line), ok
}

// NewWriter returns a Writer for root.
func NewWriter(root string) *Writer {
	return &Writer{Root: root, produced: map[string]bool{}}
}

// Write stores data at rel unless the file already holds exactly data.
func (w *Writer) Write(rel string, data []byte) error {
	rel = w.produce(rel)
	path := filepath.Join(w.Root, filepath.FromSlash(rel))
	var sum [sha256.Size]byte
	if w.Memo != nil {
		sum = sha256.Sum256(data)
		if w.Memo.unchanged(rel, sum) {
			return nil
		}
	}
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		w.Memo.record(rel, sum)
		return nil
	}
	// Written in place, not through a temporary file: nothing reads the
	// generated tree while gen holds its lock, and a failed run is redone
	// whole by the next one.
	err := os.WriteFile(path, data, 0o644)
	if os.IsNotExist(err) {
		if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
			err = os.WriteFile(path, data, 0o644)
		}
	}
	if err != nil {
		return err
	}
	w.Memo.record(rel, sum)
	w.mu.Lock()
	w.Written = append(w.Written, rel)
	w.mu.Unlock()
	return nil
}

// Kept records that rel, a file this process's Memo wrote, is produced
// again with the same bytes it last wrote: nothing is read, hashed or
// written (gen serve keeps thousands of check pages between note edits).
func (w *Writer) Kept(rel string) { w.produce(rel) }

// KeptAll is Kept for many files, under one lock.
func (w *Writer) KeptAll(rels []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, rel := range rels {
		w.produced[filepath.ToSlash(filepath.Clean(rel))] = true
	}
}

// produce records rel as produced by this run (Prune keeps it) and
// returns it cleaned.
func (w *Writer) produce(rel string) string {
	rel = filepath.ToSlash(filepath.Clean(rel))
	w.mu.Lock()
	w.produced[rel] = true
	w.mu.Unlock()
	return rel
}

// Manifest, under Root, lists the files the last run produced: Prune
// removes only files listed there, so a file gen did not write is never
// deleted.
const Manifest = ".emitted"

// Prune removes files under the given subdirectories of Root that this run
// did not produce (a deleted note, a removed option) and that an earlier
// run did (they are in Manifest), then empty folders, and records this
// run's files in Manifest. A tree with no Manifest comes from a gen older
// than it; its unproduced files are taken to be gen's, once.
func (w *Writer) Prune(dirs ...string) error {
	if err := w.RemoveStale(dirs...); err != nil {
		return err
	}
	sort.Strings(w.Written) // concurrent writes finish in any order
	return w.writeManifest()
}

// RemoveStale removes, under dirs, the files an earlier run wrote and
// this one did not produce. A build removes the stale files Hugo would
// read before it renders, and the stale static files once the JSON API
// is written, beside the render; the manifest of the earlier run is read
// once, before either.
func (w *Writer) RemoveStale(dirs ...string) error {
	w.manifestOnce.Do(func() { w.previous, w.legacy = w.readManifest() })
	previous, legacy := w.previous, w.legacy
	for _, d := range dirs {
		base := filepath.Join(w.Root, d)
		var stale, folders []string
		err := filepath.WalkDir(base, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) {
					return nil
				}
				return err
			}
			rel, _ := filepath.Rel(w.Root, p)
			rel = filepath.ToSlash(rel)
			if e.IsDir() {
				folders = append(folders, p)
			} else if !w.produced[rel] && (legacy || previous[rel]) {
				stale = append(stale, rel)
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, rel := range stale {
			if err := os.Remove(filepath.Join(w.Root, rel)); err != nil {
				return err
			}
			w.Memo.forget(rel)
			w.Removed = append(w.Removed, rel)
		}
		sort.Sort(sort.Reverse(sort.StringSlice(folders)))
		for _, f := range folders {
			_ = os.Remove(f) // only succeeds when empty
		}
	}
	return nil
}

// readManifest returns the files the previous run produced; legacy is true
// when there is no manifest to read.
func (w *Writer) readManifest() (files map[string]bool, legacy bool) {
	data, err := os.ReadFile(filepath.Join(w.Root, Manifest))
	if err != nil {
		return nil, os.IsNotExist(err)
	}
	files = map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			files[line] = true
		}
	}
	return files, false
}

func (w *Writer) writeManifest() error {
	names := make([]string, 0, len(w.produced))
	for rel := range w.produced {
		names = append(names, rel)
	}
	sort.Strings(names)
	body := "# files gen wrote under this folder; only these are ever removed by it\n" + strings.Join(names, "\n") + "\n"
	path := filepath.Join(w.Root, Manifest)
	if old, err := os.ReadFile(path); err == nil && string(old) == body {
		return nil
	}
	if err := os.MkdirAll(w.Root, 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(body), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Warn records a build warning about an input (a note's formula shown as
// code); safe for concurrent use.
func (w *Writer) Warn(d model.Diagnostic) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.warnings = append(w.warnings, d)
}

// Warnings are the warnings this emit recorded, by file and line.
func (w *Writer) Warnings() []model.Diagnostic {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := slices.Clone(w.warnings)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Where, out[j].Where
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return out
}
