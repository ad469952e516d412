// Package activescan looks through a published site, file by file, for
// anything that could run script in a reader's browser (or in whatever
// shows a file the site publishes: a feed reader, a Markdown viewer, an
// agent's renderer). It is a test helper, written apart from the
// generator's own defences (the sanitizer, the URL policy, the SVG check,
// the code fence options) so that it catches what they miss: it reads
// what was published, not what went in.
//
// By file type:
//
//   - .html: parsed as a browser does (golang.org/x/net/html); inline
//     SVG and MathML included;
//   - .svg: read as XML token by token, as a browser opening the image on
//     its own does;
//   - .md, .txt (twins, llms.txt, llms-full.txt): rendered as Markdown
//     with raw HTML on (what a Markdown viewer would show), then read as
//     HTML;
//   - .xml (feeds, sitemaps): XML, with each element's text read as HTML
//     too (feed readers render an item's description as HTML);
//   - .json: every URL-valued field, and every field whose name says it
//     holds HTML.
//
// The handbook's own scripts (/js/NAME.HASH.js, no inline code) are the
// only scripts allowed. Pagefind's index (pagefind/), the site's own
// JavaScript and CSS, fonts and raster images are not read.
package activescan

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	ghtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"

	"github.com/nvfuser-handbook/handbook/generator/search"
)

// Finding is one thing that could run script, in one published file.
type Finding struct {
	File string // slash path relative to the site
	What string
}

func (f Finding) String() string { return f.File + ": " + f.What }

// Dir scans every published file under dir, in a stable order, and
// returns what it found and how many files it read.
func Dir(dir string) (found []Finding, files int, err error) {
	var names []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if search.IsIndexDir(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		names = append(names, rel)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	sort.Strings(names)
	for _, rel := range names {
		if Kind(rel) == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return nil, files, err
		}
		files++
		for _, what := range File(rel, data) {
			found = append(found, Finding{File: rel, What: what})
		}
	}
	return found, files, nil
}

// Kind is how a published file is read: "html", "svg", "markdown",
// "xml", "json", or "" for a file that is not read.
func Kind(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".html", ".htm":
		return "html"
	case ".svg":
		return "svg"
	case ".md", ".txt":
		return "markdown"
	case ".xml", ".rss", ".atom":
		return "xml"
	case ".json":
		return "json"
	}
	return ""
}

// File returns what in one published file could run script.
func File(name string, data []byte) []string {
	switch Kind(name) {
	case "html":
		return HTML(data)
	case "svg":
		return SVG(data)
	case "markdown":
		return Markdown(data)
	case "xml":
		return XML(data)
	case "json":
		return JSON(data)
	}
	return nil
}

// ownScript is the src of one of the handbook's own scripts, under the
// site's root (which may have a path of its own).
var ownScript = regexp.MustCompile(`^(/[A-Za-z0-9._~-]+)*/js/[a-z0-9-]+\.[0-9a-f]{64}\.js$`)

// HTML returns what in an HTML document (or fragment) could run script.
func HTML(data []byte) []string {
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		return []string{"not parseable as HTML: " + err.Error()}
	}
	var found []string
	add := func(f string, a ...any) { found = append(found, fmt.Sprintf(f, a...)) }
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			name := strings.ToLower(n.Data)
			switch name {
			case "script":
				src, _ := attr(n, "src")
				if !ownScript.MatchString(src) || n.FirstChild != nil {
					add("a script that is not the handbook's: %.120s", render(n))
				}
			case "iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal", "foreignobject", "handler", "listener":
				add("a <%s> element, which the handbook never writes", n.Data)
			case "meta":
				if v, ok := attr(n, "http-equiv"); ok && strings.EqualFold(v, "refresh") {
					content, _ := attr(n, "content")
					if i := strings.Index(strings.ToLower(content), "url="); i >= 0 && activeURL(content[i+4:]) {
						add("a redirect to an active URL: %q", content)
					}
				}
			case "style":
				if why := activeCSS(text(n)); why != "" {
					add("a stylesheet with %s", why)
				}
			}
			for _, a := range n.Attr {
				if why := activeAttr(a.Key, a.Val); why != "" {
					add("<%s %s=%q>: %s", n.Data, a.Key, short(a.Val), why)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return found
}

// urlAttrs are the attributes whose value is a URL a browser may follow,
// load or run.
var urlAttrs = map[string]bool{
	"href": true, "src": true, "action": true, "formaction": true, "xlink:href": true,
	"poster": true, "data": true, "background": true, "lowsrc": true, "ping": true,
	"codebase": true, "cite": true, "longdesc": true, "manifest": true, "icon": true,
	"dynsrc": true, "usemap": true, "archive": true, "classid": true,
}

// activeAttr says why an attribute could run script, or "".
func activeAttr(key, val string) string {
	k := strings.ToLower(key)
	if i := strings.LastIndexByte(k, ':'); i >= 0 && k != "xlink:href" {
		k = k[i+1:]
	}
	switch {
	case strings.HasPrefix(k, "on"):
		return "an event handler"
	case urlAttrs[k]:
		if activeURL(val) {
			return "an active URL"
		}
	case k == "srcset" || k == "imagesrcset":
		for _, cand := range strings.Split(val, ",") {
			if f := strings.Fields(cand); len(f) > 0 && activeURL(f[0]) {
				return "an active URL in a srcset"
			}
		}
	case k == "style":
		if why := activeCSS(val); why != "" {
			return why
		}
	case k == "attributename":
		v := strings.ToLower(strings.TrimSpace(val))
		if strings.HasPrefix(v, "on") || strings.HasSuffix(v, "href") {
			return "an animation of an event handler or a link"
		}
	}
	return ""
}

// activeURL says whether a URL runs code or loads a document of its own
// when followed: javascript:, vbscript: or data: (but an embedded raster
// image), after the spaces and control characters browsers skip.
func activeURL(u string) bool {
	v := strings.Map(func(r rune) rune {
		if r <= ' ' {
			return -1
		}
		return r
	}, strings.ToLower(html.UnescapeString(u)))
	switch {
	case strings.HasPrefix(v, "javascript:"), strings.HasPrefix(v, "vbscript:"), strings.HasPrefix(v, "livescript:"):
		return true
	case strings.HasPrefix(v, "data:"):
		for _, ok := range []string{"data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp"} {
			if strings.HasPrefix(v, ok) {
				return false
			}
		}
		return true
	}
	return false
}

// activeCSS says why CSS could run script or load a document, or "".
func activeCSS(css string) string {
	v := strings.ToLower(strings.Map(func(r rune) rune {
		if r <= ' ' {
			return -1
		}
		return r
	}, css))
	switch {
	case strings.Contains(v, "expression("), strings.Contains(v, "behavior:"), strings.Contains(v, "-moz-binding"):
		return "CSS that runs code"
	case strings.Contains(v, "javascript:"), strings.Contains(v, "vbscript:"):
		return "a script URL in CSS"
	}
	return ""
}

// SVG returns what in an SVG file, opened on its own, could run script.
func SVG(data []byte) []string {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	var found []string
	add := func(f string, a ...any) { found = append(found, fmt.Sprintf(f, a...)) }
	inStyle := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return found
		}
		if err != nil {
			// A browser shows an error page, but where it stops reading
			// is its own: what cannot be read is not published.
			return append(found, "not well-formed XML: "+err.Error())
		}
		switch t := tok.(type) {
		case xml.ProcInst:
			if t.Target != "xml" {
				add("a processing instruction <?%s?>", t.Target)
			}
		case xml.Directive:
			if bytes.Contains(bytes.ToUpper(t), []byte("ENTITY")) || bytes.ContainsRune(t, '[') {
				add("an entity declaration")
			}
		case xml.StartElement:
			switch strings.ToLower(t.Name.Local) {
			case "script", "foreignobject", "iframe", "embed", "object", "handler", "listener", "base":
				add("a <%s> element", t.Name.Local)
			}
			if t.Name.Space == "http://www.w3.org/1999/xhtml" || t.Name.Space == "http://www.w3.org/1999/XSL/Transform" {
				add("an element of %s", t.Name.Space)
			}
			for _, a := range t.Attr {
				key := a.Name.Local
				if strings.EqualFold(key, "href") {
					key = "xlink:href"
				}
				if why := activeAttr(key, a.Value); why != "" {
					add("<%s %s=%q>: %s", t.Name.Local, a.Name.Local, short(a.Value), why)
				}
			}
			inStyle = strings.EqualFold(t.Name.Local, "style")
		case xml.EndElement:
			inStyle = false
		case xml.CharData:
			if inStyle {
				if why := activeCSS(string(t)); why != "" {
					add("a stylesheet with %s", why)
				}
			}
		}
	}
}

// markdown renders as a Markdown viewer would: GitHub's dialect, raw HTML
// kept.
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithRendererOptions(ghtml.WithUnsafe()),
)

// Markdown returns what in a Markdown file (a twin, llms-full.txt) could
// run script once a viewer renders it. A leading front matter block
// ("---" to "---") is data, which viewers show as such, not Markdown.
func Markdown(data []byte) []string {
	data = skipFrontMatter(data)
	var b bytes.Buffer
	if err := markdown.Convert(data, &b); err != nil {
		return []string{"not renderable as Markdown: " + err.Error()}
	}
	return HTML(b.Bytes())
}

func skipFrontMatter(data []byte) []byte {
	if !bytes.HasPrefix(data, []byte("---\n")) {
		return data
	}
	if i := bytes.Index(data[4:], []byte("\n---\n")); i >= 0 {
		return data[4+i+5:]
	}
	return data
}

// XML returns what in a feed or sitemap could run script: what SVG would
// find in it as a document, and what each element's text holds read as
// HTML (a feed reader renders an item's description).
func XML(data []byte) []string {
	found := SVG(data)
	d := xml.NewDecoder(bytes.NewReader(data))
	elem := ""
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			elem = strings.ToLower(t.Name.Local)
		case xml.CharData:
			if bytes.ContainsRune(t, '<') {
				for _, f := range HTML(t) {
					found = append(found, "in an element's text: "+f)
				}
			}
			// A feed's or sitemap's links are the text of these.
			if (elem == "link" || elem == "guid" || elem == "loc" || elem == "url" || elem == "id") && activeURL(string(t)) {
				found = append(found, fmt.Sprintf("an active URL as the text of <%s>: %q", elem, short(string(t))))
			}
		}
	}
	return found
}

// JSON returns what in a JSON file could run script in a page that uses
// it: a URL-valued field ("url", "href", "*_url") with an active URL, a
// field whose name says HTML ("html", "*_html") that holds anything HTML
// would find.
func JSON(data []byte) []string {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return []string{"not valid JSON: " + err.Error()}
	}
	var found []string
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch v := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(k, v[k])
			}
		case []any:
			for _, x := range v {
				walk(key, x)
			}
		case string:
			k := strings.ToLower(key)
			switch {
			case k == "url" || k == "href" || k == "src" || strings.HasSuffix(k, "_url"):
				if activeURL(v) {
					found = append(found, fmt.Sprintf("%s: an active URL %q", key, short(v)))
				}
			case k == "html" || strings.HasSuffix(k, "_html"):
				for _, f := range HTML([]byte(v)) {
					found = append(found, key+": "+f)
				}
			}
		}
	}
	walk("", v)
	return found
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if strings.EqualFold(a.Key, key) {
			return a.Val, true
		}
	}
	return "", false
}

func text(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

func render(n *html.Node) string {
	var b bytes.Buffer
	_ = html.Render(&b, n)
	return b.String()
}

func short(s string) string {
	if len(s) > 80 {
		return strings.ToValidUTF8(s[:80], "") + "…"
	}
	return s
}
