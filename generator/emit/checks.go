package emit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/explain"
	"github.com/nvfuser-handbook/handbook/generator/lookup"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// A page per check (/errors/<id>/), a list per area (/errors/area/<a>/)
// and the index (/errors/). There are thousands: the front matter holds
// everything the lean layouts/errors templates print, with no page
// lookups.

type checkFront struct {
	Title       string `toml:"title"`
	Description string `toml:"description,omitempty"`
	// Aliases are the pages of the ids the check had before a rewording:
	// those URLs keep answering.
	Aliases []string `toml:"aliases,omitempty"`
	// Outputs are the page's HTML alone: its search document is written
	// by emit (checksearch.go), not by Hugo's searchdoc output format.
	Outputs []string    `toml:"outputs"`
	Params  checkParams `toml:"params"`
}

// checkParams are a check page's facts. Those tagged toml:"-" reach the
// page through its article, rendered by emit (articles.go), and its
// twin and search document; the front matter keeps what Hugo's layout
// still shows itself, and the message, condition and code (what the
// benchmarks' same-words floor gives plain Hugo).
type checkParams struct {
	Kind    string `toml:"kind"` // "check", for search filters
	ID      string `toml:"id"`
	ShortID string `toml:"short_id"`
	// Heading is the whole message, values as "…": the title is cut.
	Heading   string `toml:"heading"`
	CheckKind string `toml:"check_kind"` // model.CheckInternal, ...
	KindTitle string `toml:"check_kind_title"`
	Macro     string `toml:"macro"`
	Message   string `toml:"message"`
	Condition string `toml:"condition,omitempty"`
	// Printed is what nvFuser prints when the check fails, run-time values
	// shown as {}.
	Printed string `toml:"-"`
	// PrintedHTML is the same, escaped, each value a slot labelled with
	// the expression nvFuser prints there (checkslots.go); Values are the
	// labels, in order. Both empty when the extractor could not tell.
	PrintedHTML string   `toml:"-"`
	Values      []string `toml:"-"`
	Where       Link     `toml:"-"` // file:line, pinned source link
	Function    string   `toml:"-"`
	Within      string   `toml:"-"` // the named function around a lambda
	InMacro     string   `toml:"-"`
	Area        string   `toml:"-"`
	AreaURL     string   `toml:"-"`
	// Meaning is what the check means (checkmeaning.go); Try and Steps
	// what to do about it: from the checkout, then config.toml's rules.
	Meaning checkMeaning `toml:"-"`
	// Explanation is the file of explanations/ the page's body comes
	// from; ExplainURL opens a new one, filled in, when there is none.
	Explanation string     `toml:"explanation,omitempty"`
	ExplainURL  string     `toml:"-"`
	Try         []tryLine  `toml:"-"`
	Steps       []stepLine `toml:"-"`
	// Code is the source around the call at the pinned commit, its first
	// line CodeStart; CodeHTML the same highlighted, with line numbers and
	// the call's lines marked (highlight.go): the page prints it as it is.
	Code      string `toml:"code,omitempty"`
	CodeStart int    `toml:"-"`
	CodeHTML  string `toml:"-"`
	// Own keys, not the notes' "tests"/"variables"/"options", whose
	// shapes the Markdown twin reads differently.
	Tests []checkTest `toml:"-"`
	// SharedTests expect text this check shares with others, and nothing
	// in them says which they reach.
	SharedTests []checkTest `toml:"-"`
	Notes       []Ref       `toml:"-"`
	Variables   []Ref       `toml:"-"`
	Options     []Ref       `toml:"-"`
	// From the git history: when the id first appeared, and its former ids.
	Since       string   `toml:"-"`
	SinceCommit Link     `toml:"-"`
	Earliest    bool     `toml:"-"`
	Formerly    []string `toml:"-"`
	// FnChanges are the last commits that changed the function the check
	// is in, newest first.
	FnChanges []fnChange `toml:"-"`
	// Report opens a new nvFuser issue about the check (the page's
	// "report this" link; the since-your-build block adds the build).
	Report string `toml:"-"`
	// ArticleHTML and ArticleTailHTML are the article (articles.go):
	// before and after the script of its "since your build" block, which
	// the layout adds.
	ArticleHTML     string `toml:"article_html"`
	ArticleTailHTML string `toml:"article_tail_html"`
}

type fnChange struct {
	Commit Link   `toml:"commit"`
	When   string `toml:"when"` // "0.2.23, 2024-12-10"
}

type checkTest struct {
	Name string `toml:"name,omitempty"`
	Text string `toml:"text"`
	// Regex is set for a pattern (pytest match=), unset for a substring.
	Regex bool `toml:"regex,omitempty"`
	Where Link `toml:"where"`
	// Shared is how many checks the text fits when the test's code cannot
	// tell which it reaches; Evidence how it was told apart.
	Shared   int    `toml:"shared,omitempty"`
	Evidence string `toml:"evidence,omitempty"`
	// BodyHTML is the test's code, highlighted, pinned (a test it
	// reaches only).
	BodyHTML string `toml:"body_html,omitempty"`
}

// checkGroup is one area's checks on /errors/ (or the one area of an
// area page), grouped by kind: the plain lists a reader sees without
// JavaScript and the filter narrows (static/js/errors-filter.js).
type checkGroup struct {
	Key   string          `toml:"key"`
	URL   string          `toml:"url,omitempty"`
	Count int             `toml:"count"`
	Kinds []checkKindList `toml:"kinds"`
}

// checkKindList is the checks of one kind in one area.
type checkKindList struct {
	Kind  string      `toml:"kind"`
	Title string      `toml:"title"`
	Items []checkItem `toml:"items"`
}

// checkItem is one check in a list: what the filter matches (its title
// and id) and its page. Where and Fn only on area pages: the index of
// all checks stays small.
type checkItem struct {
	ID    string `toml:"id"`
	Title string `toml:"title"`
	URL   string `toml:"url"`
	Where string `toml:"where,omitempty"`
	Fn    string `toml:"fn,omitempty"`
}

type checkListFront struct {
	Title       string `toml:"title"`
	Description string `toml:"description,omitempty"`
	Weight      int    `toml:"weight,omitempty"`
	Params      struct {
		Kind  string       `toml:"kind"` // "checks"
		Area  string       `toml:"area,omitempty"`
		Areas []checkCount `toml:"areas,omitempty"`
		Kinds []checkCount `toml:"kinds,omitempty"`
		// Groups are the checks by area, then kind: every check on the
		// index, one area's on its page.
		Groups     []checkGroup `toml:"groups,omitempty"`
		Removed    []removedRow `toml:"removed,omitempty"`
		RemovedURL string       `toml:"removed_url,omitempty"`
	} `toml:"params"`
}

// removedRow is a check the history saw go away, on /errors/removed/.
type removedRow struct {
	ID       string `toml:"id"`
	Fn       string `toml:"fn,omitempty"`
	Since    string `toml:"since"`
	Removed  string `toml:"removed"`
	Commit   Link   `toml:"commit"`
	Replaced string `toml:"replaced_by,omitempty"`
	// ReplacedURL is the page of what replaced it, when that check is
	// still in the checkout (a chain of rewordings followed to its end).
	ReplacedURL string `toml:"replaced_url,omitempty"`
}

type checkCount struct {
	Key   string `toml:"key"`
	Title string `toml:"title"`
	URL   string `toml:"url,omitempty"`
	Count int    `toml:"count"`
}

// checkPages writes every check's page, the area lists and the index.
func (e *emitter) checkPages() error {
	if len(e.h.Checks) == 0 {
		return nil
	}
	byArea := map[string][]*model.Check{}
	kinds := map[string]int{}
	// Thousands of pages, each independent of the others: on every core.
	pages := make([]keptPage, len(e.h.Checks))
	for i, c := range e.h.Checks {
		var body string
		if c.Explanation != nil {
			body = c.Explanation.Body
		}
		// Made from text of the checkout (message, condition, code): a
		// problem Hugo finds in the page is named at the check's line.
		pages[i] = keptPage{rel: "errors/" + c.ID + ".md", key: e.checkKey(c), origin: c.Where, build: func() (page, error) {
			return page{front: e.checkPage(c), body: body, twinAt: urls.Check(c.ID)}, nil
		}, finish: func(p *page) error {
			f := p.front.(checkFront)
			var err error
			if f.Params.ArticleHTML, f.Params.ArticleTailHTML, err = e.checkArticle(&f.Params); err != nil {
				return fmt.Errorf("article of %s: %w", c.ID, err)
			}
			file, doc, err := e.checkSearchDoc(f)
			if err != nil {
				return fmt.Errorf("search document of %s: %w", c.ID, err)
			}
			p.front, p.search = f, searchDoc{file, doc}
			return nil
		}}
	}
	if err := e.putAllKept(pages); err != nil {
		return err
	}
	for _, c := range e.h.Checks {
		byArea[c.Area()] = append(byArea[c.Area()], c)
		kinds[c.Kind]++
	}
	areas := make([]string, 0, len(byArea))
	for a := range byArea {
		areas = append(areas, a)
	}
	sort.Strings(areas)
	var kindCounts, areaCounts []checkCount
	for _, k := range model.CheckKinds {
		if n := kinds[k.Kind]; n > 0 {
			kindCounts = append(kindCounts, checkCount{Key: k.Kind, Title: k.Title, Count: n})
		}
	}
	for _, a := range areas {
		areaCounts = append(areaCounts, checkCount{Key: a, Title: a, URL: urls.CheckArea(a), Count: len(byArea[a])})
	}
	// The lists are made from the checkout alone (each check's title, id
	// and place): gen serve keeps them while the checkout is the one read
	// (putKept), as it keeps the check pages.
	siteKey := e.siteKey()
	for _, a := range areas {
		cs := byArea[a]
		err := e.putKept("errors/area/"+a+"/_index.md", siteKey, func() (page, error) {
			var f checkListFront
			f.Title = "Errors in " + a
			f.Description = fmt.Sprintf("The %d checks under %s.", len(cs), areaDir(a))
			f.Params.Kind, f.Params.Area = "checks", a
			f.Params.Kinds = kindCounts
			f.Params.Groups = []checkGroup{areaGroup(a, cs, true)}
			return page{front: f}, nil
		})
		if err != nil {
			return err
		}
	}
	hasRemoved := len(e.h.RemovedChecks) > 0
	if hasRemoved {
		if err := e.putKept("errors/removed/_index.md", siteKey, func() (page, error) { return page{front: e.removedPage()}, nil }); err != nil {
			return err
		}
		if err := e.removedCheckPages(); err != nil {
			return err
		}
	}
	err := e.putKept("errors/area/_index.md", siteKey, func() (page, error) {
		var areaIndex checkListFront
		areaIndex.Title, areaIndex.Params.Kind = "Errors by area", "checks"
		areaIndex.Params.Areas = areaCounts
		return page{front: areaIndex}, nil
	})
	if err != nil {
		return err
	}
	return e.putKept("errors/_index.md", siteKey, func() (page, error) {
		var index checkListFront
		index.Title = "Errors"
		index.Description = fmt.Sprintf("Every error and warning nvFuser's checks can raise: %d checks in %d areas, each with its message, condition, code, tests and the notes that explain it.", len(e.h.Checks), len(areas))
		index.Weight = 25
		index.Params.Kind = "checks"
		index.Params.Kinds, index.Params.Areas = kindCounts, areaCounts
		for _, a := range areas {
			index.Params.Groups = append(index.Params.Groups, areaGroup(a, byArea[a], false))
		}
		if hasRemoved {
			index.Params.RemovedURL = urls.RemovedChecks
		}
		return page{front: index}, nil
	})
}

// areaGroup lists an area's checks by kind, in the order of
// model.CheckKinds, each kind's checks in file and line order; with
// where, each item also says where it is (an area page).
func areaGroup(a string, cs []*model.Check, where bool) checkGroup {
	g := checkGroup{Key: a, URL: urls.CheckArea(a), Count: len(cs)}
	for _, k := range model.CheckKinds {
		l := checkKindList{Kind: k.Kind, Title: k.Title}
		for _, c := range cs {
			if c.Kind != k.Kind {
				continue
			}
			it := checkItem{ID: c.ID, Title: checks.Headline(c), URL: urls.Check(c.ID)}
			if where {
				it.Where, it.Fn = c.Where.String(), fnName(c)
			}
			l.Items = append(l.Items, it)
		}
		if len(l.Items) > 0 {
			g.Kinds = append(g.Kinds, l)
		}
	}
	return g
}

func areaDir(a string) string {
	switch a {
	case "csrc":
		return "csrc/ itself"
	case "python":
		return "python/"
	}
	return "csrc/" + a + "/"
}

func kindTitle(k string) string {
	for _, x := range model.CheckKinds {
		if x.Kind == k {
			return strings.TrimSuffix(x.Title, "s")
		}
	}
	return k
}

func (e *emitter) checkPage(c *model.Check) checkFront {
	f := checkFront{Title: checks.Headline(c), Outputs: []string{"html"}}
	where := "in " + c.Function
	if c.InMacro != "" {
		where = "in the macro " + c.InMacro
	}
	f.Description = fmt.Sprintf("%s (%s) %s, %s.", kindTitle(c.Kind), c.Macro, where, c.Where)
	p := &f.Params
	p.Kind, p.ID, p.CheckKind, p.KindTitle, p.Macro = "check", c.ID, c.Kind, kindTitle(c.Kind), c.Macro
	p.ShortID, p.Heading = checks.ShortID(c.ID), checks.Heading(c)
	p.Message, p.Condition, p.Printed = c.Message(), c.Condition, checks.Printed(c)
	p.PrintedHTML, p.Values = printedHTML(c), slotLabels(c)
	ref := e.site.RepoRef
	if !e.h.Revision.IsZero() {
		ref = e.h.Revision.Commit
	}
	p.Where = Link{Text: c.Where.String(), URL: urls.Source(e.site.RepoURL, ref, c.Where)}
	p.Function, p.InMacro, p.Area, p.AreaURL = c.Function, c.InMacro, c.Area(), urls.CheckArea(c.Area())
	if c.Within != c.Function {
		p.Within = c.Within
	}
	p.Meaning, p.Try, p.Steps = e.meaning(c, ref), e.tries(c, ref), e.steps(c.Kind)
	if c.Explanation != nil {
		p.Explanation = c.Explanation.File
	} else {
		p.ExplainURL = urls.NewExplanation(e.site.ExplainURL, c.ID, explain.Template(f.Title))
	}
	p.Code, p.CodeStart = c.Code, c.CodeStart
	if c.Code != "" {
		spans := c.CodeSpans
		if len(spans) == 0 { // code not cut by the extract stage: shown plain
			spans = []model.CodeSpan{{Role: model.CodeSpace, Text: c.Code}}
		}
		p.CodeHTML = highlight(spans, c.CodeStart, c.Where.Line, max(c.EndLine, c.Where.Line))
	}
	if hist := c.History; hist != nil {
		p.Since, p.Earliest = hist.Added.Since(), hist.Earliest
		p.SinceCommit = e.commitLink(hist.Added)
	}
	// A history of several rewordings can name an old id twice.
	seen := map[string]bool{}
	for _, old := range c.Formerly {
		if !seen[old] {
			seen[old] = true
			p.Formerly = append(p.Formerly, old)
		}
	}
	for _, ev := range c.FunctionChanges {
		p.FnChanges = append(p.FnChanges, fnChange{Commit: e.commitLink(ev), When: ev.Since()})
	}
	for _, old := range p.Formerly {
		f.Aliases = append(f.Aliases, urls.Check(old))
	}
	if e.site.RepoURL != "" {
		p.Report = lookup.CheckReportURL(urls.NewIssue(e.site.RepoURL), f.Title, c.ID, urls.Absolute(e.site.BaseURL, urls.Check(c.ID)))
	}
	for _, x := range c.Tests {
		t := checkTest{Name: x.Name, Text: x.Text, Regex: x.Regex, Shared: x.Shared, Evidence: x.Evidence,
			Where: Link{Text: x.Where.String(), URL: urls.Source(e.site.RepoURL, ref, x.Where)}}
		if x.Shared > 0 {
			p.SharedTests = append(p.SharedTests, t)
			continue
		}
		if x.Body != "" {
			spans := x.BodySpans
			if len(spans) == 0 {
				spans = []model.CodeSpan{{Role: model.CodeSpace, Text: x.Body}}
			}
			t.BodyHTML = highlight(spans, x.BodyStart, x.Where.Line, x.Where.Line)
		}
		p.Tests = append(p.Tests, t)
	}
	for _, n := range c.Notes {
		p.Notes = append(p.Notes, noteRef(n))
	}
	for _, v := range c.Variables {
		p.Variables = append(p.Variables, Ref{Title: v.Name, URL: urls.Var(v.Name)})
	}
	for _, o := range c.Options {
		p.Options = append(p.Options, Ref{Title: o.Key(), URL: urls.Option(o.Family, o.Name)})
	}
	return f
}

func shortHash(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// removedPage lists the checks the git history saw go away, with what
// replaced each, most recent first.
func (e *emitter) removedPage() checkListFront {
	current := map[string]string{} // base id -> the page id of its first twin
	for _, c := range e.h.Checks {
		if b := checks.BaseID(c); current[b] == "" {
			current[b] = c.ID
		}
	}
	next := map[string]string{}
	for _, r := range e.h.RemovedChecks {
		next[r.ID] = r.ReplacedBy
	}
	var f checkListFront
	f.Title = "Removed checks"
	f.Description = fmt.Sprintf("%d checks nvFuser's git history saw go away: when each appeared, when it went, and the check that replaced it when it was reworded.", len(e.h.RemovedChecks))
	f.Params.Kind = "checks"
	for _, r := range e.h.RemovedChecks {
		row := removedRow{ID: r.ID, Fn: r.Function, Since: r.Added.Since(), Removed: r.Removed.Since(),
			Commit: e.commitLink(r.Removed), Replaced: r.ReplacedBy}
		// Follow rewordings to the check that has a page now.
		seen := map[string]bool{}
		for id := r.ReplacedBy; id != "" && !seen[id]; id = next[id] {
			seen[id] = true
			if page := current[id]; page != "" {
				row.ReplacedURL = urls.Check(page)
				break
			}
		}
		f.Params.Removed = append(f.Params.Removed, row)
	}
	return f
}
