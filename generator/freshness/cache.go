package freshness

import (
	"encoding/json"
	"os"
	"path/filepath"
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
}

type cacheFile struct {
	Version  int                        `json:"version"`
	Bases    map[string]string          `json:"bases"` // "HEAD date" -> base commit
	Verdicts map[string]model.Freshness `json:"verdicts"`
	Added    map[string]firstCommit     `json:"added"` // note file -> the commit that added it
}

// firstCommit is the commit that first added a note file to its
// repository, and its day.
type firstCommit struct {
	Commit string `json:"commit"`
	Day    string `json:"day"`
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

// NoteDate is NoteDate(file), kept between runs: the commit that first
// added a file stays the same while the repository still has it, so a
// rerun asks git only whether it does (a cheap lookup) instead of walking
// the file's whole history again.
func (c *Cache) NoteDate(file string) string {
	if c == nil {
		return NoteDate(file)
	}
	key, err := filepath.Abs(file)
	if err != nil {
		return NoteDate(file)
	}
	c.mu.Lock()
	fc, ok := c.old.Added[key]
	c.mu.Unlock()
	if ok && fc.Commit != "" {
		if _, err := git(filepath.Dir(key), "cat-file", "-e", fc.Commit+"^{commit}"); err == nil {
			c.mu.Lock()
			c.used.Added[key] = fc
			c.mu.Unlock()
			return fc.Day
		}
	}
	fc.Commit, fc.Day = noteCommit(key)
	if fc.Commit != "" {
		c.mu.Lock()
		c.used.Added[key] = fc
		c.mu.Unlock()
	}
	return fc.Day
}
