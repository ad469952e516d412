package emit

import (
	"fmt"
	"regexp"
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
// Which pages: those whose front matter type is a twinFront (notes,
// variables, options, option families, checks, the drift report; not a
// removed check), at the path the emitter named them by (page.twinAt,
// from generator/urls). Other pages (the home page, section lists, tags)
// keep their twin from layouts/all.markdown.md: they list pages emit
// never sees (hand-written content, Hugo's taxonomy pages), in Hugo's
// sort and YAML (docs/architecture.md, "Markdown twins").

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

// twin builds the twin of the page p, from its front matter's own fields
// (twinFront) and its Markdown body, at p.twinAt. ok is false when the
// page has none.
func (e *emitter) twin(rel string, p page) (t twinDoc, ok bool, err error) {
	if p.twinAt == "" {
		return twinDoc{}, false, nil
	}
	tf, is := p.front.(twinFront)
	if !is {
		return twinDoc{}, false, fmt.Errorf("emit %s: a twin at %s from %T, which has none", rel, p.twinAt, p.front)
	}
	s := tf.twinSpec(e)
	t = twinDoc{path: p.twinAt, title: s.title, link: s.link, kind: s.kind, status: s.status, weight: s.weight}
	if t.link == "" {
		t.link = t.title
	}
	t.body = e.twinBody(s, p.body)
	f := map[string]any{"title": t.title, "url": e.abs(t.path), "kind": t.kind}
	if s.description != "" {
		f["description"] = s.description
	}
	for k, v := range s.facts {
		f[k] = v
	}
	facts, err := factsYAML(f)
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
func (e *emitter) twinBody(s twinSpec, raw string) string {
	md := strings.TrimSpace(raw)
	if s.markdown != "" {
		md = strings.TrimSpace(s.markdown)
	} else {
		// Text from the checkout (a description, a check's message) has
		// no unsafe_urls of its own: its links are judged here, by the
		// same policy, as the page's render hook judges them.
		md = twinUnsafe(md, unsafeDests(md))
	}
	for _, u := range s.notInCheckout {
		md = unlink(md, u, " (not in the checkout)")
	}
	md = siteLinkRE.ReplaceAllString(md, "]("+strings.TrimSuffix(e.site.BaseURL, "/")+"$1)")
	var b strings.Builder
	if !strings.HasPrefix(md, "# ") {
		b.WriteString("# " + mdText(s.title) + "\n\n")
	}
	if md != "" {
		b.WriteString(md + "\n\n")
	}
	if s.example != "" {
		b.WriteString("Set it: `" + s.example + "`\n\n")
	}
	if len(s.usedBy) > 0 {
		b.WriteString("## Notes that use it\n\n")
		for _, u := range s.usedBy {
			b.WriteString("- [" + mdText(u.Title) + "](" + e.abs(u.URL) + ")\n")
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
