package history

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// renamesFile is the hand-kept list of renames detection cannot see, or
// sees wrongly. It is part of the generator, not of the checkout.
//
//go:embed renames.toml
var renamesFile string

type renameList struct {
	Rename []pair `toml:"rename"`
	Veto   []pair `toml:"veto"`
}

type pair struct {
	From string `toml:"from"`
	To   string `toml:"to"`
}

func parseRenames(name, text string) (renameList, error) {
	var l renameList
	md, err := toml.Decode(text, &l)
	if err != nil {
		return l, fmt.Errorf("%s: %w", name, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return l, fmt.Errorf("%s: unknown key %s", name, und[0])
	}
	for _, p := range append(append([]pair{}, l.Rename...), l.Veto...) {
		if p.From == "" || p.To == "" || p.From == p.To {
			return l, fmt.Errorf("%s: a rename needs a different from and to (%q -> %q)", name, p.From, p.To)
		}
	}
	return l, nil
}

// similarityFloor is the least word overlap (Jaccard) of two doc comments
// for an option removed and another added in the same commit to count as
// a rename: DebugDumpOption::DebugInfo and EnableOption::KernelLineInfo
// share 11 of 13 words.
const similarityFloor = 0.6

// detectRenames pairs each option removed in a commit with one added in
// the same commit when they share the enumerator, the name, or most of
// their doc comment; and every PYTORCH_NVFUSER_X variable that went away
// with NVFUSER_X. The hand-kept list then adds and vetoes pairs.
func (r *Result) detectRenames(events []event, hand renameList) {
	type commitEvents struct{ added, removed []string }
	byCommit := map[string]*commitEvents{}
	var order []string
	for _, e := range events {
		if !e.isOption {
			continue
		}
		ce := byCommit[e.at.Commit]
		if ce == nil {
			ce = &commitEvents{}
			byCommit[e.at.Commit] = ce
			order = append(order, e.at.Commit)
		}
		if e.added {
			ce.added = append(ce.added, e.key)
		} else {
			ce.removed = append(ce.removed, e.key)
		}
	}
	link := func(from, to *Record) {
		if from == nil || to == nil {
			return
		}
		if !contains(from.ReplacedBy, to.Key()) {
			from.ReplacedBy = append(from.ReplacedBy, to.Key())
		}
		if !contains(to.Replaces, from.Key()) {
			to.Replaces = append(to.Replaces, from.Key())
		}
	}
	for _, c := range order {
		ce := byCommit[c]
		type cand struct {
			from, to string
			score    float64
		}
		var cands []cand
		for _, f := range ce.removed {
			for _, t := range ce.added {
				if s := renameScore(r.Options[f], r.Options[t]); s > 0 {
					cands = append(cands, cand{f, t, s})
				}
			}
		}
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
		used := map[string]bool{}
		for _, k := range cands {
			if used[k.from] || used[k.to] {
				continue
			}
			used[k.from], used[k.to] = true, true
			link(r.Options[k.from], r.Options[k.to])
		}
	}
	for _, n := range sortedKeys(r.Variables) {
		v := r.Variables[n]
		if v.Removed == nil || !strings.HasPrefix(n, vocab.OldPrefix) {
			continue
		}
		link(v, r.Variables[vocab.Canonical(n)])
	}
	for _, p := range hand.Veto {
		from, to := r.record(p.From), r.record(p.To)
		if from != nil {
			from.ReplacedBy = remove(from.ReplacedBy, p.To)
		}
		if to != nil {
			to.Replaces = remove(to.Replaces, p.From)
		}
	}
	for _, p := range hand.Rename {
		link(r.record(p.From), r.record(p.To))
	}
}

// record finds "NVFUSER_DUMP=x" among options, else a variable.
func (r *Result) record(key string) *Record {
	if strings.Contains(key, "=") {
		return r.Options[key]
	}
	return r.Variables[key]
}

// renameScore rates from -> to as a rename; 0 means not one. from.Doc is
// its description when it went away: descriptions only change while an
// option exists.
func renameScore(from, to *Record) float64 {
	tail := func(enum string) string { return enum[strings.LastIndex(enum, "::")+1:] }
	switch {
	case from.Enum != "" && tail(from.Enum) == tail(to.Enum):
		return 3
	case from.Name == to.Name:
		return 2
	}
	if s := similarity(from.Doc, to.Doc); s >= similarityFloor {
		return 1 + s
	}
	return 0
}

// similarity is the Jaccard overlap of two texts' word sets; texts of
// fewer than four words say too little to compare.
func similarity(a, b string) float64 {
	wa, wb := words(a), words(b)
	if len(wa) < 4 || len(wb) < 4 {
		return 0
	}
	inter := 0
	for w := range wa {
		if wb[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(wa)+len(wb)-inter)
}

func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		out[w] = true
	}
	return out
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func remove(l []string, s string) []string {
	var out []string
	for _, x := range l {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// changes lists every addition, removal and rename, oldest first. A rename
// is one line at the removal; its new name's addition in that same commit
// is not listed again. Names present in the first revision read are not
// additions.
func (r *Result) changes(events []event) []model.Change {
	renamedIn := map[string]bool{} // commit + new key
	var out []model.Change
	for _, e := range events {
		if e.added {
			continue
		}
		for _, to := range r.of(e).ReplacedBy {
			renamedIn[e.at.Commit+" "+to] = true
		}
	}
	for _, e := range events {
		rec := r.of(e)
		c := model.Change{Event: e.at, Subject: e.key, IsOption: e.isOption}
		switch {
		case e.added && (rec.Earliest && rec.Added.Commit == e.at.Commit || renamedIn[e.at.Commit+" "+e.key]):
			continue
		case e.added:
			c.Kind = model.ChangeAdded
		case len(rec.ReplacedBy) > 0 && rec.Removed != nil && rec.Removed.Commit == e.at.Commit:
			c.Kind, c.To = model.ChangeRenamed, strings.Join(rec.ReplacedBy, ", ")
		default:
			c.Kind = model.ChangeRemoved
		}
		out = append(out, c)
	}
	return out
}

func (r *Result) of(e event) *Record {
	if e.isOption {
		return r.Options[e.key]
	}
	return r.Variables[e.key]
}
