package freshness

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Cache keeps verdicts between runs. A verdict depends only on HEAD, the
// base commit and the reference, so it is keyed by those and a rerun on the
// same checkout asks git nothing. Saving keeps only what this run used, so
// the file does not grow with every commit ever built.
type Cache struct {
	path string
	mu   sync.Mutex
	old  cacheFile
	used cacheFile
	// heads are this run's answers to "what is the HEAD of the repository
	// this folder is in" ("" outside one), asked once per notes folder.
	heads map[string]string
}

type cacheFile struct {
	Version  int                        `json:"version"`
	Bases    map[string]string          `json:"bases"` // "HEAD date" -> base commit
	Verdicts map[string]model.Freshness `json:"verdicts"`
	Added    map[string]firstCommit     `json:"added"` // note file -> the commit that added it
}

// firstCommit is the commit that first added a note file to its
// repository, and its day ("" and "" for a file not committed yet), as
// asked when the repository's HEAD was Head.
type firstCommit struct {
	Commit string `json:"commit"`
	Day    string `json:"day"`
	Head   string `json:"head,omitempty"`
}

// cacheVersion changes whenever verdicts would come out differently.
const cacheVersion = 3 // 2: bases by the committer's day; symbolic links followed. 3: note dates

func newCacheFile() cacheFile {
	return cacheFile{Version: cacheVersion, Bases: map[string]string{}, Verdicts: map[string]model.Freshness{}, Added: map[string]firstCommit{}}
}

// LoadCache reads the cache at path; a missing, unreadable or outdated
// file is an empty cache (it is only ever a shortcut).
func LoadCache(path string) *Cache {
	c := &Cache{path: path, old: newCacheFile(), used: newCacheFile()}
	if data, err := os.ReadFile(path); err == nil {
		var f cacheFile
		if json.Unmarshal(data, &f) == nil && f.Version == cacheVersion && f.Verdicts != nil && f.Bases != nil && f.Added != nil {
			c.old = f
		}
	}
	return c
}

// Save writes what this run used. A nil cache saves nothing.
func (c *Cache) Save() error {
	if c == nil || c.path == "" {
		return nil
	}
	data, err := json.Marshal(c.used)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(c.path, data, 0o644)
}

func cacheKey(head, base string, ref model.FileRef) string {
	return head + " " + base + " " + ref.String()
}

func (c *Cache) get(key string) (model.Freshness, bool) {
	if c == nil {
		return model.Freshness{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.old.Verdicts[key]
	if ok {
		c.used.Verdicts[key] = f
	}
	return f, ok
}

func (c *Cache) put(key string, f model.Freshness) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.used.Verdicts[key] = f
}

func (c *Cache) base(key string) (string, bool) {
	if c == nil {
		return "", false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.old.Bases[key]
	if ok {
		c.used.Bases[key] = b
	}
	return b, ok
}

func (c *Cache) setBase(key, b string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.used.Bases[key] = b
}

// NoteDate is NoteDate(file), kept between runs. The answer depends only
// on the history behind the repository's HEAD, so while HEAD has not moved
// the cached answer is used as it is (a note not committed yet included),
// and a run asks git one thing per notes folder: its HEAD. After HEAD
// moved, a cached commit is still trusted while the repository has it (a
// cheap lookup), instead of walking the file's whole history again. A
// file outside any repository costs that one question per folder too.
func (c *Cache) NoteDate(file string) string {
	if c == nil {
		return NoteDate(file)
	}
	key, err := filepath.Abs(file)
	if err != nil {
		return NoteDate(file)
	}
	head := c.head(filepath.Dir(key))
	if head == "" {
		return "" // not in a repository (or one without commits): no first commit
	}
	c.mu.Lock()
	fc, ok := c.old.Added[key]
	c.mu.Unlock()
	switch {
	case ok && fc.Head == head:
	case ok && fc.Commit != "" && commitExists(key, fc.Commit):
		fc.Head = head
	default:
		fc.Commit, fc.Day = noteCommit(key)
		fc.Head = head
	}
	c.mu.Lock()
	c.used.Added[key] = fc
	c.mu.Unlock()
	return fc.Day
}

// head is the HEAD commit of the repository dir is in, "" when it is in
// none, asked once per folder and run.
func (c *Cache) head(dir string) string {
	c.mu.Lock()
	h, ok := c.heads[dir]
	c.mu.Unlock()
	if ok {
		return h
	}
	out, err := git(dir, "rev-parse", "--verify", "-q", "HEAD")
	if err == nil {
		h = strings.TrimSpace(out)
	}
	c.mu.Lock()
	if c.heads == nil {
		c.heads = map[string]string{}
	}
	c.heads[dir] = h
	c.mu.Unlock()
	return h
}

func commitExists(file, commit string) bool {
	_, err := git(filepath.Dir(file), "cat-file", "-e", commit+"^{commit}")
	return err == nil
}
