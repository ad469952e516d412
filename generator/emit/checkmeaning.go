package emit

import (
	"html"
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// A check page's "What it means" and "What to try": the kind said plainly,
// the condition in words, the comments nvFuser's authors wrote above the
// check and on its function (verbatim, pinned), and what the checkout and
// config.toml's rules give to try. The same params feed the HTML page,
// its Markdown twin, llms-full.txt and api/errors.json.

type checkMeaning struct {
	// Kind says what the kind means for the reader: whose fault, what to
	// do about it.
	Kind string `toml:"kind"`
	// Words is the condition in words, code in backticks (for the twin);
	// WordsHTML the same for the page, escaped.
	Words     string     `toml:"words,omitempty"`
	WordsHTML string     `toml:"words_html,omitempty"`
	Comment   srcComment `toml:"comment,omitempty"`
	Doc       srcComment `toml:"doc,omitempty"`
}

// srcComment is a comment of the checkout, verbatim, with a link to its
// lines at the pinned commit.
type srcComment struct {
	Text  string `toml:"text,omitempty"`
	Where Link   `toml:"where,omitempty"`
}

type tryLine struct {
	Setting string `toml:"setting"`
	URL     string `toml:"url,omitempty"` // the option's or variable's page
	// Why says where nvFuser reads it: in this function, in this file, in
	// this area (a dump option).
	Why   string `toml:"why"`
	Where Link   `toml:"where"`
	Notes []Ref  `toml:"notes,omitempty"`
}

type stepLine struct {
	Text       string `toml:"text"`
	Setting    string `toml:"setting,omitempty"`
	SettingURL string `toml:"setting_url,omitempty"`
	Guide      Ref    `toml:"guide,omitempty"`
	URL        string `toml:"url,omitempty"`
}

// kindSays is what each kind means to the reader who hit it.
var kindSays = map[string]string{
	model.CheckInternal: "An internal assert: an invariant nvFuser relies on did not hold. This is a bug in nvFuser, whatever the input: report it (below), and look for a way around it meanwhile.",
	model.CheckThrow:    "A throw: nvFuser reached a case its code does not handle. It prints the same bug-report request as an internal assert: report it, with the input that reached it.",
	model.CheckUser:     "A user-facing check: the input (the fusion, its shapes, types or options) is outside what nvFuser supports, or wrong. Change the input; it is a bug only if the input is valid.",
	model.CheckWarning:  "A warning: advice. nvFuser goes on; the result may be slower or different from what you asked.",
}

var tryWhy = map[string]string{
	model.TryFunction: "read in the function this check is in",
	model.TryFile:     "read elsewhere in the same file",
	model.TryArea:     "a dump option read in this area",
}

func phrasesMarkdown(ps []model.Phrase) string {
	var b strings.Builder
	for _, p := range ps {
		if p.Code {
			b.WriteString(mdCode(p.Text))
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

func phrasesHTML(ps []model.Phrase) string {
	var b strings.Builder
	for _, p := range ps {
		if p.Code {
			b.WriteString("<code>" + html.EscapeString(p.Text) + "</code>")
		} else {
			b.WriteString(html.EscapeString(p.Text))
		}
	}
	return b.String()
}

// mdCode is a Markdown code span holding s whatever backticks it has.
func mdCode(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

func (e *emitter) meaning(c *model.Check, ref string) checkMeaning {
	m := checkMeaning{Kind: kindSays[c.Kind]}
	if len(c.ConditionWords) > 0 {
		m.Words, m.WordsHTML = phrasesMarkdown(c.ConditionWords), phrasesHTML(c.ConditionWords)
	}
	comment := func(sc model.SourceComment) srcComment {
		if sc.Text == "" {
			return srcComment{}
		}
		f := model.FileRef{Path: c.Where.File, Start: sc.Line, End: sc.EndLine}
		text := c.Where.File + ":" + strconv.Itoa(sc.Line)
		if sc.EndLine > sc.Line {
			text += "–" + strconv.Itoa(sc.EndLine)
		}
		return srcComment{Text: sc.Text, Where: Link{Text: text, URL: urls.SourceRange(e.site.RepoURL, ref, f)}}
	}
	m.Comment, m.Doc = comment(c.Comment), comment(c.FuncDoc)
	return m
}

func (e *emitter) tries(c *model.Check, ref string) []tryLine {
	var out []tryLine
	for _, t := range c.Try {
		l := tryLine{Setting: t.Setting, Why: tryWhy[t.Scope],
			Where: Link{Text: t.Where.String(), URL: urls.Source(e.site.RepoURL, ref, t.Where)}}
		switch {
		case t.Option != nil:
			l.URL = urls.Option(t.Option.Family, t.Option.Name)
		case t.Variable != nil:
			l.URL = urls.Var(t.Variable.Name)
		}
		for _, n := range t.Notes {
			l.Notes = append(l.Notes, noteRef(n))
		}
		out = append(out, l)
	}
	return out
}

func (e *emitter) steps(kind string) []stepLine {
	var out []stepLine
	for _, s := range e.h.StepsFor(kind) {
		l := stepLine{Text: s.Text, Setting: s.Setting, URL: s.URL}
		if s.Option != nil {
			l.SettingURL = urls.Option(s.Option.Family, s.Option.Name)
		} else if v := e.h.Variable(s.Setting); s.Setting != "" && v != nil {
			l.SettingURL = urls.Var(v.Name)
		}
		if s.Guide != nil {
			l.Guide = noteRef(s.Guide)
		}
		out = append(out, l)
	}
	return out
}
