package lookup

import (
	"crypto/sha256"
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/rank"
)

// Checks in the lookup. nvFuser's own checks (generator/checks) are in
// the index beside the notes: a pasted error finds the check that raised
// it by its message template, its condition and the frames nvFuser prints
// (rank.Match, ported to static/js/lookup.js as matchChecks). A note
// that quotes a matched check comes first, the check right after it;
// otherwise the check's page leads and the notes follow.

// WithChecks adds checks to the index: their entries, the URL their pages
// live under (page URL: checkURL + id + "/"), which checks each note
// quotes (quotes maps a note id to check ids), and the rarity of every
// note feature among the checks, so that evidence every nvFuser error
// carries (the nvfCheckFail frame, exceptions.cpp, a file holding
// hundreds of checks) stops counting as specific.
func (idx *Index) WithChecks(cs []*model.Check, checkURL string, quotes map[string][]string) {
	if len(cs) == 0 {
		return
	}
	idx.Checks = rank.Entries(cs)
	idx.Wrappers = wrappers(cs)
	idx.dropRanked()
	for i, c := range cs {
		if t := checks.Title(c); t != strings.Trim(idx.Checks[i].Message, asciiSpace) {
			idx.Checks[i].Title = t
		}
		fn := c.Within
		if fn == "" {
			fn = c.Function
		}
		if len(c.FunctionChanges) > 0 {
			if idx.FnChanges == nil {
				idx.FnChanges = map[string][]string{}
			}
			k := c.Where.File + "#" + c.Function
			if _, done := idx.FnChanges[k]; !done {
				for _, ev := range c.FunctionChanges {
					idx.FnChanges[k] = append(idx.FnChanges[k], shortCommit(ev.Commit)+" "+ev.Date+" "+ev.Version)
					if ev.Subject != "" {
						if idx.Subjects == nil {
							idx.Subjects = map[string]string{}
						}
						idx.Subjects[shortCommit(ev.Commit)] = ev.Subject
					}
				}
			}
		}
		if c.Explanation != nil && c.Explanation.Summary != "" {
			if idx.Explained == nil {
				idx.Explained = map[string]string{}
			}
			idx.Explained[c.ID] = c.Explanation.Summary
		}
		now := checks.OldWording(checks.BaseID(c), fn)
		for _, old := range c.Formerly {
			if w := checks.OldWording(old, fn); w != now && !contains(idx.Checks[i].Old, w) {
				idx.Checks[i].Old = append(idx.Checks[i].Old, w)
			}
		}
	}
	idx.CheckURL = checkURL
	for i := range idx.Docs {
		idx.Docs[i].Checks = quotes[idx.Docs[i].ID]
	}
	// Feature rarity among checks: a note feature found in the error
	// output of many checks weighs less, by ln(1+N/(1+df)) / ln(1+N).
	// A specific feature in the printed error of more than half of them
	// is the envelope every nvFuser error has: it claims no match.
	// Features are a regexp pass over each check's error output, a second
	// for thousands of checks: on every core.
	texts := make([]string, len(cs))
	parallel.For(len(cs), func(i int) {
		texts[i] = checks.Printed(cs[i]) + "\n" + checks.Frames(cs[i])
	})
	feats := idx.memo.textFeatures(texts)
	df := map[string]int{}
	for _, fs := range feats {
		for _, f := range fs {
			if _, used := idx.IDF[f]; used {
				df[f]++
			}
		}
	}
	n := float64(len(cs))
	common := map[string]bool{}
	for f, d := range df {
		idx.IDF[f] = round(idx.IDF[f] * math.Log(1+n/float64(1+d)) / math.Log(1+n))
		if 2*d > len(cs) && specific[f[:strings.IndexByte(f, ':')]] {
			common[f] = true
		}
	}
	if len(common) > 0 {
		for i := range idx.Docs {
			idx.Docs[i].Features = withoutEnvelope(idx.Docs[i].Features, common)
		}
	}
}

// WithPast gives the index's checks the lines they had in past
// revisions (generator/history): an error from an older build lands on
// the check that sat at its line then.
//
// A removed check that sat at a past line gets an entry of its own: its
// id, function and the file it was last seen in, no message (the history
// keeps ids, not messages), kind "removed". Only its past lines (and a
// frame naming its function with them) can find it, and it lands on the
// removed check's page, which says when it went and what replaced it.
func (idx *Index) WithPast(spots []model.PastSpot, removed []model.RemovedCheck) {
	defer idx.dropRanked()
	var key [sha256.Size]byte
	if idx.memo != nil { // a build without a memo pays nothing for the key
		key = pastKey(idx.Checks, spots, removed)
		var ok bool
		if idx.Checks, ok = idx.memo.recallPast(key, idx.Checks); ok {
			return
		}
	}
	checked := len(idx.Checks)
	if len(idx.Checks) > 0 {
		has := map[string]bool{}
		for _, s := range spots {
			if s.Removed {
				has[s.Check] = true
			}
		}
		for _, r := range removed {
			if has[r.ID] {
				e := rank.Entry{ID: r.ID, Title: "Removed check " + r.ID, Kind: "removed",
					File: r.Where.File, Fn: r.Function}
				if w := checks.OldWording(r.ID, r.Function); w != "" {
					e.Old = []string{w}
				}
				idx.Checks = append(idx.Checks, e)
			}
		}
	}
	rank.AddPast(idx.Checks, spots)
	idx.memo.keepPast(key, idx.Checks, checked)
}

// rankIndex is the rank index over the checks, made once.
func (idx *Index) rankIndex() *rank.Index {
	idx.rankMu.Lock()
	defer idx.rankMu.Unlock()
	if idx.ranked == nil {
		idx.ranked = rank.NewIndex(idx.Checks)
	}
	return idx.ranked
}

func (idx *Index) dropRanked() {
	idx.rankMu.Lock()
	idx.ranked, idx.inner = nil, nil
	idx.rankMu.Unlock()
}

// asciiSpace is the white space both front ends trim from titles.
const asciiSpace = " \t\n\f\r\v"

// Wrapped errors. A check whose message carries errors nvFuser caught
// (model.Check.Caught, read from its source by generator/checks: the
// parallel compiler's) prints a text before each; the index carries
// those texts (Index.Wrappers) and a paste is cut at each, so that every
// inner error is matched on its own. An index from a checkout without
// such a check cuts nothing.

// wrappers are the texts the checks print before each caught error,
// sorted, once each.
func wrappers(cs []*model.Check) []string {
	var out []string
	for _, c := range cs {
		for _, w := range c.Caught {
			if !contains(out, w) {
				out = append(out, w)
			}
		}
	}
	sort.Strings(out)
	return out
}

// innerPattern is the expression a paste is cut by: each wrapper's text,
// its values any run of characters but white space (the browser builds
// the same one, lookup.js innerPattern).
func innerPattern(ws []string) string {
	var alts []string
	for _, w := range ws {
		pieces := strings.Split(w, model.Placeholder)
		for i, p := range pieces {
			pieces[i] = regexp.QuoteMeta(p)
		}
		alts = append(alts, strings.Join(pieces, `[^ \t\n\r]+?`))
	}
	if len(alts) == 0 {
		return ""
	}
	return "(?:" + strings.Join(alts, "|") + ")"
}

// unwrap cuts a text at each inner error: the wrapper's part first, then
// one part per inner error; a text with none is one part.
func (idx *Index) unwrap(text string) []string {
	re := idx.innerRE()
	if re == nil {
		return []string{text}
	}
	locs := re.FindAllStringIndex(text, 64)
	if len(locs) == 0 {
		return []string{text}
	}
	parts := []string{text[:locs[0][0]]}
	for i, l := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		parts = append(parts, text[l[1]:end])
	}
	return parts
}

// innerRE is innerPattern compiled, once.
func (idx *Index) innerRE() *regexp.Regexp {
	idx.rankMu.Lock()
	defer idx.rankMu.Unlock()
	if idx.inner == nil && len(idx.Wrappers) > 0 {
		idx.inner = regexp.MustCompile(innerPattern(idx.Wrappers))
	}
	return idx.inner
}

// checkHits matches the checks against the text: for a wrapped error,
// the innermost check of each inner error, in printed order, each with
// the wrapper's id, then the wrapper itself (wrapped reports whether
// that happened). twins maps a hit's id to the checks that print its
// text with its points, itself included (rank.Tied), when there are
// several: nothing in the paste chose between them.
func (idx *Index) checkHits(text, v string) (hits []rank.Hit, wrapper string, twins map[string][]*rank.Entry) {
	x := idx.rankIndex()
	twins = map[string][]*rank.Entry{}
	match := func(part string) []rank.Hit {
		hs := x.MatchAt(part, v)
		for _, h := range hs {
			if _, done := twins[h.Entry.ID]; !done {
				if t := rank.Tied(hs, h); t != nil {
					twins[h.Entry.ID] = t
				}
			}
		}
		return hs
	}
	parts := idx.unwrap(text)
	if len(parts) == 1 {
		return match(text), "", twins
	}
	outer := match(parts[0])
	if len(outer) > 0 {
		wrapper = outer[0].Entry.ID
	}
	seen := map[string]bool{}
	for _, p := range parts[1:] {
		for _, h := range match(p) {
			if h.Entry.ID != wrapper {
				if !seen[h.Entry.ID] {
					seen[h.Entry.ID] = true
					hits = append(hits, h)
				}
				break
			}
		}
	}
	if len(hits) == 0 {
		twins = map[string][]*rank.Entry{}
		return match(text), "", twins
	}
	for _, h := range outer {
		if !seen[h.Entry.ID] {
			seen[h.Entry.ID] = true
			hits = append(hits, h)
		}
	}
	return hits, wrapper, twins
}

// sites are the twins' places, for the reader to choose from.
func (idx *Index) sites(es []*rank.Entry) []Site {
	out := make([]Site, len(es))
	for i, e := range es {
		out[i] = Site{ID: e.ID, URL: idx.CheckURL + e.ID + "/", File: e.File, Line: e.Lines[0], Fn: e.Fn}
	}
	return out
}

// rankWithChecks ranks the notes and the checks together.
func (idx *Index) rankWithChecks(text, v string) []Match {
	notes := idx.rankNotes(text)
	if len(idx.Checks) == 0 {
		return notes
	}
	hits, wrapper, twins := idx.checkHits(text, v)
	if len(hits) == 0 {
		return notes
	}
	printed := reMessageAfter.MatchString(rank.Flatten(text))
	scores := map[string]Scored{}
	for _, s := range idx.Scores(text) {
		scores[s.ID] = s
	}
	out := []Match{}
	placed, listed := map[string]bool{}, map[string]bool{}
	for _, h := range hits {
		level, how := checkHow(h, contradicts(h.Entry, h, printed))
		// Twins nothing decided: one of them raised it, not surely this
		// one. The first shown lists them all.
		var tied []Site
		if t := twins[h.Entry.ID]; t != nil {
			if level == LevelRaised {
				level = LevelProbably
			}
			if !listed[t[0].ID] {
				listed[t[0].ID] = true
				tied = idx.sites(t)
			}
		}
		inner := ""
		if wrapper != "" {
			if h.Entry.ID == wrapper {
				// Beside the inner errors, not before them.
				level = LevelRelated
			} else {
				inner = wrapper
			}
		}
		var quoting []Match
		for _, d := range idx.Docs {
			if placed[d.ID] || !contains(d.Checks, h.Entry.ID) {
				continue
			}
			m := scores[d.ID].Match
			m.ID, m.Title, m.URL = d.ID, d.Title, d.URL
			m.Evidence = append([]string{"quotes:" + h.Entry.ID}, m.Evidence...)
			m.Check = h.Entry.ID
			m.Level, m.How, m.Wrapper = level, how, inner
			quoting = append(quoting, m)
			placed[d.ID] = true
		}
		sort.SliceStable(quoting, func(i, j int) bool {
			if quoting[i].Score != quoting[j].Score {
				return quoting[i].Score > quoting[j].Score
			}
			return quoting[i].ID < quoting[j].ID
		})
		out = append(out, quoting...)
		title := h.Entry.Title
		if title == "" {
			title = strings.Trim(h.Entry.Message, asciiSpace)
		}
		out = append(out, Match{ID: h.Entry.ID, Title: title, URL: idx.CheckURL + h.Entry.ID + "/",
			Score: float64(h.Points) / 100, Evidence: h.Evidence, Kind: "check", Check: h.Entry.ID,
			Level: level, How: how, Wrapper: inner, Since: idx.since(h, v), Changes: idx.changes(h, v), Twins: tied})
	}
	for _, m := range notes {
		if !placed[m.ID] {
			out = append(out, m)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
