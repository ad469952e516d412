package localref

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// svgNS is the SVG namespace: the root of a published SVG is an svg
// element in it, as browsers need to draw it.
const svgNS = "http://www.w3.org/2000/svg"

// maxSVGDepth bounds how deep an SVG's elements nest. Figures nest a few
// groups deep; a file nested thousands deep is not a drawing.
const maxSVGDepth = 256

// svgActive returns why an SVG file cannot be published, or "" for a
// plain drawing. Shown as an <img>, an SVG never runs anything; but a
// reader who opens the image on its own (a new tab) loads it as a
// document of the handbook's own origin, where a script would run, and
// where it may load a stylesheet or another document. So an SVG is
// published only when it is well-formed XML whose root element is an
// svg element and that holds nothing active and refers to nothing
// outside itself:
//
//   - no processing instruction but the XML declaration
//     (<?xml-stylesheet href="x.xsl" type="text/xsl"?> runs an XSLT that
//     may write script), no entity or other declaration (a DOCTYPE names
//     the SVG DTD and nothing else: no internal subset);
//   - no script, foreignObject, HTML element or plug-in, no event
//     attribute, no animation of a link or an event attribute;
//   - every href (xlink:href) a "#fragment" of the file itself or an
//     embedded PNG, JPEG or GIF (data:image/...); no url(...) but
//     url(#fragment) in any attribute or stylesheet, no @import and no
//     CSS escape (which could spell either).
//
// Figures drawn with Inkscape, draw.io or matplotlib pass (nvFuser's own
// all do: TestSVGActiveOnNvFuserFigures). The file is read token by
// token with encoding/xml (its size is capped by MaxImageBytes, its depth
// by maxSVGDepth).
func svgActive(data []byte) string {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	depth, roots := 0, 0
	first := true
	inStyle := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			if roots == 0 {
				return "an SVG without an svg element"
			}
			return ""
		}
		if err != nil {
			return "an SVG that is not well-formed XML"
		}
		switch t := tok.(type) {
		case xml.ProcInst:
			if !first || t.Target != "xml" {
				return fmt.Sprintf("an SVG with a processing instruction (<?%s?>), which could load a stylesheet or script", t.Target)
			}
		case xml.Directive:
			if why := svgDirective(t); why != "" {
				return why
			}
		case xml.StartElement:
			if depth == 0 {
				roots++
				if roots > 1 {
					return "an SVG with more than one root element"
				}
				if t.Name.Local != "svg" || t.Name.Space != svgNS {
					return "named .svg but its root element is not an SVG <svg> element"
				}
			}
			if depth++; depth > maxSVGDepth {
				return fmt.Sprintf("an SVG nested more than %d elements deep", maxSVGDepth)
			}
			if why := svgElement(t); why != "" {
				return why
			}
			inStyle = strings.EqualFold(t.Name.Local, "style")
		case xml.EndElement:
			depth--
			inStyle = false
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(t)) > 0 {
				return "an SVG with text outside its svg element"
			}
			if inStyle {
				if why := svgCSS(string(t)); why != "" {
					return why
				}
			}
		}
		first = false
	}
}

// svgDirective says why a <!...> declaration is refused, or "": only a
// DOCTYPE naming svg with no internal subset (where entities are
// declared) passes. Browsers never fetch the external DTD it names.
func svgDirective(t xml.Directive) string {
	s := string(t)
	if !strings.HasPrefix(s, "DOCTYPE") {
		return "an SVG with an XML declaration (<!" + strings.SplitN(s, " ", 2)[0] + ">)"
	}
	if strings.ContainsAny(s, "[<%") {
		return "an SVG that declares XML entities"
	}
	if f := strings.Fields(s); len(f) < 2 || f[1] != "svg" {
		return "an SVG whose DOCTYPE is not svg's"
	}
	return ""
}

// svgActiveElements are the elements that run code, embed a document or
// a plug-in, or attach script to events, lower-cased.
var svgActiveElements = map[string]bool{
	"script": true, "foreignobject": true, "iframe": true, "embed": true, "object": true,
	"handler": true, "listener": true, "frame": true, "frameset": true, "applet": true,
	"base": true, "meta": true, "link": true,
}

// Namespaces whose elements a browser would make live inside an SVG.
var activeNamespaces = map[string]bool{
	"http://www.w3.org/1999/xhtml":         true,
	"http://www.w3.org/1999/XSL/Transform": true,
	"http://www.w3.org/2001/xml-events":    true,
	"http://www.w3.org/2001/XInclude":      true,
}

// svgElement says why an element is refused, or "".
func svgElement(t xml.StartElement) string {
	name := strings.ToLower(t.Name.Local)
	if svgActiveElements[name] {
		return "an SVG with a <" + t.Name.Local + "> element, which could run in a reader's browser"
	}
	if activeNamespaces[t.Name.Space] {
		return "an SVG with an element of " + t.Name.Space + " (<" + t.Name.Local + ">)"
	}
	for _, a := range t.Attr {
		if activeNamespaces[a.Name.Space] {
			return "an SVG with an attribute of " + a.Name.Space + " (" + a.Name.Local + ")"
		}
		if why := svgAttr(a); why != "" {
			return why
		}
	}
	return ""
}

// svgAttr says why an attribute of an SVG element is refused, or "".
func svgAttr(a xml.Attr) string {
	name := strings.ToLower(a.Name.Local)
	if strings.HasPrefix(name, "on") {
		return "an SVG with an event attribute (" + a.Name.Local + "), which could run in a reader's browser"
	}
	// Browsers ignore spaces and control characters inside a scheme.
	v := squeeze(a.Value)
	for _, bad := range []string{"javascript:", "vbscript:", "data:text/html", "data:application/", "data:image/svg+xml"} {
		if strings.Contains(v, bad) {
			return "an SVG with a script URL, which could run in a reader's browser"
		}
	}
	switch {
	case name == "href" || name == "src":
		if !localRef(v) {
			return fmt.Sprintf("an SVG that refers outside itself (%s=%q): only #fragments and embedded PNG, JPEG or GIF images are published", a.Name.Local, short(a.Value))
		}
	case name == "attributename" && (strings.HasPrefix(v, "on") || strings.HasSuffix(v, "href") || v == "style"):
		return "an SVG that animates an event attribute, a link or a style (" + a.Value + ")"
	case a.Name.Space == "" || a.Name.Space == svgNS:
		// Presentation attributes (fill, filter, clip-path, style, ...)
		// are CSS: the same rule as a stylesheet's.
		return svgCSS(a.Value)
	}
	return ""
}

// localRef says whether a squeezed, lower-cased href stays in the file:
// a fragment, or an embedded raster image.
func localRef(v string) bool {
	if strings.HasPrefix(v, "#") {
		return true
	}
	for _, p := range []string{"data:image/png;", "data:image/jpeg;", "data:image/jpg;", "data:image/gif;"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}

// cssURL finds each url( of CSS text (squeezed, lower-cased) and what
// follows it.
var cssURL = regexp.MustCompile(`url\(["']?(.?)`)

// svgCSS says why CSS text (a stylesheet, a style or presentation
// attribute) is refused, or "": no @import, no url() but url(#...), no
// escape (a backslash can spell "url" or "@import" in a way a reader of
// the text misses), no expression() or behavior.
func svgCSS(css string) string {
	if !strings.ContainsAny(css, `\@(`) {
		return ""
	}
	v := squeeze(css)
	switch {
	case strings.Contains(v, `\`):
		return "an SVG with an escape in its CSS"
	case strings.Contains(v, "@import"):
		return "an SVG whose CSS imports a stylesheet (@import)"
	case strings.Contains(v, "expression(") || strings.Contains(v, "behavior:") || strings.Contains(v, "-moz-binding"):
		return "an SVG with CSS that runs code"
	}
	for _, m := range cssURL.FindAllStringSubmatch(v, -1) {
		if m[1] != "#" {
			return "an SVG whose CSS refers outside itself (url(...) other than url(#fragment))"
		}
	}
	return ""
}

// squeeze lower-cases s and drops the spaces and control characters
// browsers skip inside a URL's scheme.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if r <= ' ' {
			return -1
		}
		return r
	}, strings.ToLower(s))
}

// short cuts an attribute value for a warning.
func short(s string) string {
	if len(s) > 60 {
		return strings.ToValidUTF8(s[:60], "") + "…"
	}
	return s
}
