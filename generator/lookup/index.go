package lookup

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// IndexPath is where the index lives in the built site. The browser page
// and `gen lookup` both read it.
const IndexPath = "api/lookup.json"

// Threshold is the least score a match must reach to be reported.
const Threshold = 6.0

// Index is the signatures index.
type Index struct {
	Version   int                `json:"version"`
	Threshold float64            `json:"threshold"`
	Weights   map[string]float64 `json:"weights"`
	IDF       map[string]float64 `json:"idf"`
	Docs      []Doc              `json:"docs"`
}

// Doc is one note in the index.
type Doc struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	URL      string   `json:"url"`
	Kind     string   `json:"kind"`
	Status   string   `json:"status,omitempty"`
	Features []string `json:"features"`
}

// Match is a ranked result.
type Match struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	URL      string   `json:"url"`
	Score    float64  `json:"score"`
	Evidence []string `json:"evidence"`
}

// Build indexes notes. url maps a note to its page URL.
func Build(notes []*model.Note, url func(*model.Note) string) *Index {
	idx := &Index{Version: 1, Threshold: Threshold, Weights: kindWeight, IDF: map[string]float64{}, Docs: []Doc{}}
	df := map[string]int{}
	features := make([][]string, len(notes))
	parallel.For(len(notes), func(i int) {
		if notes[i].Kind != model.KindNotes { // page chrome and miscellany explain no error
			features[i] = Features(noteText(notes[i]))
		}
	})
	for i, n := range notes {
		if n.Kind == model.KindNotes {
			continue
		}
		feats := features[i]
		for _, f := range feats {
			df[f]++
		}
		idx.Docs = append(idx.Docs, Doc{ID: n.ID, Title: n.Title, URL: url(n), Kind: n.Kind, Status: n.Status, Features: feats})
	}
	total := float64(len(idx.Docs))
	for f, d := range df {
		idx.IDF[f] = round(math.Log(1 + total/float64(d)))
	}
	return idx
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
func (idx *Index) Rank(text string) []Match {
	query := map[string]bool{}
	for _, f := range Features(text) {
		query[f] = true
	}
	out := []Match{}
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
		score = round(score)
		if score >= idx.Threshold && hasSpecific {
			out = append(out, Match{ID: d.ID, Title: d.Title, URL: d.URL, Score: score, Evidence: evidence})
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
