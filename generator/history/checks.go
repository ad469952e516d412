package history

import (
	"bytes"
	"encoding/binary"
	"hash/fnv"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/internal/safefile"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// The history of nvFuser's checks: every revision of every C++ file under
// csrc/ and python/ read by generator/checks, each check known by its id
// before numbering (checks.BaseID: function and first words, so lines
// moving and files being renamed are no change). Replaying the commits:
//
//   - an id appearing anywhere in the tree is the check being added;
//   - an id gone from the whole tree is the check being removed;
//   - in one commit and one file, one id of a function gone and one new id
//     of the same function appearing is the check being reworded, and one
//     id gone and one new with the same words the function being renamed:
//     the new id records the old one (its page answers at the old URL too).

// kindChecks is the blob kind of the checks a C++ revision holds.
const kindChecks = "checks"

// checkFact is one check of a revision: its base id, function, and the
// id's words after the function's.
type checkFact struct {
	ID    string `json:"i"`
	Fn    string `json:"f,omitempty"`
	Words string `json:"w,omitempty"`
	// Line is where the macro's name sits in this revision: what an
	// error from a build of it printed (see Spots).
	Line int `json:"l,omitempty"`
}

// CheckRecord is the history of one check id.
type CheckRecord struct {
	ID       string       `json:"id"`
	Fn       string       `json:"fn,omitempty"`
	Added    model.Event  `json:"added"`
	Earliest bool         `json:"earliest,omitempty"`
	Removed  *model.Event `json:"removed,omitempty"`
	// ReplacedBy is the id that took its place when it was reworded;
	// Formerly lists the ids it had before, oldest first.
	ReplacedBy string   `json:"replaced_by,omitempty"`
	Formerly   []string `json:"formerly,omitempty"`
	// File and Line are where it was last seen.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	// Last is what a removed check was in the last revision that had it
	// (see lastseen.go); nil while it exists.
	Last *LastSeen `json:"last,omitempty"`
	// lastBlob is the blob of File that last had it, while walking.
	lastBlob blobAt
}

// Spot is a place a check sat in past revisions: an error printed by a
// build of one of them names FILE:LINE, and today another check (or
// nothing) may sit there. Only the ids that held the place in at least
// half of the file's revisions that had a check there are kept: the
// occupant an old line most likely meant.
type Spot struct {
	File string `json:"f"`
	Line int    `json:"l"`
	ID   string `json:"i"` // base id (checks.BaseID) at the time
	// From and To are the first and last nvFuser versions
	// (python/version.txt) whose revisions had the id at this line: an
	// error naming its build resolves against the lines of that build.
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// checkMarkers prefilter C++ blobs: one that names no checking macro holds
// no check and is not lexed.
var checkMarkers = [][]byte{[]byte("NVF_"), []byte("TORCH_")}

func parseChecks(path string, data []byte) facts {
	if !bytes.Contains(data, checkMarkers[0]) && !bytes.Contains(data, checkMarkers[1]) {
		return facts{}
	}
	data, _ = safefile.ValidUTF8(data) // as csrcscan reads today's files
	toks, _ := cpplex.Lex(data)        // the part before a lexing error still counts
	var f facts
	for _, c := range checks.FromTokens(path, toks) {
		fn := c.Within
		if fn == "" {
			fn = c.Function
		}
		id := checks.BaseID(&c)
		f.Checks = append(f.Checks, checkFact{ID: id, Fn: fn, Words: checks.WordsPart(&c), Line: c.Where.Line})
	}
	keep := map[string]bool{}
	for _, c := range f.Checks {
		if c.Fn != "" {
			keep[c.Fn] = true
		}
	}
	if len(keep) > 0 {
		f.Digests = checks.Digests(toks, keep)
	}
	return f
}

// checkWalk is the walker's state for checks.
type checkWalk struct {
	files map[string][]checkFact // path -> checks of its current blob
	count map[string]int         // id -> places in the tree
	recs  map[string]*CheckRecord
	// spots counts, per file and line, the revisions of the file in
	// which each id sat there.
	spots map[spotKey]map[string]int
	// spotVers are the versions each id sat at each place in (see Spot).
	spotVers map[spotKey]map[string]*[2]string
	// digests are each file's functions' code digests; fnChanges the
	// last commits that changed each function (fnKey), newest first.
	digests   map[string]map[string]uint64
	fnChanges map[string][]model.Event
	// blobs are each file's current blob and the commit that set it;
	// nextBlob the blobs the commit being applied sets.
	blobs    map[string]blobAt
	nextBlob map[string]string
}

// blobAt is a file's blob and the commit that made it the file's.
type blobAt struct {
	Blob string
	At   model.Event
}

type spotKey struct {
	file string
	line int
}

func newCheckWalk() *checkWalk {
	return &checkWalk{files: map[string][]checkFact{}, count: map[string]int{}, recs: map[string]*CheckRecord{},
		spots: map[spotKey]map[string]int{}, spotVers: map[spotKey]map[string]*[2]string{}, digests: map[string]map[string]uint64{}, fnChanges: map[string][]model.Event{},
		blobs: map[string]blobAt{}, nextBlob: map[string]string{}}
}

// Spots are the places checks held in past revisions, by file and line
// (see Spot).
func (cw *checkWalk) Spots() []Spot {
	var out []Spot
	for k, ids := range cw.spots {
		total := 0
		for _, n := range ids {
			total += n
		}
		for id, n := range ids {
			if 2*n >= total {
				sp := Spot{File: k.file, Line: k.line, ID: id}
				if v := cw.spotVers[k][id]; v != nil {
					sp.From, sp.To = v[0], v[1]
				}
				out = append(out, sp)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.ID < b.ID
	})
	return out
}

// spotVersion widens the versions an id held a place in to include v.
func (cw *checkWalk) spotVersion(k spotKey, id, v string) {
	if v == "" || k.line <= 0 {
		return
	}
	if cw.spotVers[k] == nil {
		cw.spotVers[k] = map[string]*[2]string{}
	}
	r := cw.spotVers[k][id]
	if r == nil {
		cw.spotVers[k][id] = &[2]string{v, v}
		return
	}
	if model.CompareVersions(v, r[0]) < 0 {
		r[0] = v
	}
	if model.CompareVersions(v, r[1]) > 0 {
		r[1] = v
	}
}

// finish closes the version ranges of the places checks still hold at
// the last revision, whose version is head.
func (cw *checkWalk) finish(head string) {
	for p, cs := range cw.files {
		for _, c := range cs {
			cw.spotVersion(spotKey{p, c.Line}, c.ID, head)
		}
	}
}

// commit applies one commit's C++ changes (path -> new facts, nil for a
// deleted file).
func (cw *checkWalk) commit(changed map[string][]checkFact, order []string, at model.Event, first bool) {
	before := map[string]int{}
	type fileDiff struct{ gone, fresh []checkFact }
	diffs := map[string]*fileDiff{}
	for _, p := range order {
		d := &fileDiff{}
		diffs[p] = d
		for _, c := range cw.files[p] {
			// The place held up to this revision's version.
			cw.spotVersion(spotKey{p, c.Line}, c.ID, at.Version)
			if _, ok := before[c.ID]; !ok {
				before[c.ID] = cw.count[c.ID]
			}
			cw.count[c.ID]--
			d.gone = append(d.gone, c)
		}
		for _, c := range changed[p] {
			if _, ok := before[c.ID]; !ok {
				before[c.ID] = cw.count[c.ID]
			}
			cw.count[c.ID]++
			d.fresh = append(d.fresh, c)
		}
		if changed[p] == nil {
			delete(cw.files, p)
		} else {
			cw.files[p] = changed[p]
		}
		for _, c := range changed[p] {
			if c.Line <= 0 {
				continue
			}
			k := spotKey{p, c.Line}
			if cw.spots[k] == nil {
				cw.spots[k] = map[string]int{}
			}
			cw.spots[k][c.ID]++
			cw.spotVersion(k, c.ID, at.Version)
		}
	}
	for _, id := range sortedKeys(before) {
		was, now := before[id] > 0, cw.count[id] > 0
		switch {
		case !was && now:
			r := cw.recs[id]
			if r == nil {
				r = &CheckRecord{ID: id, Added: at, Earliest: first}
				cw.recs[id] = r
			}
			r.Removed, r.ReplacedBy = nil, ""
		case was && !now:
			ev := at
			r := cw.recs[id]
			r.Removed = &ev
			// The revision before this one had it, in the file it was
			// last seen in: kept to read its message and code from.
			if prev, ok := cw.blobs[r.File]; ok && prev.Blob != "" {
				r.lastBlob = prev
			}
		}
	}
	for _, p := range order {
		if b := cw.nextBlob[p]; b != "" {
			cw.blobs[p] = blobAt{Blob: b, At: at}
		} else {
			delete(cw.blobs, p)
		}
		delete(cw.nextBlob, p)
	}
	// Rewordings and renamed functions: per file, the ids that went away
	// from the tree and the ids new to it, paired one to one by function,
	// then by words.
	for _, p := range order {
		d := diffs[p]
		var gone, fresh []checkFact
		for _, c := range d.gone {
			if cw.count[c.ID] == 0 && before[c.ID] > 0 && !containsFact(gone, c.ID) {
				gone = append(gone, c)
			}
		}
		for _, c := range d.fresh {
			if before[c.ID] == 0 && cw.count[c.ID] > 0 && !containsFact(fresh, c.ID) {
				fresh = append(fresh, c)
			}
		}
		paired := map[string]bool{}
		for _, same := range []func(a, b checkFact) bool{
			func(a, b checkFact) bool { return a.Fn != "" && a.Fn == b.Fn },
			func(a, b checkFact) bool { return a.Words != "" && a.Words == b.Words },
		} {
			cw.pair(gone, fresh, paired, same)
		}
		// A function whose commit rewords one check and adds another
		// (nvFuser's #2739 put "input N" into one message and added a
		// scalar check beside it) leaves two new ids for the one gone:
		// the one that keeps most of its words is the rewording.
		for _, g := range gone {
			if f, ok := closestWording(g, fresh, gone, paired); ok {
				cw.reword(g, f)
				paired[g.ID], paired[f.ID] = true, true
			}
		}
	}
	for _, p := range order {
		for _, c := range cw.files[p] {
			if r := cw.recs[c.ID]; r != nil {
				if r.Fn == "" {
					r.Fn = c.Fn
				}
				r.File, r.Line = p, c.Line
			}
		}
	}
}

// pair records each id gone that exactly one new id is the same as (by
// same), when no other id gone is the same as that one too.
func (cw *checkWalk) pair(gone, fresh []checkFact, paired map[string]bool, same func(a, b checkFact) bool) {
	for _, g := range gone {
		if paired[g.ID] {
			continue
		}
		var match []checkFact
		for _, f := range fresh {
			if !paired[f.ID] && same(g, f) {
				match = append(match, f)
			}
		}
		others := 0
		for _, g2 := range gone {
			if !paired[g2.ID] && g2.ID != g.ID && len(match) == 1 && same(g2, match[0]) {
				others++
			}
		}
		if len(match) != 1 || others != 0 {
			continue
		}
		cw.reword(g, match[0])
		paired[g.ID], paired[match[0].ID] = true, true
	}
}

// reword records that id g.ID became f.ID.
func (cw *checkWalk) reword(g, f checkFact) {
	old, nu := cw.recs[g.ID], cw.recs[f.ID]
	old.ReplacedBy = nu.ID
	// The check is as old as its first wording.
	nu.Added, nu.Earliest = old.Added, old.Earliest
	nu.Formerly = append(append(append([]string{}, old.Formerly...), old.ID), nu.Formerly...)
}

// closestWording is the new id of g's function that shares the most of
// g's words, when it shares at least half of them and strictly more than
// any other new id of the function, and no other id gone from the
// function shares as many with it: an ambiguous rewording is no rewording.
func closestWording(g checkFact, fresh, gone []checkFact, paired map[string]bool) (checkFact, bool) {
	if paired[g.ID] || g.Fn == "" {
		return checkFact{}, false
	}
	best, second, at := -1, -1, -1
	for i, f := range fresh {
		if paired[f.ID] || f.Fn != g.Fn {
			continue
		}
		switch n := sharedWords(g.Words, f.Words); {
		case n > best:
			best, second, at = n, best, i
		case n > second:
			second = n
		}
	}
	if at < 0 || best <= second || 2*best < len(wordSet(g.Words)) || best == 0 {
		return checkFact{}, false
	}
	for _, g2 := range gone {
		if g2.ID != g.ID && !paired[g2.ID] && g2.Fn == g.Fn && sharedWords(g2.Words, fresh[at].Words) >= best {
			return checkFact{}, false
		}
	}
	return fresh[at], true
}

// sharedWords counts the distinct words two ids' word parts share.
func sharedWords(a, b string) int {
	n, wb := 0, wordSet(b)
	for w := range wordSet(a) {
		if wb[w] {
			n++
		}
	}
	return n
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Split(s, "-") {
		if w != "" {
			m[w] = true
		}
	}
	return m
}

func containsFact(l []checkFact, id string) bool {
	for _, x := range l {
		if x.ID == id {
			return true
		}
	}
	return false
}

// applyChecks gives each current check its history: when its id first
// appeared and the ids it had before a rewording.
func applyChecks(h *model.Handbook, r *Result) {
	aliased := map[string]bool{} // base ids whose old ids are given
	for _, c := range h.Checks {
		b := checks.BaseID(c)
		rec := r.Checks[b]
		if rec == nil {
			continue
		}
		c.History = &model.History{Added: rec.Added, Earliest: rec.Earliest}
		// Checks that print the same text share a base id and its
		// history, but an old id can lead to one page only: the first
		// of them, as emit's removed-check pages assume. Given to all,
		// each old id was an alias of several pages, and which one Hugo
		// wrote last decided where it led.
		if !aliased[b] {
			aliased[b] = true
			c.Formerly = append([]string(nil), rec.Formerly...)
		}
	}
	for _, c := range h.Checks {
		fn := c.Within
		if fn == "" {
			fn = c.Function
		}
		c.FunctionChanges = r.FunctionChanges[fnKey(c.Where.File, fn)]
	}
	var removed []*CheckRecord
	for _, id := range sortedKeys(r.Checks) {
		if rec := r.Checks[id]; rec.Removed != nil {
			removed = append(removed, rec)
		}
	}
	sort.SliceStable(removed, func(i, j int) bool { return removed[i].Removed.Date > removed[j].Removed.Date })
	byMessage := map[string][]*model.Check{}
	for _, c := range h.Checks {
		if m := c.Message(); strings.TrimSpace(m) != "" {
			byMessage[m] = append(byMessage[m], c)
		}
	}
	for _, rec := range removed {
		rc := model.RemovedCheck{ID: rec.ID, Function: rec.Fn,
			Added: rec.Added, Removed: *rec.Removed, ReplacedBy: rec.ReplacedBy,
			Where: model.Location{File: rec.File, Line: rec.Line}}
		if l := rec.Last; l != nil {
			rc.Where.Line = l.Line
			rc.Last = &model.RemovedCode{At: l.At, Macro: l.Macro, Kind: l.Kind, Pieces: l.Pieces, Condition: l.Condition,
				EndLine: l.EndLine, Code: l.Code, CodeStart: l.CodeStart, CodeSpans: lastCodeSpans(l)}
			// Not reworded, but the same text is raised elsewhere today:
			// most often the check moved to another function.
			if rec.ReplacedBy == "" {
				rc.SameMessage = byMessage[rc.Last.Message()]
			}
		}
		h.RemovedChecks = append(h.RemovedChecks, rc)
	}
	h.PastSpots = pastSpots(h.Checks, r)
	h.Versions = r.Versions
	h.Mainline = r.Mainline
}

// pastSpots resolves the history's spots to today's checks: a base id
// reworded since follows its ReplacedBy chain; one gone for good is kept
// as a removed check's (Removed); one shared by numbered twins today
// resolves to nothing. A spot where the
// check still sits is left out: the check's own line pins it.
func pastSpots(cs []*model.Check, r *Result) []model.PastSpot {
	// The answer depends on r and on each check's id and place only; a
	// gen serve session applies one Result to the same checks after every
	// note edit (a fifth of the model stage's work): it is kept on r.
	key := spotsKey(cs)
	if out, ok := r.spots.get(key); ok {
		return out
	}
	out := resolveSpots(cs, r)
	r.spots.put(key, out)
	return slices.Clone(out)
}

// spotsMemo is pastSpots' last answer and the key of the checks it was
// given.
type spotsMemo struct {
	mu  sync.Mutex
	key uint64
	set bool
	out []model.PastSpot
}

func (m *spotsMemo) get(key uint64) ([]model.PastSpot, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.set || m.key != key {
		return nil, false
	}
	return slices.Clone(m.out), true
}

func (m *spotsMemo) put(key uint64, out []model.PastSpot) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.key, m.set, m.out = key, true, out
}

// spotsKey digests what resolveSpots reads of the checks.
func spotsKey(cs []*model.Check) uint64 {
	h := fnv.New64a()
	var num [8]byte
	for _, c := range cs {
		h.Write([]byte(c.ID))
		h.Write([]byte{0})
		h.Write([]byte(checks.BaseID(c)))
		h.Write([]byte{0})
		h.Write([]byte(c.Where.File))
		binary.LittleEndian.PutUint32(num[:4], uint32(c.Where.Line))
		binary.LittleEndian.PutUint32(num[4:], uint32(c.EndLine))
		h.Write(num[:])
	}
	return h.Sum64()
}

// resolveSpots is pastSpots without the memo.
func resolveSpots(cs []*model.Check, r *Result) []model.PastSpot {
	byBase := map[string]*model.Check{}
	twins := map[string]bool{}
	for _, c := range cs {
		b := checks.BaseID(c)
		if byBase[b] != nil {
			twins[b] = true
		}
		byBase[b] = c
	}
	var out []model.PastSpot
	for _, s := range r.Spots {
		id := s.ID
		for hops := 0; hops < 50 && byBase[id] == nil; hops++ {
			rec := r.Checks[id]
			if rec == nil || rec.ReplacedBy == "" {
				break
			}
			id = rec.ReplacedBy
		}
		c := byBase[id]
		if c == nil {
			// Gone for good (or reworded into an id that went too): the
			// removed check's own page, which the id keeps.
			if rec := r.Checks[id]; rec != nil && rec.Removed != nil {
				out = append(out, model.PastSpot{File: s.File, Line: s.Line, Check: id, Removed: true, From: s.From, To: s.To})
			}
			continue
		}
		if twins[id] {
			continue
		}
		if c.Where.File == s.File && s.Line >= c.Where.Line && s.Line <= max(c.EndLine, c.Where.Line) {
			// Its line today: kept only for the versions it has held it
			// since, which an error naming its build is checked against.
			if s.From != "" {
				out = append(out, model.PastSpot{File: s.File, Line: s.Line, Check: c.ID, From: s.From, To: s.To, Current: true})
			}
			continue
		}
		out = append(out, model.PastSpot{File: s.File, Line: s.Line, Check: c.ID, From: s.From, To: s.To})
	}
	return out
}

// fnKey names a function in a file: "path#name".
func fnKey(path, fn string) string { return path + "#" + fn }

// MaxFunctionChanges is how many of the last commits that changed a
// function are kept.
const MaxFunctionChanges = 5

// functions records the commits that changed the functions holding
// checks: a function whose code digest differs from the file's previous
// revision, or that appears anew. A function that leaves one file and
// appears in another with the same code in one commit (a file renamed or
// split) keeps its changes and gains none. The first revision read
// records none: what it holds is where the history starts.
func (cw *checkWalk) functions(digests map[string]map[string]uint64, order []string, at model.Event, first bool) {
	type gone struct {
		digest  uint64
		changes []model.Event
	}
	vanished := map[string][]gone{} // function name -> left a file in this commit
	for _, p := range order {
		for fn, d := range cw.digests[p] {
			if _, still := digests[p][fn]; !still {
				vanished[fn] = append(vanished[fn], gone{d, cw.fnChanges[fnKey(p, fn)]})
				delete(cw.fnChanges, fnKey(p, fn))
			}
		}
	}
	for _, p := range order {
		old := cw.digests[p]
		for _, fn := range sortedKeys(digests[p]) {
			d := digests[p][fn]
			was, existed := old[fn]
			switch {
			case existed && was == d:
				continue
			case !existed:
				moved := false
				for i, g := range vanished[fn] {
					if g.digest == d {
						cw.fnChanges[fnKey(p, fn)] = g.changes
						vanished[fn] = append(vanished[fn][:i], vanished[fn][i+1:]...)
						moved = true
						break
					}
				}
				if moved {
					continue
				}
			}
			if first {
				continue // the first revision read: no change seen yet
			}
			k := fnKey(p, fn)
			cs := append([]model.Event{at}, cw.fnChanges[k]...)
			if len(cs) > MaxFunctionChanges {
				cs = cs[:MaxFunctionChanges]
			}
			cw.fnChanges[k] = cs
		}
		if digests[p] == nil {
			delete(cw.digests, p)
		} else {
			cw.digests[p] = digests[p]
		}
	}
}
