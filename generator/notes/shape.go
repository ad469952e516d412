package notes

import (
	"regexp"
	"strings"
)

// Document shapes: what a written-down explanation looks like, as opposed
// to a record of one failure. A design doc, a FAQ, a tutorial, a
// reference table or a page of theorems may say "error", "fails" and
// "problem" on every page without being about a failure that happened;
// these signals are counted into the guide score (see scoreKind):
//
//	+2 per heading a document has (Introduction, Overview, Background,
//	   Motivation, Design, Alternatives, Proposal, Goals, Requirements,
//	   Terminology, Architecture, Implementation, API, Properties,
//	   Theorems, FAQ, "What is ...", "Step 2: ...", "Option 3: ...", ...)
//	   or heading asking a question ("How do I fix this?")     cap 12
//	+1 per numbered section heading ("2. Motivation", "6.1 Core")  cap 4
//	+1 per paragraph opening as a statement of a theory (Theorem 1:,
//	   Definition:, Lemma, Proof, Corollary)                  cap 4
//	+6 once for a reference table (a header naming options, flags,
//	   variables, descriptions or defaults): a table of flags is a guide
//	+3 once when the title reads like a document (Design, Document,
//	   Introduction, Overview, Theory, Support, Reference, FAQ, Tutorial,
//	   Proposal, In Depth, ...)
//	+3 once for a titled document: it opens with a level-1 heading and
//	   has at least docWords words of prose (an explanation, not a jotting)
var (
	docHeadingRE      = regexp.MustCompile(`(?i)^(?:\d+(?:\.\d+)*\.?\s+)?(?:an? |the |brief )?(?:introduction|overview|background|motivation|design\b|proposed|proposal|alternatives?\b|goals?\b|non-goals|requirements?\b|terminology|definitions?\b|glossary|architecture|implementation|api\b|user api|interface|concepts?\b|theory|properties|theorems?\b|lemmas?\b|conclusions?\b|future\b|limitations|appendix|references\b|recommendations?\b|faq\b|frequently asked|what (?:is|are)\b|step \d+|part \d+|chapter\b|option \d+|approach\b|rationale|key (?:concepts|ideas|abstractions)|core abstractions|data structures?|semantics|notation)`)
	numberedHeadingRE = regexp.MustCompile(`^\d+(?:\.\d+)*\.?\s+\S`)
	theoryParaRE      = regexp.MustCompile(`(?i)^(?:theorem|lemma|definition|corollary|proposition|proof|axiom|remark|claim)\b[^:.]{0,20}[:.]`)
	docTitleRE        = regexp.MustCompile(`(?i)\b(?:design|document|introduction|intro to|overview|primer|theory|support|in depth|modeling|reference|faq|frequently asked|tutorial|specification|proposal|rfc|explained|internals|architecture|brief|background|mathematical)\b`)
	// refHeaderCellRE are the column names of a reference table.
	refHeaderCellRE = regexp.MustCompile(`(?i)^(?:option|options|flag|flags|variable|variables|env(?:ironment)? var(?:iable)?s?|name|key|field|parameter|argument|setting|description|meaning|default|defaults|values?|type|purpose|effect|notes?|what it does|usage)$`)
)

// docScore counts the document-shape signals above.
func docScore(d *doc, title string) int {
	capped := func(count, weight, limit int) int { return min(count*weight, limit) }
	var headings, numbered int
	for _, h := range d.headings {
		t := strings.TrimSpace(h.text)
		if docHeadingRE.MatchString(t) || strings.HasSuffix(t, "?") && !runbookHeadingRE.MatchString(t) {
			headings++
		}
		if numberedHeadingRE.MatchString(t) {
			numbered++
		}
	}
	var theory int
	for _, p := range d.paras {
		if theoryParaRE.MatchString(strings.TrimLeft(p.text, "*_ ")) {
			theory++
		}
	}
	s := capped(headings, 2, 12) + capped(numbered, 1, 4) + capped(theory, 1, 4)
	for _, t := range tablesOf(d.src) {
		if t.reference() {
			s += 6
			break
		}
	}
	if docTitleRE.MatchString(title) {
		s += 3
	}
	if len(d.headings) > 0 && d.headings[0].level == 1 && proseWords(d) >= docWords {
		s += 3
	}
	return s
}

// docWords is how many words of prose make a titled note a document.
const docWords = 150

func proseWords(d *doc) int {
	n := 0
	for _, p := range d.paras {
		n += len(strings.Fields(p.text))
		if n >= docWords {
			break
		}
	}
	return n
}

// table is one GFM table of the note's source, as raw cells.
type table struct {
	header []string
	rows   [][]string
}

// tablesOf finds the tables in src: a header line followed by a
// delimiter row ("| --- | --- |"), then the lines holding a "|".
func tablesOf(src []byte) []table {
	var out []table
	lines := strings.Split(string(src), "\n")
	for i := 1; i < len(lines); i++ {
		if !tableRuleRE.MatchString(lines[i]) {
			continue
		}
		t := table{header: cells(lines[i-1])}
		j := i + 1
		for ; j < len(lines) && strings.Contains(lines[j], "|"); j++ {
			t.rows = append(t.rows, cells(lines[j]))
		}
		out = append(out, t)
		i = j
	}
	return out
}

func cells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(strings.TrimSuffix(line, "|"), "|")
	parts := strings.Split(line, "|")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), "*_`")
	}
	return parts
}

// reference reports whether the table documents things (options, flags,
// variables and what they mean) rather than records runs: at least two of
// its column names are a reference table's.
func (t table) reference() bool {
	n := 0
	for _, c := range t.header {
		if refHeaderCellRE.MatchString(c) {
			n++
		}
	}
	return n >= 2
}

// runHeaderRE and outcomeCellRE tell a table of runs: columns naming
// runs, attempts or results, or cells reporting how a run went.
var (
	runHeaderRE   = regexp.MustCompile(`(?i)\b(?:run|runs|attempt|trial|iteration|shard|commit|build|result|results|outcome|status|failures?|passed|failed|errors?|first error)\b`)
	outcomeCellRE = regexp.MustCompile(`(?i)\b(?:pass(?:es|ed)?|fail(?:s|ed|ure)?|ok|crash(?:es|ed)?|segfaults?|nan|hangs?|timeout|timed out|errors?|mismatch(?:ed)?|flaky|abort(?:ed)?)\b|[✓✗✔✘❌✅]`)
)

// ofRuns reports whether the table records runs: at least three rows, and
// a column named for runs or results, or outcome words in two rows. A
// reference table never is.
func (t table) ofRuns() bool {
	if len(t.rows) < 3 || t.reference() {
		return false
	}
	for _, c := range t.header {
		if runHeaderRE.MatchString(c) {
			return true
		}
	}
	rows := 0
	for _, r := range t.rows {
		for _, c := range r {
			if outcomeCellRE.MatchString(c) {
				rows++
				break
			}
		}
	}
	return rows >= 2
}
