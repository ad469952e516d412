package lookup

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/rank"
)

// IndexPath is where the index lives in the built site. The browser page
// and `gen lookup` both read it.
const IndexPath = "api/lookup.json"

// Threshold is the least score a match must reach to be reported.
const Threshold = 6.0

// Index is the signatures index.
type Index struct {
	// memo, when the index was built with one (BuildWith), keeps terms
	// between builds in one process; never published.
	memo *Memo

	Version   int                `json:"version"`
	Threshold float64            `json:"threshold"`
	Weights   map[string]float64 `json:"weights"`
	IDF       map[string]float64 `json:"idf"`
	// The full-text score's parameters and vocabulary (see text.go).
	TextWeight   float64 `json:"text_weight"`
	TextSpecific float64 `json:"text_specific"`
	Terms        Words   `json:"terms"`
	Docs         []Doc   `json:"docs"`
	// Options are every option ever defined, for errors that name one
	// (see options.go); empty for an index built without them.
	Options []OptionDoc `json:"options,omitempty"`
	// Vars are the variables with a page, for errors raised while one
	// was set (see settings.go).
	Vars []VarDoc `json:"vars,omitempty"`
	// Checks are nvFuser's checks (see checks.go); their pages are at
	// CheckURL + id + "/".
	Checks   []rank.Entry `json:"checks,omitempty"`
	CheckURL string       `json:"check_url,omitempty"`
	// Wrappers are what wrapper checks print before each error they
	// caught, as templates ("Error from segmentation group {}:"): a
	// paste is cut at each (see checks.go).
	Wrappers []string `json:"wrappers,omitempty"`
	// Explained is the summary of each explained check's explanation
	// (explanations/<id>.md), by check id: a result shows it.
	Explained map[string]string `json:"explained,omitempty"`
	// Report is where a new nvFuser issue is opened (see report.go); ""
	// without a tracker.
	Report string `json:"report,omitempty"`
	// FnChanges are the last commits that changed each function holding
	// checks, newest first, by "file#function": "abc1234 2024-12-10 0.2.23"
	// (see since.go).
	FnChanges map[string][]string `json:"fn_changes,omitempty"`
	// Subjects are those commits' subjects, each once, by the short hash
	// FnChanges names them by; CommitURL + a full or short hash is a
	// commit's page ("" without a repository).
	Subjects  map[string]string `json:"subjects,omitempty"`
	CommitURL string            `json:"commit_url,omitempty"`
	// BuildCommits are the main-line commits each version carried, by
	// version (see build.go): a paste naming only a commit resolves to
	// its version.
	BuildCommits map[string]string `json:"build_commits,omitempty"`

	// ranked indexes Checks for matching (rank.Index), made on first use
	// and dropped whenever WithChecks or WithPast change them.
	rankMu sync.Mutex
	ranked *rank.Index
	inner  *regexp.Regexp
}

// URL is the address of one page the index links to ("" when it links
// none): the base URL the site was built with.
func (idx *Index) URL() string {
	for _, d := range idx.Docs {
		return d.URL
	}
	for _, o := range idx.Options {
		return o.URL
	}
	return ""
}

// Doc is one note in the index.
type Doc struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	URL      string   `json:"url"`
	Kind     string   `json:"kind"`
	Status   string   `json:"status,omitempty"`
	Features []string `json:"features"`
	// Text is the note's BM25 weights as flat pairs: a vocabulary index
	// (into Index.Terms), then the weight in hundredths.
	Text Weights `json:"text"`
	// Checks are the ids of the checks whose error the note quotes.
	Checks []string `json:"checks,omitempty"`
}

// Match is a ranked result.
type Match struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	URL      string   `json:"url"`
	Score    float64  `json:"score"`
	Evidence []string `json:"evidence"`
	// Kind is "option" for an option's page (see rankOptions,
	// rankSettings), "variable" for a variable's (rankSettings), "check"
	// for a check's (see rankWithChecks), "" for a note.
	Kind string `json:"kind,omitempty"`
	// Note says, for an option, whether it exists in the nvFuser version
	// the text reports and what replaced it.
	Note string `json:"note,omitempty"`
	// Check is the id of the check matched: on a check's own result
	// (Kind "check") and on a note that quotes it.
	Check string `json:"check,omitempty"`
	// Level is how sure the result is (LevelRaised, LevelProbably,
	// LevelRelated) and How what it matched by (see verdict.go).
	Level string `json:"level,omitempty"`
	How   string `json:"how,omitempty"`
	// Wrapper is the check that wrapped this one's error (the parallel
	// compiler's), shown beside it.
	Wrapper string `json:"wrapper,omitempty"`
	// Build is the nvFuser build the result was resolved against, as the
	// paste (or the version field) named it.
	Build string `json:"build,omitempty"`
	// Since says what happened to a check after that build: moved,
	// reworded, removed, and the commits that changed its function since,
	// newest first (see since.go).
	Since []string `json:"since,omitempty"`
	// Changes are the commits after that build that changed the check's
	// function, newest first, each with its subject and date.
	Changes []SinceChange `json:"changes,omitempty"`
	// BuildVia says how a build named by its commit was resolved: the
	// version the history gives it, or why it gives none.
	BuildVia string `json:"build_via,omitempty"`
	// Twins are the checks that print the same text as this one and
	// matched the paste as well, this one among them, when nothing in
	// the paste (frame, file, line, function, spelling, values) tells
	// which raised it: listed on the first of them shown.
	Twins []Site `json:"twins,omitempty"`
}

// Site is one place a check raises from, with its page.
type Site struct {
	ID   string `json:"id"`
	URL  string `json:"url"`
	File string `json:"file"`
	Line int    `json:"line"`
	Fn   string `json:"fn,omitempty"`
}

// Build indexes notes. url maps a note to its page URL.
func Build(notes []*model.Note, url func(*model.Note) string) *Index {
	return BuildWith(notes, url, nil)
}

// Memo keeps each note's features and tokens between builds of the index
// in one process (gen serve). They are a function of the note alone, and
// a note that was not parsed again is the same *model.Note.
type Memo struct {
	mu sync.Mutex
	m  map[*model.Note]noteTerms
	// texts are the features of each check's error output as of the last
	// index (WithChecks): a note edit leaves the checks as they were, and
	// their features were 40% of an edit's work on the real handbook.
	texts map[string][]string
	// reused and asked count the last textFeatures: how many of the
	// checks' texts came from the memo (what a build reports); filled
	// says one ran.
	reused, asked int
	filled        bool
	// past is the last WithPast's result (pastmemo.go).
	past *pastMemo
}

type noteTerms struct{ features, tokens []string }

// NewMemo returns an empty Memo.
func NewMemo() *Memo { return &Memo{m: map[*model.Note]noteTerms{}} }

func (m *Memo) terms(n *model.Note) noteTerms {
	if m != nil {
		m.mu.Lock()
		t, ok := m.m[n]
		m.mu.Unlock()
		if ok {
			return t
		}
	}
	t := noteTerms{Features(noteText(n)), Tokens(n.Title + "\n" + n.Body)}
	if m != nil {
		m.mu.Lock()
		m.m[n] = t
		m.mu.Unlock()
	}
	return t
}

// textFeatures are Features(text) for each of texts, from the memo where
// the last call had them; the memo then keeps these texts' alone.
func (m *Memo) textFeatures(texts []string) [][]string {
	out := make([][]string, len(texts))
	var old map[string][]string
	if m != nil {
		m.mu.Lock()
		old = m.texts
		m.mu.Unlock()
	}
	var reused atomic.Int64
	parallel.For(len(texts), func(i int) {
		if f, ok := old[texts[i]]; ok {
			out[i] = f
			reused.Add(1)
			return
		}
		out[i] = Features(texts[i])
	})
	if m != nil {
		now := make(map[string][]string, len(texts))
		for i, t := range texts {
			now[t] = out[i]
		}
		m.mu.Lock()
		m.texts = now
		m.reused, m.asked, m.filled = int(reused.Load()), len(texts), true
		m.mu.Unlock()
	}
	return out
}

// Filled reports whether an index with checks was built with the memo:
// before that, it holds only what it was read with.
func (m *Memo) Filled() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.filled
}

// Reused says how many of the checks' texts the last index took from the
// memo, of how many it had.
func (m *Memo) Reused() (reused, of int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.reused, m.asked
}

// keep forgets the notes not in notes (edited or deleted since).
func (m *Memo) keep(notes []*model.Note) {
	if m == nil {
		return
	}
	live := make(map[*model.Note]bool, len(notes))
	for _, n := range notes {
		live[n] = true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for n := range m.m {
		if !live[n] {
			delete(m.m, n)
		}
	}
}

// BuildWith is Build reusing the terms a memo (nil for none) holds.
func BuildWith(notes []*model.Note, url func(*model.Note) string, memo *Memo) *Index {
	memo.keep(notes)
	idx := &Index{Version: 2, Threshold: Threshold, Weights: kindWeight, IDF: map[string]float64{},
		TextWeight: TextWeight, TextSpecific: TextSpecific, Terms: Words{}, Docs: []Doc{}, memo: memo}
	df := map[string]int{}
	features := make([][]string, len(notes))
	tokens := make([][]string, len(notes))
	parallel.For(len(notes), func(i int) {
		if Searchable(notes[i]) {
			t := memo.terms(notes[i])
			features[i], tokens[i] = withoutEnvelope(t.features, envelopeFeatures), tokensWithoutEnvelope(t.tokens)
		}
	})
	var docTokens [][]string
	for i, n := range notes {
		if !Searchable(n) {
			continue
		}
		feats := features[i]
		for _, f := range feats {
			df[f]++
		}
		idx.Docs = append(idx.Docs, Doc{ID: n.ID, Title: n.ListedTitle(), URL: url(n), Kind: n.Kind, Status: n.Status, Features: feats})
		docTokens = append(docTokens, tokens[i])
	}
	total := float64(len(idx.Docs))
	for f, d := range df {
		idx.IDF[f] = round(math.Log(1 + total/float64(d)))
	}
	terms, weights := textWeights(docTokens)
	if terms != nil {
		idx.Terms = terms
	}
	for i := range idx.Docs {
		idx.Docs[i].Text = weights[i]
	}
	return idx
}

// Searchable reports whether a note is in the lookup: every runbook and
// guide, and any other note that quotes tool output (it has failure
// signatures), whatever its kind. Notes that quote nothing explain no
// error.
func Searchable(n *model.Note) bool {
	return n.Kind != model.KindNotes || len(n.Signatures) > 0
}

// noteText is what identifies a note's failure: its signatures, symbols,
// tests and files, one per line so features do not run together.
func noteText(n *model.Note) string {
	var b strings.Builder
	for _, s := range n.Signatures {
		b.WriteString(s.Text + "\n")
	}
	for _, s := range n.Symbols {
		b.WriteString(s + "\n")
	}
	for _, t := range n.Tests {
		b.WriteString(t + "\n")
	}
	for _, f := range n.Files {
		b.WriteString(f.Path + "\n")
	}
	return b.String()
}

// round keeps four decimals so the JSON, and the browser's arithmetic on
// it, match Go's exactly.
func round(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// Rank scores every document against the error text, best first, keeping
// those at or above the threshold with at least one specific feature.
// Options the text names as invalid come before every note; the options
// and variables it sets follow the first result.
func (idx *Index) Rank(text string) []Match { return idx.RankFor(text, "") }

// RankFor is Rank for an error from the build given ("0.2.24",
// "0.2.24+git6eb2bc0", a commit; "" to read it from the text): lines
// resolve against that build's, and each result says which build it
// was resolved against. Claimed results (Match.Claimed) come first.
func (idx *Index) RankFor(text, given string) []Match {
	b := ParseVersionField(given)
	if !b.Known() {
		b = ParseBuild(text)
	}
	b, via := idx.resolveCommit(b)
	out := claimFirst(idx.withSettings(append(idx.rankOptions(text), idx.rankWithChecks(text, b.Version)...), text))
	if b.Known() {
		for i := range out {
			out[i].Build, out[i].BuildVia = b.String(), via
		}
	}
	return out
}

// rankNotes keeps the notes at or above the threshold with at least one
// specific feature, best first.
func (idx *Index) rankNotes(text string) []Match {
	out := []Match{}
	for _, s := range idx.Scores(text) {
		if s.Score >= idx.Threshold && s.Specific {
			m := s.Match
			m.Level, m.How = noteHow(m, s.TextSpecific)
			out = append(out, m)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// Scored is one document's score before the threshold is applied.
type Scored struct {
	Match
	Specific bool // some shared evidence is specific enough to claim a match
	// TextSpecific: the full-text score alone is specific (the note
	// quotes most of the output).
	TextSpecific bool
}

// Scores scores every document that shares anything with the error text,
// in index order, without the threshold: Rank filters these, and the
// quality report shows how close unrelated errors come.
func (idx *Index) Scores(text string) []Scored {
	query := map[string]bool{}
	for _, f := range Features(text) {
		query[f] = true
	}
	termID := make(map[string]int, len(idx.Terms))
	for i, t := range idx.Terms {
		termID[t] = i
	}
	words := map[int]bool{}
	for _, t := range Tokens(text) {
		if id, ok := termID[t]; ok {
			words[id] = true
		}
	}
	var out []Scored
	for _, d := range idx.Docs {
		score, hasSpecific := 0.0, false
		var evidence []string
		for _, f := range d.Features {
			if !query[f] {
				continue
			}
			kind := f[:strings.IndexByte(f, ':')]
			score += idx.Weights[kind] * idx.IDF[f]
			if specific[kind] {
				hasSpecific = true
			}
			evidence = append(evidence, f)
		}
		ts, matched := textScore(d.Text, words)
		if ts > 0 {
			score += idx.TextWeight * ts
			evidence = append(evidence, fmt.Sprintf("text:%d words", matched))
		}
		if ts >= idx.TextSpecific {
			hasSpecific = true
		}
		if len(evidence) > 0 {
			out = append(out, Scored{Match{ID: d.ID, Title: d.Title, URL: d.URL, Score: round(score), Evidence: evidence}, hasSpecific, ts >= idx.TextSpecific})
		}
	}
	return out
}

// Load reads the index from a built site.
func Load(siteDir string) (*Index, error) {
	p := filepath.Join(siteDir, filepath.FromSlash(IndexPath))
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("no lookup index at %s (run `go run ./cmd/gen` first): %w", p, err)
	}
	var idx Index
	if err := json.Unmarshal(data, &idx); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	if idx.Weights == nil {
		idx.Weights = kindWeight
	}
	return &idx, nil
}
