package emit

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// A page's Markdown twin (index.md beside its HTML, for coding agents) is
// written here, by Go, from what emit already holds: the page's front
// matter and its Markdown. Hugo rendered the twins through templates
// before, for text that is the note itself plus its facts as YAML
// (docs/benchmarks.md). The twins stay in memory (Pending.Twins): the
// render stage writes them over the rendered site, once, in a build and
// in gen serve alike.
//
// Which pages: those config.toml's cascade gives a search document
// (runbooks, guides, notes, reference pages, check pages, the drift
// report, the option families), unless the page lists its own outputs
// without "markdown" (a removed check). Other pages (the home page,
// section lists, tags) keep their twin from layouts/all.markdown.md: they
// are few and list pages Hugo sorts.

// twinDoc is one page's twin, in the two parts llms-full.txt also prints.
type twinDoc struct {
	path   string // the page's site path, "/runbooks/x/"
	title  string // for llms-full.txt's order
	link   string // its link title, for the family lists
	kind   string
	status string
	body   string
	facts  string // YAML
	// weight orders option families in llms-full.txt.
	weight int64
	key    []byte // title's collation key (titleKey)
	file   []byte // the twin file (bytes), kept with the twin in gen serve
}

// twinned reports whether emit writes the twin of the page front at rel
// (under the content folder): a page twinPath names, unless it lists its
// own output formats without markdown (a removed check).
func twinned(rel string, front any) bool {
	if twinPath(rel) == "" {
		return false
	}
	if o, ok := front.(interface{ outputFormats() []string }); ok {
		return slices.Contains(o.outputFormats(), "markdown")
	}
	return true
}

// twinPath is the site path of the page rel (under the content folder)
// when it gets a twin from Go, else "".
func twinPath(rel string) string {
	dir, file := path.Split(rel)
	name := strings.TrimSuffix(file, ".md")
	dir = strings.TrimSuffix(dir, "/")
	top, _, _ := strings.Cut(dir, "/")
	switch {
	case rel == "drift.md":
		return "/drift/"
	case name == "_index":
		// Only the option families: each lists its options.
		if top == "options" && strings.Count(dir, "/") == 1 {
			return "/" + dir + "/"
		}
		return ""
	case dir == "errors", top == "runbooks", top == "guides", top == "notes", top == "env", top == "options" && dir != "options":
		return strings.ToLower("/" + dir + "/" + name + "/")
	}
	return ""
}

// twin builds the twin of the page rel from its params (paramsOf) and its
// Markdown body. ok is false when the page has none.
func (e *emitter) twin(rel string, params map[string]any, raw string) (t twinDoc, ok bool, err error) {
	p := twinPath(rel)
	if p == "" {
		return twinDoc{}, false, nil
	}
	t = twinDoc{path: p, title: str(params["title"]), kind: str(params["kind"]), status: str(params["status"])}
	t.link = str(params["linktitle"])
	if t.link == "" {
		t.link = t.title
	}
	if w, ok := params["weight"].(int64); ok {
		t.weight = w
	}
	section := strings.HasSuffix(rel, "_index.md")
	if t.kind == "" {
		t.kind = "page"
		if section {
			t.kind = "section"
		}
	}
	t.body = e.twinBody(params, raw, t.title)
	facts, err := factsYAML(e.twinFacts(params, t))
	if err != nil {
		return twinDoc{}, false, fmt.Errorf("emit %s: twin facts: %w", rel, err)
	}
	t.facts = facts
	t.key = titleKey(t.title)
	if t.kind != "family" { // a family's list of options comes later
		t.file = t.bytes()
	}
	return t, true, nil
}

// bytes is the twin file: its facts as YAML front matter, then its text.
func (t twinDoc) bytes() []byte {
	return []byte("---\n" + t.facts + "---\n\n" + t.body)
}

// factsYAML encodes a twin's facts: keys sorted, two-space indent. The
// YAML package is go.yaml.in/yaml/v3, 3.6x faster on a note's facts than
// the encoder behind Hugo's transform.Remarshal (docs/benchmarks.md), so
// these twins quote and indent a little differently from the few Hugo
// still renders; both are plain YAML.
func factsYAML(f map[string]any) (string, error) {
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(f); err != nil {
		return "", err
	}
	if err := enc.Close(); err != nil {
		return "", err
	}
	return b.String(), nil
}

// unlink turns every Markdown link "[label](dest)" to dest into its label
// followed by note: what a pattern compiled per destination did, per
// note, without the compiling.
func unlink(md, dest, note string) string {
	tail := "](" + dest + ")"
	var b strings.Builder
	for {
		i := strings.Index(md, tail)
		if i < 0 {
			break
		}
		open := strings.LastIndexByte(md[:i], '[')
		if open < 0 || strings.IndexByte(md[open+1:i], ']') >= 0 {
			b.WriteString(md[:i+len(tail)]) // not a link's label: as it is
		} else {
			b.WriteString(md[:open] + md[open+1:i] + note)
		}
		md = md[i+len(tail):]
	}
	b.WriteString(md)
	return b.String()
}

var siteLinkRE = regexp.MustCompile(`\]\((/[^)\s]*)\)`)

// twinBody is the page's text as Markdown: its own (a note's as its author
// wrote it, from the markdown param), with links to files not in the
// checkout left as text and site paths made absolute, under a level-1
// heading, then what the HTML page lists beside it.
func (e *emitter) twinBody(p map[string]any, raw, title string) string {
	md := strings.TrimSpace(raw)
	if s := str(p["markdown"]); s != "" {
		md = strings.TrimSpace(s)
	} else {
		// Text from the checkout (a description, a check's message) has
		// no unsafe_urls of its own: its links are judged here, by the
		// same policy, as the page's render hook judges them.
		md = twinUnsafe(md, unsafeDests(md))
	}
	for _, u := range list(p["not_in_checkout"]) {
		md = unlink(md, str(u), " (not in the checkout)")
	}
	md = siteLinkRE.ReplaceAllString(md, "]("+strings.TrimSuffix(e.site.BaseURL, "/")+"$1)")
	var b strings.Builder
	if !strings.HasPrefix(md, "# ") {
		b.WriteString("# " + mdText(title) + "\n\n")
	}
	if md != "" {
		b.WriteString(md + "\n\n")
	}
	if ex := str(p["example"]); ex != "" {
		b.WriteString("Set it: `" + ex + "`\n\n")
	}
	if used := list(p["used_by"]); len(used) > 0 {
		b.WriteString("## Notes that use it\n\n")
		for _, u := range used {
			m, _ := u.(map[string]any)
			b.WriteString("- [" + mdText(str(m["title"])) + "](" + e.abs(str(m["url"])) + ")\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// familyList is what an option family's twin lists after its text, as
// Hugo's section twin does: its options by title, each linking to its
// own twin.
func (e *emitter) familyList(pages []twinDoc) string {
	if len(pages) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("## Pages\n\n")
	for _, t := range pages {
		b.WriteString("- [" + mdText(t.link) + "](" + e.abs(t.path) + "index.md)")
		if t.status != "" {
			b.WriteString(" (" + t.status + ")")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	return b.String()
}

// mdText is text made safe for Markdown prose (see mdTextReplacer).
func mdText(s string) string { return mdTextReplacer.Replace(s) }

// mdTextReplacer makes text inert in Markdown prose: a "<" opens no HTML
// tag, a bracket no link (a check's message may hold "[x](javascript:...)").
var mdTextReplacer = strings.NewReplacer("<", "&lt;", "[", `\[`, "]", `\]`)

// abs is a site path ("/runbooks/x/", or "runbooks/x/") as an absolute
// URL under the site's base URL, sub-path included.
func (e *emitter) abs(p string) string {
	if p == "" || strings.Contains(p, "://") || strings.HasPrefix(p, "//") {
		return p
	}
	return urls.Absolute(e.site.BaseURL, "/"+strings.TrimPrefix(p, "/"))
}

// twinFacts are the page's facts for its twin and llms-full.txt: what the
// page says about its subject, from the params emit computed.
func (e *emitter) twinFacts(p map[string]any, t twinDoc) map[string]any {
	f := map[string]any{"title": t.title, "url": e.abs(t.path), "kind": t.kind}
	if d := str(p["description"]); d != "" {
		f["description"] = d
	}
	for _, k := range []string{"id", "status", "source", "env", "family", "name", "enum", "type", "default", "category", "example", "tools", "tests", "symbols", "commits", "next_steps", "drift", "choices"} {
		if truthy(p[k]) {
			f[k] = p[k]
		}
	}
	if s := str(p["short_url"]); s != "" {
		f["short_url"] = e.abs(s)
	}
	if v, ok := p["documented"]; ok {
		f["documented"] = v
	}
	for _, k := range []string{"defined_at", "declared_at", "documented_at"} {
		if truthy(p[k]) {
			f[k] = field(p[k], "text")
		}
	}
	pluck := func(key, name string, conv func(any) any) {
		l := list(p[key])
		if len(l) == 0 {
			return
		}
		out := make([]any, len(l))
		for i, it := range l {
			out[i] = conv(field(it, name))
		}
		f[key] = out
	}
	same := func(v any) any { return v }
	absolute := func(v any) any { return e.abs(str(v)) }
	pluck("read_at", "text", same)
	pluck("variables", "name", same)
	pluck("files", "ref", same)
	pluck("missing_files", "ref", same)
	pluck("signatures", "text", same)
	pluck("used_by", "url", absolute)
	pluck("related", "url", absolute)
	if l := list(p["options"]); len(l) > 0 {
		out := make([]any, len(l))
		for i, it := range l {
			out[i] = map[string]any{"env": field(it, "env"), "name": field(it, "name"), "known": field(it, "known")}
		}
		f["options"] = out
	}
	if str(p["kind"]) == "check" {
		e.checkFacts(p, f)
	}
	return f
}

// checkFacts adds a check's facts: what nvFuser prints, where, and what
// tests and notes point at it.
func (e *emitter) checkFacts(p, f map[string]any) {
	for _, k := range []string{"short_id", "check_kind", "macro", "message", "printed", "area"} {
		f[k] = p[k]
	}
	f["where"] = field(p["where"], "text")
	for _, k := range []string{"condition", "values", "function", "within", "in_macro"} {
		if truthy(p[k]) {
			f[k] = p[k]
		}
	}
	if u := field(p["where"], "url"); truthy(u) {
		f["source"] = u
	}
	rows := func(key string, row func(any) any) {
		l := list(p[key])
		if len(l) == 0 {
			return
		}
		out := make([]any, len(l))
		for i, it := range l {
			out[i] = row(it)
		}
		f[key] = out
	}
	if m := p["meaning"]; truthy(m) {
		means := map[string]any{"kind": field(m, "kind")}
		if w := str(field(m, "words")); w != "" {
			means["condition"] = w
		}
		for _, k := range []string{"comment", "doc"} {
			if c := field(m, k); truthy(field(c, "text")) {
				means[k] = map[string]any{"text": field(c, "text"), "at": field(field(c, "where"), "text"), "source": field(field(c, "where"), "url")}
			}
		}
		f["means"] = means
	}
	rows("try", func(it any) any {
		return map[string]any{"set": field(it, "setting"), "why": field(it, "why"), "at": field(field(it, "where"), "text")}
	})
	rows("steps", func(it any) any {
		s := map[string]any{"step": field(it, "text")}
		if v := str(field(it, "setting")); v != "" {
			s["set"] = v
		}
		if g := field(it, "guide"); truthy(field(g, "url")) {
			s["guide"] = e.abs(str(field(g, "url")))
		}
		if u := str(field(it, "url")); u != "" {
			s["url"] = u
		}
		return s
	})
	rows("expected_by", func(it any) any {
		t := map[string]any{"test": field(it, "name"), "expects": field(it, "text"), "at": field(field(it, "where"), "text")}
		if ev := str(field(it, "evidence")); ev != "" {
			t["evidence"] = ev
		}
		return t
	})
	rows("shares_text_with", func(it any) any {
		return map[string]any{"test": field(it, "name"), "expects": field(it, "text"), "at": field(field(it, "where"), "text"), "checks_sharing_it": field(it, "shared")}
	})
	rows("explained_by", func(it any) any { return e.abs(str(field(it, "url"))) })
	rows("names_variables", func(it any) any { return field(it, "title") })
	rows("names_options", func(it any) any { return field(it, "title") })
	rows("function_changes", func(it any) any {
		return map[string]any{"commit": field(field(it, "commit"), "url"), "when": field(it, "when")}
	})
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func field(v any, k string) any {
	m, _ := v.(map[string]any)
	return m[k]
}

// truthy is Go templates' truth (what "with" tests): not the zero value,
// not empty.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case string:
		return x != ""
	case bool:
		return x
	case int64:
		return x != 0
	case float64:
		return x != 0
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}
