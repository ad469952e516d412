package emit

import (
	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// APIError is one entry of api/errors.json: a check nvFuser can raise.
type APIError struct {
	ID string `json:"id"`
	// ShortID is the short stable id the page shows beside the id.
	ShortID string `json:"short_id,omitempty"`
	URL     string `json:"url"`
	Macro   string `json:"macro"`
	Kind    string `json:"kind"`
	// Message is the template ({} for each run-time value); Pieces are its
	// literal runs, exactly (a literal "{}" in nvFuser's text stays apart).
	Message string   `json:"message"`
	Pieces  []string `json:"pieces"`
	// Values are the expressions nvFuser prints at each value, in order
	// (the labels of the page's slots); absent when the extractor could
	// not tell them all.
	Values    []string `json:"values,omitempty"`
	Condition string   `json:"condition"`
	File      string   `json:"file"`
	Line      int      `json:"line"`
	EndLine   int      `json:"end_line"`
	Function  string   `json:"function"`
	Within    string   `json:"within"`
	InMacro   string   `json:"in_macro"`
	Area      string   `json:"area"`
	// Added and Rewordings (the ids it had before being reworded, oldest
	// first) come from the checkout's git history: null and [] without
	// one. Removed is null for a check the checkout has, and set for one
	// the history saw go away (its page is a removed check's): then the
	// message, condition, file and line are the last revision's that had
	// it (LastCommit), and ReplacedBy the id it was reworded into.
	Added      *model.Event `json:"added"`
	Removed    *model.Event `json:"removed"`
	LastCommit *model.Event `json:"last_commit,omitempty"`
	ReplacedBy string       `json:"replaced_by,omitempty"`
	Rewordings []string     `json:"rewordings"`
	Tests      []APITest    `json:"tests"`
	Runbooks   []string     `json:"runbooks"` // URLs of the notes that quote it
	Options    []string     `json:"options"`
	Variables  []string     `json:"variables"`
	// Meaning and Try are what the page says under "What it means" and
	// "What to try" (the same params, checkmeaning.go).
	Meaning *APIMeaning `json:"meaning,omitempty"`
	Try     []APITry    `json:"try,omitempty"`
	// Explanation is what people wrote about the check
	// (explanations/<id>.md), Markdown; empty when nobody has yet.
	Explanation string `json:"explanation,omitempty"`
}

// APIMeaning is what a check means: its condition in words (code in
// backticks) and nvFuser's comments on it, verbatim. (What its kind means
// is the same for every check of the kind: the page says it; here the
// kind alone, 4,359 times one of four sentences, would double the file.)
type APIMeaning struct {
	Condition string      `json:"condition,omitempty"`
	Comment   *APIComment `json:"comment,omitempty"`
	Doc       *APIComment `json:"doc,omitempty"`
}

// APIComment is a comment of the checkout and where it is.
type APIComment struct {
	Text  string `json:"text"`
	Where string `json:"where"`
}

// APITry is a setting to try, why, and where nvFuser reads it.
type APITry struct {
	Setting string `json:"setting"`
	Why     string `json:"why"`
	Where   string `json:"where"`
}

// APITest is a test that expects a check's message.
type APITest struct {
	Name  string `json:"name"`
	Text  string `json:"text"`
	Regex bool   `json:"regex"`
	Where string `json:"where"`
	// Shared is how many checks the text fits when nothing in the test
	// says which it reaches (0: it reaches this one); Evidence how it was
	// told apart from checks sharing its text.
	Shared   int    `json:"shared,omitempty"`
	Evidence string `json:"evidence,omitempty"`
}

func (e *emitter) apiErrors(abs func(string) string) []APIError {
	out := []APIError{}
	for _, c := range e.h.Checks {
		a := APIError{ID: c.ID, ShortID: checks.ShortID(c.ID), URL: abs(urls.Check(c.ID)), Macro: c.Macro, Kind: c.Kind, Message: c.Message(),
			Pieces: nonNil(c.Pieces), Values: slotLabels(c), Condition: c.Condition, File: c.Where.File, Line: c.Where.Line, EndLine: max(c.EndLine, c.Where.Line),
			Function: c.Function, Within: c.Within, InMacro: c.InMacro, Area: c.Area(),
			Rewordings: []string{}, Tests: []APITest{}, Runbooks: []string{}, Options: []string{}, Variables: []string{}}
		if c.History != nil {
			added := c.History.Added
			a.Added = &added
		}
		a.Rewordings = append(a.Rewordings, c.Formerly...)
		for _, x := range c.Tests {
			a.Tests = append(a.Tests, APITest{Name: x.Name, Text: x.Text, Regex: x.Regex, Where: x.Where.String(), Shared: x.Shared, Evidence: x.Evidence})
		}
		for _, n := range c.Notes {
			a.Runbooks = append(a.Runbooks, abs(urls.Note(n.Kind, n.ID)))
		}
		for _, o := range c.Options {
			a.Options = append(a.Options, o.Key())
		}
		for _, v := range c.Variables {
			a.Variables = append(a.Variables, v.Name)
		}
		if c.Explanation != nil {
			a.Explanation = c.Explanation.Body
		}
		m := e.meaning(c, "")
		mean := &APIMeaning{Condition: m.Words}
		if m.Comment.Text != "" {
			mean.Comment = &APIComment{Text: m.Comment.Text, Where: m.Comment.Where.Text}
		}
		if m.Doc.Text != "" {
			mean.Doc = &APIComment{Text: m.Doc.Text, Where: m.Doc.Where.Text}
		}
		if *mean != (APIMeaning{}) {
			a.Meaning = mean
		}
		for _, t := range e.tries(c, "") {
			a.Try = append(a.Try, APITry{Setting: t.Setting, Why: t.Why, Where: t.Where.Text})
		}
		out = append(out, a)
	}
	for _, r := range e.removedWithPages() {
		a := APIError{ID: r.ID, ShortID: checks.ShortID(r.ID), URL: abs(urls.Check(r.ID)), Pieces: []string{}, File: r.Where.File, Line: r.Where.Line,
			EndLine: r.Where.Line, Function: r.Function, ReplacedBy: r.ReplacedBy, Area: (&model.Check{Where: r.Where}).Area(),
			Rewordings: []string{}, Tests: []APITest{}, Runbooks: []string{}, Options: []string{}, Variables: []string{}}
		added, removed := r.Added, r.Removed
		a.Added, a.Removed = &added, &removed
		if l := r.Last; l != nil {
			a.Macro, a.Kind, a.Message, a.Pieces, a.Condition = l.Macro, l.Kind, l.Message(), nonNil(l.Pieces), l.Condition
			a.EndLine = max(l.EndLine, r.Where.Line)
			at := l.At
			a.LastCommit = &at
		}
		if r.Explanation != nil {
			a.Explanation = r.Explanation.Body
		}
		out = append(out, a)
	}
	return out
}
