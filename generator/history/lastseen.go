package history

import (
	"bytes"
	"runtime"
	"sort"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/internal/safefile"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// What a removed check was. The walk knows checks by id only (their
// messages would multiply the blob cache by every revision of every
// file); for the checks gone at the end, it reads once more the one
// revision of the file that last had each (one blob per removed check at
// most, shared by the checks of one file) and keeps the message, the
// condition and the code around the call: a few hundred bytes a check.

// LastSeen is a removed check as the last revision that had it wrote it.
type LastSeen struct {
	// At is the commit that made that revision of the file: its tree has
	// the check at Line (the pages' pinned links point there).
	At        model.Event `json:"at,omitzero"`
	Macro     string      `json:"macro,omitempty"`
	Kind      string      `json:"kind,omitempty"`
	Pieces    []string    `json:"pieces,omitempty"`
	Condition string      `json:"cond,omitempty"`
	Line      int         `json:"line,omitempty"`
	EndLine   int         `json:"end,omitempty"`
	// Code is checks.Context lines either side of the call, from CodeStart.
	Code      string `json:"code,omitempty"`
	CodeStart int    `json:"code_start,omitempty"`

	// spans are lastCodeSpans' answer, kept: gen serve applies the same
	// history after every note edit.
	spans     []model.CodeSpan
	spansDone bool
}

// lastSeenCache keeps what readLastSeen read, by "blob id": a new head
// commit re-reads only the checks removed since. It holds the entries of
// the last run only, so it stays as large as the list of removed checks.
type lastSeenCache struct {
	Version int                  `json:"version"`
	Entries map[string]*LastSeen `json:"entries"`
}

// readLastSeen fills Last for every removed check whose last revision the
// walk kept, from the cache c where it can, and refills c.
func readLastSeen(dir string, recs map[string]*CheckRecord, c *lastSeenCache) error {
	old := c.Entries
	c.Entries = map[string]*LastSeen{}
	byBlob := map[string][]*CheckRecord{}
	var blobs []string
	for _, id := range sortedKeys(recs) {
		r := recs[id]
		if r.Removed == nil || r.lastBlob.Blob == "" {
			continue
		}
		b := r.lastBlob.Blob
		if l, ok := old[b+" "+id]; ok {
			c.Entries[b+" "+id] = l
			if l != nil {
				cp := *l
				cp.At = r.lastBlob.At
				r.Last = &cp
			}
			continue
		}
		if byBlob[b] == nil {
			blobs = append(blobs, b)
		}
		byBlob[b] = append(byBlob[b], r)
	}
	sort.Strings(blobs)
	// Lexing is the cost: on every CPU while git streams the next blobs.
	type job struct {
		sha  string
		data []byte
	}
	jobs := make(chan job, 16)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				found := lastSeenIn(j.data, byBlob[j.sha])
				mu.Lock()
				for id, l := range found {
					c.Entries[j.sha+" "+id] = l
				}
				mu.Unlock()
			}
		}()
	}
	err := readBlobs(dir, blobs, func(sha string, data []byte) { jobs <- job{sha, bytes.Clone(data)} })
	close(jobs)
	wg.Wait()
	return err
}

// lastSeenIn reads the checks rs in one revision of their file, setting
// each one's Last; it returns what it found by id (nil: not found).
func lastSeenIn(data []byte, rs []*CheckRecord) map[string]*LastSeen {
	out := map[string]*LastSeen{}
	data, _ = safefile.ValidUTF8(data)
	toks, _ := cpplex.Lex(data)
	cs := checks.FromTokens(rs[0].File, toks)
	for _, r := range rs {
		out[r.ID] = nil
		best := -1
		for i := range cs {
			if checks.BaseID(&cs[i]) != r.ID {
				continue
			}
			if best < 0 || abs(cs[i].Where.Line-r.Line) < abs(cs[best].Where.Line-r.Line) {
				best = i
			}
		}
		if best < 0 {
			continue
		}
		one := []model.Check{cs[best]}
		checks.AttachCode(data, toks, one)
		c := one[0]
		l := &LastSeen{Macro: c.Macro, Kind: c.Kind, Pieces: c.Pieces, Condition: c.Condition,
			Line: c.Where.Line, EndLine: c.EndLine, Code: c.Code, CodeStart: c.CodeStart}
		out[r.ID] = l
		cp := *l
		cp.At = r.lastBlob.At
		r.Last = &cp
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// lastCodeSpans cuts a removed check's kept code into highlighting spans
// by lexing the snippet alone (the cache keeps the text only).
func lastCodeSpans(l *LastSeen) []model.CodeSpan {
	if !l.spansDone {
		l.spans, l.spansDone = cutCodeSpans(l), true
	}
	return l.spans
}

func cutCodeSpans(l *LastSeen) []model.CodeSpan {
	if l.Code == "" {
		return nil
	}
	src := []byte(l.Code)
	toks, _ := cpplex.Lex(src)
	one := []model.Check{{Where: model.Location{Line: l.Line - l.CodeStart + 1}, EndLine: max(l.EndLine, l.Line) - l.CodeStart + 1}}
	checks.AttachCode(src, toks, one)
	if one[0].Code != l.Code {
		return nil // the snippet did not cut the same: shown plain
	}
	return one[0].CodeSpans
}
