package localref

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
)

// svgActive returns what in an SVG file could run in a reader's browser,
// or "" for a plain drawing. Shown as an <img>, an SVG never runs
// anything; but a reader who opens the image on its own (a new tab) loads
// it as a document of the handbook's own origin, where a script would
// run. So an SVG is published only when it is well-formed XML with no
// script, no embedded HTML, no event attributes, no script URL and no
// entity declarations (which could spell any of these in a way a reader
// of the bytes would miss). Figures drawn with Inkscape, draw.io or
// matplotlib pass.
func svgActive(data []byte) string {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return ""
		}
		if err != nil {
			return "an SVG that is not well-formed XML"
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch strings.ToLower(t.Name.Local) {
			case "script", "foreignobject", "iframe", "embed", "object", "handler", "listener":
				return "an SVG with a <" + t.Name.Local + "> element, which could run in a reader's browser"
			}
			for _, a := range t.Attr {
				if why := activeAttr(a); why != "" {
					return why
				}
			}
		case xml.Directive:
			if bytes.Contains(bytes.ToUpper(t), []byte("ENTITY")) {
				return "an SVG that declares XML entities"
			}
		}
	}
}

// activeAttr says why an attribute of an SVG element could run code.
func activeAttr(a xml.Attr) string {
	name := strings.ToLower(a.Name.Local)
	if strings.HasPrefix(name, "on") {
		return "an SVG with an event attribute (" + a.Name.Local + "), which could run in a reader's browser"
	}
	// Browsers ignore spaces and control characters inside a scheme.
	v := strings.Map(func(r rune) rune {
		if r <= ' ' {
			return -1
		}
		return r
	}, strings.ToLower(a.Value))
	if name == "attributename" && strings.HasPrefix(v, "on") {
		return "an SVG that animates an event attribute"
	}
	for _, bad := range []string{"javascript:", "vbscript:", "data:text/html", "data:application/", "data:image/svg+xml"} {
		if strings.Contains(v, bad) {
			return "an SVG with a script URL, which could run in a reader's browser"
		}
	}
	return ""
}
