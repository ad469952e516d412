package history

import (
	"bytes"
	"sort"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
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
}

// checkMarkers prefilter C++ blobs: one that names no checking macro holds
// no check and is not lexed.
var checkMarkers = [][]byte{[]byte("NVF_"), []byte("TORCH_")}

func parseChecks(path string, data []byte) facts {
	if !bytes.Contains(data, checkMarkers[0]) && !bytes.Contains(data, checkMarkers[1]) {
		return facts{}
	}
	toks, _ := cpplex.Lex(data) // the part before a lexing error still counts
	var f facts
	for _, c := range checks.FromTokens(path, toks) {
		fn := c.Within
		if fn == "" {
			fn = c.Function
		}
		id := checks.BaseID(&c)
		f.Checks = append(f.Checks, checkFact{ID: id, Fn: fn, Words: checks.WordsPart(&c)})
	}
	return f
}

// checkWalk is the walker's state for checks.
type checkWalk struct {
	files map[string][]checkFact // path -> checks of its current blob
	count map[string]int         // id -> places in the tree
	recs  map[string]*CheckRecord
}

func newCheckWalk() *checkWalk {
	return &checkWalk{files: map[string][]checkFact{}, count: map[string]int{}, recs: map[string]*CheckRecord{}}
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
			cw.recs[id].Removed = &ev
		}
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
				old, nu := cw.recs[g.ID], cw.recs[match[0].ID]
				old.ReplacedBy = nu.ID
				// The check is as old as its first wording.
				nu.Added, nu.Earliest = old.Added, old.Earliest
				nu.Formerly = append(append(append([]string{}, old.Formerly...), old.ID), nu.Formerly...)
				paired[g.ID], paired[nu.ID] = true, true
			}
		}
	}
	for _, p := range order {
		for _, c := range cw.files[p] {
			if r := cw.recs[c.ID]; r != nil && r.Fn == "" {
				r.Fn = c.Fn
			}
		}
	}
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
	for _, c := range h.Checks {
		rec := r.Checks[checks.BaseID(c)]
		if rec == nil {
			continue
		}
		c.History = &model.History{Added: rec.Added, Earliest: rec.Earliest}
		c.Formerly = append([]string(nil), rec.Formerly...)
	}
	var removed []*CheckRecord
	for _, id := range sortedKeys(r.Checks) {
		if rec := r.Checks[id]; rec.Removed != nil {
			removed = append(removed, rec)
		}
	}
	sort.SliceStable(removed, func(i, j int) bool { return removed[i].Removed.Date > removed[j].Removed.Date })
	for _, rec := range removed {
		h.RemovedChecks = append(h.RemovedChecks, model.RemovedCheck{ID: rec.ID, Function: rec.Fn,
			Added: rec.Added, Removed: *rec.Removed, ReplacedBy: rec.ReplacedBy})
	}
}
