package lookup

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Full-text similarity, beside the specific features: BM25 over the words
// of each note (its prose and everything it quotes) after the same
// normalisation as the features (colour, URLs, addresses removed; a path
// reduced to its last component; digits dropped from words, so
// __tmp_kernel_pointwise_f0_c1_r0_g7 and ..._g2 are one word). It finds
// a note whose text quotes the pasted output almost verbatim even when no
// curated feature fires, and ranks notes sharing many rare words first.
//
// The per-term BM25 weights are computed at build time and stored in the
// index as integers (hundredths), so ranking is a sum of integers in both
// front ends and they cannot disagree by a rounding.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
	// maxDocTerms keeps each note's heaviest terms only: the index stays
	// small for long guides, and light terms barely move a score.
	maxDocTerms = 120
	// TextWeight scales the text score into the feature score's units.
	TextWeight = 0.5
	// TextSpecific is the text score that counts as specific evidence on
	// its own (a note quoting the pasted output nearly verbatim).
	TextSpecific = 24.0
)

// rePath is a path with at least one directory; only its last component
// is kept.
var rePath = regexp.MustCompile(`(?:[A-Za-z0-9_.~+-]*/)+([A-Za-z0-9_.~+-]*)`)

// textStopwords are words of paths and prose that say nothing about an
// error, on top of the feature stopwords.
var textStopwords = toSet(`cpp cuh hpp cpython linux gnu x86_64 python dist packages site lib usr local opt home workspace
you your our we they can could would should will have has had did does done do just also only
there here what which who how why all any some more most other such very same new old now one two
see use used using try tried set get
tensor`)

// Tokens are the words of text the similarity score counts, in order,
// repeats kept.
func Tokens(text string) []string {
	t := rePath.ReplaceAllString(Normalize(text), "$1")
	var out []string
	for _, tok := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_')
	}) {
		tok = strings.Trim(reDigit.ReplaceAllString(tok, ""), "_")
		if len(tok) < 3 || stopwords[tok] || textStopwords[tok] {
			continue
		}
		out = append(out, tok)
	}
	return out
}

// textWeights computes every document's BM25 term weights and the
// vocabulary they index into.
func textWeights(docs [][]string) (terms Words, weights []Weights) {
	df := map[string]int{}
	tfs := make([]map[string]int, len(docs))
	total := 0
	for i, toks := range docs {
		tf := map[string]int{}
		for _, t := range toks {
			tf[t]++
		}
		for t := range tf {
			df[t]++
		}
		tfs[i] = tf
		total += len(toks)
	}
	n := float64(len(docs))
	avg := math.Max(1, float64(total)/math.Max(1, n))
	type tw struct {
		term string
		w    int
	}
	kept := make([][]tw, len(docs))
	vocab := map[string]bool{}
	for i, tf := range tfs {
		norm := bm25K1 * (1 - bm25B + bm25B*float64(len(docs[i]))/avg)
		var ws []tw
		for t, f := range tf {
			idf := math.Log(1 + (n-float64(df[t])+0.5)/(float64(df[t])+0.5))
			w := int(math.Round(100 * idf * float64(f) * (bm25K1 + 1) / (float64(f) + norm)))
			if w > 0 {
				ws = append(ws, tw{t, w})
			}
		}
		sort.Slice(ws, func(a, b int) bool {
			if ws[a].w != ws[b].w {
				return ws[a].w > ws[b].w
			}
			return ws[a].term < ws[b].term
		})
		if len(ws) > maxDocTerms {
			ws = ws[:maxDocTerms]
		}
		for _, x := range ws {
			vocab[x.term] = true
		}
		kept[i] = ws
	}
	for t := range vocab {
		terms = append(terms, t)
	}
	sort.Strings(terms)
	id := make(map[string]int, len(terms))
	for i, t := range terms {
		id[t] = i
	}
	weights = make([]Weights, len(docs))
	for i, ws := range kept {
		sort.Slice(ws, func(a, b int) bool { return id[ws[a].term] < id[ws[b].term] })
		flat := make(Weights, 0, 2*len(ws))
		for _, x := range ws {
			flat = append(flat, id[x.term], x.w)
		}
		weights[i] = flat
	}
	return terms, weights
}

// textScore is the BM25 score of a document for the query's distinct
// words (given as vocabulary ids): a pasted log repeating a line ten
// times says no more than once.
func textScore(flat []int, query map[int]bool) (score float64, matched int) {
	sum := 0
	for i := 0; i+1 < len(flat); i += 2 {
		if query[flat[i]] {
			sum += flat[i+1]
			matched++
		}
	}
	return float64(sum) / 100, matched
}

// Words is the vocabulary, written to the index as one space-separated
// string: the site writes its JSON indented, and a list would take a line
// per word.
type Words []string

// MarshalJSON writes the words as one string.
func (w Words) MarshalJSON() ([]byte, error) { return json.Marshal(strings.Join(w, " ")) }

// UnmarshalJSON reads what MarshalJSON wrote.
func (w *Words) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*w = strings.Fields(s)
	return nil
}

// Weights are a note's BM25 weights as (vocabulary index, weight in
// hundredths) pairs, written as one string "3:120 17:45" for the same
// reason.
type Weights []int

// MarshalJSON writes the pairs as one string.
func (p Weights) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	for i := 0; i+1 < len(p); i += 2 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(p[i]) + ":" + strconv.Itoa(p[i+1]))
	}
	return json.Marshal(b.String())
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (p *Weights) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	out := Weights{}
	for _, f := range strings.Fields(s) {
		id, w, ok := strings.Cut(f, ":")
		a, err1 := strconv.Atoi(id)
		b, err2 := strconv.Atoi(w)
		if !ok || err1 != nil || err2 != nil {
			return fmt.Errorf("bad text weight %q", f)
		}
		out = append(out, a, b)
	}
	*p = out
	return nil
}
