// Package history reads when each nvFuser option and variable appeared,
// changed, was renamed or went away, from the git history of the checkout:
// every revision of csrc/options.cpp, csrc/options.h, env_options.yaml and
// the C++ files under csrc/ (and python/) that read variables, each parsed
// by the same parsers as the checkout itself (cppopts, envyaml, csrcscan).
//
// It walks the first-parent history once with `git log --raw` and reads
// the blobs that changed with one `git cat-file --batch`. What a parser
// says about a blob is cached by blob hash, and the whole result by the
// checked-out commit, so a rerun reads one small file. A tree that is not
// a git checkout has no history: Read returns nil and the build is as
// before.
package history

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// parserVersion is part of every cache key: bump it when a parser, or what
// this package keeps of its output, changes, and old caches are ignored.
const parserVersion = 7

// walkVersion is part of the result cache's key: bump it when the walk
// records more (the blob cache, keyed by parserVersion, stays valid).
// 2: spots' version ranges and the versions' first commits.
// 3: commit subjects, and removed checks' last message and code.
// 4: a rewording beside a check added in the same function (closestWording).
const walkVersion = 4

// Cache file names, in the cache folder Read is given.
const (
	blobsCache  = "history-blobs.json"
	resultCache = "history-result.json"
	// lastSeenFile keeps removed checks' last text and code (lastseen.go).
	lastSeenFile = "history-lastseen.json"
)

// blobCache is what the parsers said about each blob: "kind:sha" -> facts.
type blobCache struct {
	Version int              `json:"version"`
	Blobs   map[string]facts `json:"blobs"`
}

// resultCache holds the last result with what it was computed from: a
// rerun on the same commit reads only this small file.
type resultFile struct {
	Version int     `json:"version"`
	Key     string  `json:"key"` // head commit + renames file
	Result  *Result `json:"result"`
}

// Read returns the history of the checkout at dir, or nil when dir is not a
// git checkout. cacheDir ("" for none) keeps parser results between runs.
func Read(dir, cacheDir string) (*Result, error) {
	return read(dir, cacheDir, renamesFile)
}

// read is Read with the hand-kept renames given as text.
func read(dir, cacheDir, renames string) (*Result, error) {
	head, ok := Head(dir)
	if !ok {
		return nil, nil
	}
	hand, err := parseRenames("generator/history/renames.toml", renames)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%s %x w%d", head, sha256.Sum256([]byte(renames)), walkVersion)
	var last resultFile
	if load(cacheDir, resultCache, &last) && last.Version == parserVersion && last.Key == key && last.Result != nil {
		return last.Result, nil
	}
	c := &blobCache{}
	if !load(cacheDir, blobsCache, c) || c.Version != parserVersion || c.Blobs == nil {
		c = &blobCache{Version: parserVersion, Blobs: map[string]facts{}}
	}
	commits, err := log(dir, head, Paths())
	if err != nil {
		return nil, err
	}
	if err := c.fill(dir, commits); err != nil {
		return nil, err
	}
	w := &walker{fact: func(kind, path, blob string) facts { return c.Blobs[kind+":"+blob] },
		reads: map[string][]string{}, count: map[string]int{}, opts: map[string]option{}, vars: map[string]bool{},
		res: &Result{Options: map[string]*Record{}, Variables: map[string]*Record{}}}
	w.checks = newCheckWalk()
	res := w.run(commits)
	w.checks.finish(w.version)
	ls := &lastSeenCache{}
	if !load(cacheDir, lastSeenFile, ls) || ls.Version != parserVersion {
		ls = &lastSeenCache{Version: parserVersion}
	}
	if err := readLastSeen(dir, w.checks.recs, ls); err != nil {
		return nil, err
	}
	res.Checks = w.checks.recs
	res.Spots = w.checks.Spots()
	res.FunctionChanges = w.checks.fnChanges
	res.Head = head
	res.detectRenames(w.events, hand)
	res.Changes = res.changes(w.events)
	res.keepSubjects(commits)
	if res.Mainline, err = mainline(dir, head); err != nil {
		return nil, err
	}
	if cacheDir != "" {
		// A cache that cannot be written only costs the next run time.
		_ = save(cacheDir, blobsCache, c)
		_ = save(cacheDir, lastSeenFile, ls)
		_ = save(cacheDir, resultCache, resultFile{Version: parserVersion, Key: key, Result: res})
	}
	return res, nil
}

// fill parses every blob the commits name that the cache does not hold.
func (c *blobCache) fill(dir string, commits []commit) error {
	kindsOf := map[string][]string{} // sha -> kinds to parse
	pathOf := map[string]string{}
	var todo []string
	for _, cm := range commits {
		for _, ch := range cm.Changes {
			if ch.Blob == "" {
				continue
			}
			for _, k := range blobKinds(ch.Path) {
				if _, ok := c.Blobs[k+":"+ch.Blob]; ok || containsKind(kindsOf[ch.Blob], k) {
					continue
				}
				if kindsOf[ch.Blob] == nil {
					todo = append(todo, ch.Blob)
					pathOf[ch.Blob] = ch.Path
				}
				kindsOf[ch.Blob] = append(kindsOf[ch.Blob], k)
			}
		}
	}
	// Parsing (lexing C++, mostly) costs more than reading: it runs on
	// every CPU while git streams the next blobs. A C++ blob that names no
	// read is settled at once, uncopied.
	type job struct {
		key, kind, path string
		data            []byte
	}
	jobs := make(chan job, 64)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				f := parse(j.kind, j.path, j.data)
				mu.Lock()
				c.Blobs[j.key] = f
				mu.Unlock()
			}
		}()
	}
	err := readBlobs(dir, todo, func(sha string, data []byte) {
		for _, k := range kindsOf[sha] {
			if k == kindReads && !mentionsRead(data) {
				mu.Lock()
				c.Blobs[k+":"+sha] = facts{}
				mu.Unlock()
				continue
			}
			jobs <- job{key: k + ":" + sha, kind: k, path: pathOf[sha], data: bytes.Clone(data)}
		}
	})
	close(jobs)
	wg.Wait()
	return err
}

func containsKind(l []string, k string) bool {
	for _, x := range l {
		if x == k {
			return true
		}
	}
	return false
}

// load reads a cache file into v; false when there is none to use.
func load(dir, name string, v any) bool {
	if dir == "" {
		return false
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	return err == nil && json.Unmarshal(data, v) == nil
}

func save(dir, name string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	p := filepath.Join(dir, name)
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, p)
}

// run replays the commits in order.
func (w *walker) run(commits []commit) *Result {
	for i, c := range commits {
		w.commit(c, i == 0)
	}
	if len(commits) > 0 {
		w.res.First = model.Event{Commit: commits[0].Hash, Date: commits[0].Date}
	}
	return w.res
}

func (r *Result) String() string {
	return fmt.Sprintf("%d options, %d variables, %d changes", len(r.Options), len(r.Variables), len(r.Changes))
}
