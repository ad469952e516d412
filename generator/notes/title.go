package notes

import (
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxSymptomRunes caps the symptom, which is shown in lists and cards.
const MaxSymptomRunes = 600

var idJunkRE = regexp.MustCompile(`[^a-z0-9-]+`)

// IDFromSource derives a note's id from its path: the base name without
// extension, lowercased, with every run of characters outside [a-z0-9-]
// replaced by "-" ("SERDE_SEGFAULT_INVESTIGATION.md" ->
// "serde-segfault-investigation").
func IDFromSource(source string) string {
	base := filepath.Base(strings.ReplaceAll(source, `\`, "/"))
	if ext := filepath.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	return sanitizeID(base)
}

// DocID derives the id of a doc read from the checkout from its path
// there, so that docs in different folders never share one and a doc's
// URL stays what its path says: the path without its extension, the
// leading doc/ folder dropped, folders joined by "-"; a README or index
// is named for its folder ("doc/dev/tma.md" -> "dev-tma",
// "doc/math/logic.md" -> "math-logic", "doc/reading/README.md" ->
// "reading", "doc/README.md" -> "doc").
func DocID(rel string) string {
	rel = path.Clean(strings.ReplaceAll(rel, `\`, "/"))
	dir, file := path.Split(rel)
	stem := strings.TrimSuffix(file, path.Ext(file))
	if s := strings.ToLower(stem); s == "readme" || s == "index" || s == "_index" {
		switch dir {
		case "":
			return sanitizeID(stem)
		case "doc/":
			return "doc"
		}
		return sanitizeID(strings.TrimPrefix(dir, "doc/"))
	}
	return sanitizeID(strings.TrimPrefix(dir, "doc/") + stem)
}

// sanitizeID applies the id spelling rule to any string. The result is
// never empty.
func sanitizeID(s string) string {
	id := idJunkRE.ReplaceAllString(strings.ToLower(s), "-")
	id = strings.Trim(id, "-")
	for strings.Contains(id, "--") {
		id = strings.ReplaceAll(id, "--", "-")
	}
	if id == "" {
		return "note"
	}
	return id
}

// humanize turns an id into a fallback title: "pre-seg-crash" ->
// "Pre seg crash".
func humanize(id string) string {
	t := strings.ReplaceAll(id, "-", " ")
	r, size := utf8.DecodeRuneInString(t)
	return string(unicode.ToUpper(r)) + t[size:]
}

// title is the first H1, else the first heading; for a note without
// headings, the title of the web page it was copied from (pageTitle), else
// a label opening it ("Table of Contents:"); else "".
func (d *doc) title() string {
	if t := d.headingTitle(); t != "" {
		return t
	}
	if t := d.pageTitle(); t != "" {
		return t
	}
	return d.leadLabel()
}

// prTitleRE is how GitHub heads an issue or pull request page copied as
// text: its title followed by its number ("Fix the cache #4296").
var prTitleRE = regexp.MustCompile(`^(\S.{2,200}?)\s*#\d+$`)

// pageTitle is the title of a GitHub issue or pull request page copied as
// text: the first "Title #1234" line, when the copy starts with the page's
// chrome ("Skip to content") within its first lines. The chrome itself
// ("Conversation", "Closed") is never the title.
func (d *doc) pageTitle() string {
	seen, chrome := 0, false
	for _, u := range d.units {
		if u.kind != unitProse {
			continue
		}
		if seen++; seen > 12 {
			break
		}
		t := strings.TrimSpace(u.text)
		if isChromePhrase(strings.ToLower(t)) {
			chrome = true
			continue
		}
		if m := prTitleRE.FindStringSubmatch(t); chrome && m != nil {
			return strings.TrimSpace(m[1])
		}
	}
	return ""
}

// leadLabelRE is a short label ending in a colon.
var leadLabelRE = regexp.MustCompile(`^([A-Z][^.!?:]{2,60}):$`)

// leadLabel is the note's first paragraph when it is a label such as
// "Table of Contents:" (a page that is a list under one caption).
func (d *doc) leadLabel() string {
	if len(d.paras) == 0 {
		return ""
	}
	if m := leadLabelRE.FindStringSubmatch(strings.TrimSpace(d.paras[0].text)); m != nil {
		return m[1]
	}
	return ""
}

// headingTitle is the first H1, else the first heading, else "".
func (d *doc) headingTitle() string {
	for _, h := range d.headings {
		if h.level == 1 && h.text != "" {
			return h.text
		}
	}
	for _, h := range d.headings {
		if h.text != "" {
			return h.text
		}
	}
	return ""
}

// Symptom sections, in order of preference: a section that states the
// failure beats one that only describes circumstances.
var (
	symptomHeadingRE  = regexp.MustCompile(`(?i)\b(?:summary|problem|symptoms?|tl;?dr|what happened|the failure|failure)\b`)
	symptomHeading2RE = regexp.MustCompile(`(?i)\b(?:observations?|overview|description|issue|bug|background)\b`)
)

// symptom is the first paragraph of the Summary/Problem/Symptom section,
// else of an Observation/Overview section, else the first paragraph with
// at least six words (so a page's "Skip to content" or a one-word label is
// passed over; one without math first, since a summary in a list is plain
// text and cannot typeset it), else the first paragraph. It is the
// paragraph's text as its page shows it (para.summary): raw HTML, a
// comment above all, is not part of it.
func (d *doc) symptom() string {
	for _, re := range []*regexp.Regexp{symptomHeadingRE, symptomHeading2RE} {
		for i, h := range d.headings {
			if !re.MatchString(h.text) {
				continue
			}
			if p := d.firstParaUnder(i); p != "" {
				return truncate(p, MaxSymptomRunes)
			}
		}
	}
	for _, mathOK := range []bool{false, true} {
		for _, p := range d.paras {
			if len(strings.Fields(p.summary)) >= 6 && !p.alert && (mathOK || !p.math) {
				return truncate(p.summary, MaxSymptomRunes)
			}
		}
	}
	if len(d.paras) > 0 {
		return truncate(d.paras[0].summary, MaxSymptomRunes)
	}
	return ""
}

// A GitHub alert ("> [!NOTE] ...", para.alert) is a remark about the
// page (how to read it, a caveat), not what the page is about, so never
// its summary while the page has another paragraph.

// firstParaUnder returns the first paragraph inside heading i's section,
// subsections included, that is not an alert.
func (d *doc) firstParaUnder(i int) string {
	h := d.headings[i]
	end := -1 // line of the next heading of the same or a higher level
	for _, n := range d.headings[i+1:] {
		if n.level <= h.level {
			end = n.line
			break
		}
	}
	for _, p := range d.paras {
		if p.line > h.line && (end < 0 || p.line < end) && p.summary != "" && !p.alert {
			return p.summary
		}
	}
	return ""
}
