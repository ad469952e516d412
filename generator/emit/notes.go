package emit

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
	"github.com/nvfuser-handbook/handbook/generator/linkify"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

type noteFront struct {
	Title string `toml:"title"`
	// LinkTitle is what lists show (Hugo's .LinkTitle) when another note
	// has the same title: model.Note.ListTitle.
	LinkTitle   string   `toml:"linkTitle,omitempty"`
	Description string   `toml:"description,omitempty"`
	Date        string   `toml:"date,omitempty"`
	Aliases     []string `toml:"aliases,omitempty"`
	Tags        []string `toml:"tags,omitempty"`
	// Outputs are the page's HTML alone: its search document is written
	// by emit (notesearch.go), not by Hugo's searchdoc output format.
	Outputs []string   `toml:"outputs"`
	Params  noteParams `toml:"params"`
}

type noteParams struct {
	ID      string `toml:"id"`
	Kind    string `toml:"kind"`
	Status  string `toml:"status,omitempty"`
	Source  string `toml:"source"`
	EditURL string `toml:"edit_url,omitempty"`
	// SourceURL is a doc's file in the nvFuser repository at the
	// checkout's commit (docs read from the checkout only).
	SourceURL string `toml:"source_url,omitempty"`
	// UnsafeURLs are destinations the render hooks show as text, never
	// as links (notes.URLSafety decided, once, while reading the note).
	UnsafeURLs []string `toml:"unsafe_urls,omitempty"`
	ShortURL   string   `toml:"short_url"`
	Symptom    string   `toml:"symptom,omitempty"`
	// Ready to show: what the summary's copy blocks and lists print,
	// computed here once rather than by template logic on every page.
	Options   []noteOption `toml:"options,omitempty"`
	Reproduce string       `toml:"reproduce,omitempty"`     // the commands, one per line
	Exports   string       `toml:"exports,omitempty"`       // see exports
	Variables []noteVar    `toml:"variables,omitempty"`     // env's variables, each once
	Files     []noteFile   `toml:"files,omitempty"`         // in the checkout
	Missing   []noteFile   `toml:"missing_files,omitempty"` // named by the note, not in the checkout
	// NotInCheckout are the source links in the body (see resolver) that
	// point at files not in the checkout: rendered flagged, not linked.
	NotInCheckout []string  `toml:"not_in_checkout,omitempty"`
	Tests         []string  `toml:"tests,omitempty"`
	Symbols       []string  `toml:"symbols,omitempty"`
	Commits       []Link    `toml:"commits,omitempty"`
	Issues        []Link    `toml:"issues,omitempty"`
	Tools         []Link    `toml:"tools,omitempty"` // each links to its tag page
	Signatures    []noteSig `toml:"signatures,omitempty"`
	Done          int       `toml:"checklist_done"`
	Total         int       `toml:"checklist_total"`
	Next          []string  `toml:"next_steps,omitempty"`
	Related       []Ref     `toml:"related,omitempty"`
	LinkedFrom    []Link    `toml:"linked_from,omitempty"` // places in nvFuser that link here
	// Markdown is the note's text for its Markdown twin and llms-full.txt:
	// as the author wrote it, with the handbook's links added and its
	// HTML sanitized, and none of the escaping Hugo's content file needs
	// (front matter is never read for shortcodes).
	Markdown string `toml:"markdown,omitempty"`
	// HTMLIDs are the ids the note's HTML declares (published with the
	// UserContent prefix): render-link.html rewrites "#id" links to them.
	HTMLIDs []string `toml:"html_ids,omitempty"`

	// LocalLinks are the body's relative links and images, resolved (see
	// localLinks).
	LocalLinks []noteLocal `toml:"local_links,omitempty"`
}

type noteVar struct {
	Name string `toml:"name"`
	URL  string `toml:"url,omitempty"` // reference page, when the variable is known
	// Stale says when a name the git history knows went away, and what
	// replaced it: "removed in 0.0.14, use NVFUSER_DUMP".
	Stale string `toml:"stale,omitempty"`
}

type noteOption struct {
	Env   string `toml:"env"`
	Name  string `toml:"name"`
	Known bool   `toml:"known"`
	URL   string `toml:"url,omitempty"`   // reference page, when the option is known
	Stale string `toml:"stale,omitempty"` // as noteVar.Stale
}

type noteFile struct {
	Ref string `toml:"ref"`
	URL string `toml:"url,omitempty"` // source link; none for a file not in the checkout
	// Freshness of the reference (generator/freshness), when checked and
	// not "unchanged": the status, where the lines are now and the commit
	// that last changed or removed them.
	Fresh     string `toml:"fresh,omitempty"`
	Since     string `toml:"since,omitempty"`
	Now       string `toml:"now,omitempty"`
	ChangeURL string `toml:"change_url,omitempty"`
}

type noteSig struct {
	Kind string `toml:"kind"`
	Text string `toml:"text"`
}

func (e *emitter) notePage(n *model.Note) page {
	f := noteFront{Title: n.Title, LinkTitle: n.ListTitle, Description: firstSentence(plainSummary(n.Symptom)), Date: n.Date, Tags: n.Tools, Outputs: []string{"html"}}
	f.Aliases = e.notePaths(n)[1:]
	p := &f.Params
	p.ID, p.Kind, p.Status, p.Source, p.Symptom = n.ID, n.Kind, n.Status, notePath(n), plainMarkdown(n.Symptom)
	p.ShortURL = urls.Short(n.ID)
	// nvFuser's own doc links its file at the checkout's commit; a note
	// its edit URL.
	if p.SourceURL = e.docSourceURL(n); p.SourceURL == "" {
		p.EditURL = e.site.EditURL(notePath(n))
	}
	for _, u := range n.UnsafeURLs {
		if !slices.Contains(p.UnsafeURLs, u.URL) {
			p.UnsafeURLs = append(p.UnsafeURLs, u.URL)
		}
	}
	var commands []string
	for _, c := range n.Commands {
		commands = append(commands, c.Text)
	}
	p.Reproduce = strings.Join(commands, "\n")
	for _, name := range n.Variables() {
		nv := noteVar{Name: name}
		if v := e.h.Variable(name); v != nil {
			nv.URL = urls.Var(name)
			if v.Removed() {
				nv.Stale = staleText(v.History)
			}
		}
		p.Variables = append(p.Variables, nv)
	}
	p.Exports = exports(n.Env, e.isFamily)
	for _, o := range n.Options {
		no := noteOption{Env: o.Env, Name: o.Name, Known: o.Known}
		switch opt := e.h.Option(o.Env, o.Name); {
		case opt != nil && o.Known:
			no.URL = urls.Option(opt.Family, opt.Name)
		case opt != nil && opt.Removed():
			// Its page stays, saying what replaced it.
			no.URL, no.Stale = urls.Option(opt.Family, opt.Name), staleText(opt.History)
		}
		p.Options = append(p.Options, no)
	}
	fresh := map[string]model.Freshness{}
	for _, f := range n.Freshness {
		fresh[f.Ref] = f
	}
	for _, fr := range n.Files {
		nf := noteFile{Ref: fr.String(), URL: urls.SourceRange(e.site.RepoURL, e.site.RepoRef, fr)}
		if f, ok := fresh[nf.Ref]; ok && f.Stale() {
			nf.Fresh, nf.Since, nf.Now = f.Status, f.Since, f.Now
			if f.Now != "" { // a moved file is linked at its new place
				nf.URL = urls.SourceRange(e.site.RepoURL, e.site.RepoRef, model.ParseFileRef(f.Now))
			}
			if len(f.Commits) > 0 {
				nf.ChangeURL = urls.Commit(e.site.RepoURL, f.Commits[len(f.Commits)-1])
			}
		}
		if !fr.Exists && e.h.HasSource && nf.Now == "" {
			nf.URL = ""
			p.Missing = append(p.Missing, nf)
			continue
		}
		p.Files = append(p.Files, nf)
	}
	p.Tests, p.Symbols = n.Tests, n.Symbols
	for _, c := range n.Commits {
		p.Commits = append(p.Commits, Link{Text: c, URL: urls.Commit(e.site.RepoURL, c)})
	}
	for _, t := range n.Tools {
		p.Tools = append(p.Tools, Link{Text: t, URL: urls.Tag(t)})
	}
	for _, i := range n.Issues {
		p.Issues = append(p.Issues, Link{Text: i, URL: e.site.IssueURL(i)})
	}
	for _, s := range n.Signatures {
		p.Signatures = append(p.Signatures, noteSig{Kind: s.Kind, Text: s.Text})
	}
	p.Done, p.Total = n.Checklist.Done, n.Checklist.Total
	for _, it := range n.Checklist.Items {
		if !it.Done {
			p.Next = append(p.Next, plainMarkdown(it.Text))
		}
	}
	p.Related = e.related(n)
	p.LinkedFrom = e.links(e.linkedFrom(e.notePaths(n)...))
	r := resolver{e: e, missing: map[string]bool{}}
	// Fences first: the page and its twin get the same code blocks.
	body := cleanFences(string(linkify.Linkify([]byte(n.Body), n.Mentions, r)))
	for u := range r.missing {
		p.NotInCheckout = append(p.NotInCheckout, u)
	}
	sort.Strings(p.NotInCheckout)
	p.LocalLinks = e.localLinks(n)
	imgSrc := func(src string) string { return urls.Served(e.site.BaseURL, e.htmlImageURL(n, src)) }
	rel := urls.Note(n.Kind, n.ID)
	b := e.w.Memo.body(rel, func() string { return bodyKey(rel, e.siteKey(), body, p.LocalLinks, p.UnsafeURLs, n.Local) }, func() noteBody {
		md, skipped := literalImages(body, imgSrc)
		return noteBody{markdown: twinUnsafe(twinLinks(sanitizeHTML(body, true, imgSrc), p.LocalLinks), p.UnsafeURLs),
			md: md, skipped: skipped, ids: DeclaredIDs(md)}
	})
	p.Markdown = b.markdown
	e.mathWarnings(n, b.skipped)
	p.HTMLIDs = b.ids
	return page{front: f, body: b.md}
}

// docSourceURL is the file of one of nvFuser's docs in the repository at
// the checkout's commit; "" for a note.
func (e *emitter) docSourceURL(n *model.Note) string {
	if !n.Doc {
		return ""
	}
	return urls.SourceRange(e.site.RepoURL, e.site.RepoRef, model.FileRef{Path: n.Path})
}

// notePath is the note's path as pages and the JSON API show it:
// relative to the notes folder it came from, never the build machine's.
func notePath(n *model.Note) string {
	if n.Path != "" {
		return n.Path
	}
	return path.Base(filepath.ToSlash(n.Source))
}

// noteRef is a reference to a note.
func noteRef(n *model.Note) Ref {
	u := urls.Note(n.Kind, n.ID)
	return Ref{ID: n.ID, Title: n.ListedTitle(), Kind: n.Kind, Status: n.Status, URL: u}
}

// isFamily says whether a variable holds a list of options (NVFUSER_DUMP
// and the like), whose values nvFuser reads as one comma-separated list.
func (e *emitter) isFamily(name string) bool {
	return e.h.Family(name) != nil || vocab.IsFamilyVar(name)
}

// maxShared is how many notes may share a feature before it stops
// relating them: a variable half the notes set says nothing about any two.
const maxShared = 50

// indexRelated builds the feature -> notes postings used by related.
func (e *emitter) indexRelated() {
	e.postings = map[feature][]*model.Note{}
	for _, n := range e.h.Notes {
		for f := range noteFeatures(n) {
			e.postings[f] = append(e.postings[f], n)
		}
	}
}

// related ranks other notes by what they share with n: variables, files,
// tests and symbols, specific things weighing more than common ones.
func (e *emitter) related(n *model.Note) []Ref {
	scores := map[*model.Note]int{}
	for f, w := range noteFeatures(n) {
		if len(e.postings[f]) > maxShared {
			continue
		}
		for _, o := range e.postings[f] {
			if o != n {
				scores[o] += w
			}
		}
	}
	type scored struct {
		n     *model.Note
		score int
	}
	var cands []scored
	for o, s := range scores {
		if s >= 3 {
			cands = append(cands, scored{o, s})
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].score != cands[j].score {
			return cands[i].score > cands[j].score
		}
		return cands[i].n.ID < cands[j].n.ID
	})
	var out []Ref
	for i, c := range cands {
		if i == 5 {
			break
		}
		out = append(out, noteRef(c.n))
	}
	return out
}

// feature is something a note names that another may share.
type feature struct {
	kind featureKind
	name string
}

type featureKind uint8

const (
	featureVar featureKind = iota
	featureFile
	featureTest
	featureSymbol
)

// noteFeatures weighs a note's features: a test is the most specific.
func noteFeatures(n *model.Note) map[feature]int {
	f := map[feature]int{}
	for _, s := range n.Env {
		f[feature{featureVar, s.Name}] = 2
	}
	for _, x := range n.Files {
		f[feature{featureFile, x.Path}] = 3
	}
	for _, x := range n.Tests {
		f[feature{featureTest, x}] = 4
	}
	for _, x := range n.Symbols {
		f[feature{featureSymbol, x}] = 3
	}
	return f
}

// maxMathWarnings is how many formulas of one note are reported one by
// one; the rest are counted in one more warning.
const maxMathWarnings = 10

// mathWarnings reports the note's formulas that are shown as code, at
// their lines (linkify and literal keep the body's lines): each over its
// own budget (up to maxMathWarnings), and where the page's budget ran out.
func (e *emitter) mathWarnings(n *model.Note, skipped []mdconf.Skipped) {
	at := func(s mdconf.Skipped) model.Location {
		return model.Location{File: n.Source, Line: n.BodyLine + s.Line}
	}
	var page []mdconf.Skipped
	reported := 0
	for _, s := range skipped {
		switch {
		case s.Why == mdconf.PageBudgetWhy:
			page = append(page, s)
		case reported < maxMathWarnings:
			reported++
			e.w.Warn(model.Diagnostic{Where: at(s), Message: "formula shown as code, not typeset: " + s.Why})
		default:
			reported++
		}
	}
	if reported > maxMathWarnings {
		e.w.Warn(model.Diagnostic{Where: at(skipped[0]), Message: fmt.Sprintf("%d more formula(s) of this note over their budget shown as code", reported-maxMathWarnings)})
	}
	if len(page) > 0 {
		e.w.Warn(model.Diagnostic{Where: at(page[0]), Message: fmt.Sprintf("%d formula(s) from here on shown as code, not typeset: %s", len(page), mdconf.PageBudgetWhy)})
	}
}

// emptyBracketsRE and spaceBeforePunctRE tidy what dropping math leaves:
// "(  )" and " ,".
var (
	emptyBracketsRE    = regexp.MustCompile(`\(\s*[,;]?\s*\)`)
	spaceBeforePunctRE = regexp.MustCompile(`\s+([,.;:)])`)
)

// plainMathRE is math that reads the same as text.
var plainMathRE = regexp.MustCompile(`^[A-Za-z0-9 +\-*/=<>().,]+$`)

// plainSummary is a note's summary (Markdown, as the notes stage chose
// it: raw HTML already dropped) as one line of plain text for lists and
// a page's description, which cannot typeset math: a formula that is
// plain text is kept as text, any other is dropped, and the brackets and
// spaces it leaves behind with it.
func plainSummary(s string) string {
	if !strings.ContainsAny(s, `$\`) {
		return s
	}
	src := []byte(s)
	var b strings.Builder
	at := 0
	// The formulas as mdconf's one scanner finds them (the sanitizer and
	// the math rewrite read the same spans).
	for _, f := range mdconf.Formulas(mdconf.Parse(src), src) {
		if f.Display {
			continue
		}
		// A formula of plain letters, digits and operators ("$a$",
		// "$5/2=2$") reads the same as text; any other is dropped.
		b.Write(src[at:f.Start])
		b.WriteByte(' ')
		if inner := strings.TrimSpace(f.Inner); plainMathRE.MatchString(inner) {
			b.WriteString(inner)
			b.WriteByte(' ')
		}
		at = f.Stop
	}
	if at == 0 {
		return s
	}
	b.Write(src[at:])
	out := emptyBracketsRE.ReplaceAllString(b.String(), "")
	out = spaceBeforePunctRE.ReplaceAllString(out, "$1")
	return strings.Join(strings.Fields(out), " ")
}
