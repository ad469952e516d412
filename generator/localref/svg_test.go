package localref

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/activescan"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

func TestSVGActive(t *testing.T) {
	const ns = `xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`
	tests := []struct {
		name, svg, why string
	}{
		{"plain drawing", `<?xml version="1.0" encoding="UTF-8"?><!-- c --><svg ` + ns + ` xmlns:inkscape="x" inkscape:version="1" inkscape:export-filename="C:\\x.png"><defs><linearGradient id="g"/><style type="text/css">*{stroke-linejoin: round} .a{fill:url(#g)}</style></defs><rect x="1" style="fill:#fff" clip-path="url(#p1)" transform="translate(1,2)"/><text>a &amp; b &#160; \ url(http://x) @import</text><image href="data:image/png;base64,AAAA"/><use xlink:href="#g"/></svg>`, ""},
		{"doctype without entities", `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg ` + ns + `/>`, ""},
		{"comments and spaces around the root", "\n<!-- a -->\n<svg " + ns + "/>\n<!-- b -->\n", ""},
		{"link to a page", `<svg ` + ns + `><a href="https://example.com/"><text>x</text></a></svg>`, "refers outside itself"},
		{"xml-stylesheet", `<?xml version="1.0"?><?xml-stylesheet href="x.xsl" type="text/xsl"?><svg ` + ns + `/>`, "processing instruction (<?xml-stylesheet?>)"},
		{"xml-stylesheet first", `<?xml-stylesheet href="x.css"?><svg ` + ns + `/>`, "processing instruction"},
		{"processing instruction inside", `<svg ` + ns + `><?php echo 1 ?></svg>`, "processing instruction (<?php?>)"},
		{"a second xml declaration", `<!-- x --><?xml version="1.0"?><svg ` + ns + `/>`, "processing instruction"},
		{"root is not svg", `<html xmlns="http://www.w3.org/1999/xhtml"><svg ` + ns + `/><script>alert(1)</script></html>`, "root element is not"},
		{"svg in the first bytes, not the root", `<!-- <svg> --><x:stylesheet xmlns:x="http://www.w3.org/1999/XSL/Transform"/>`, "root element is not"},
		{"svg without its namespace", `<svg><rect/></svg>`, "root element is not"},
		{"no element", `<!-- <svg> -->`, "without an svg element"},
		{"two roots", `<svg ` + ns + `/><svg ` + ns + `/>`, "more than one root"},
		{"text outside", `<svg ` + ns + `/>x`, "text outside"},
		{"script", `<svg ` + ns + `><script>alert(1)</script></svg>`, "<script>"},
		{"upper-case script", `<svg ` + ns + `><SCRIPT>alert(1)</SCRIPT></svg>`, "<SCRIPT>"},
		{"namespaced script", `<svg ` + ns + `><svg:script xmlns:svg="http://www.w3.org/2000/svg">x</svg:script></svg>`, "<script>"},
		{"foreignObject", `<svg ` + ns + `><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`, "<foreignObject>"},
		{"an HTML element", `<svg ` + ns + `><h:img xmlns:h="http://www.w3.org/1999/xhtml" src="x"/></svg>`, "element of http://www.w3.org/1999/xhtml"},
		{"XSLT inside", `<svg ` + ns + `><x:template xmlns:x="http://www.w3.org/1999/XSL/Transform"/></svg>`, "XSL/Transform"},
		{"xml-events attribute", `<svg ` + ns + ` xmlns:ev="http://www.w3.org/2001/xml-events"><rect ev:event="click"/></svg>`, "xml-events"},
		{"event attribute", `<svg ` + ns + ` onload="alert(1)"/>`, "event attribute (onload)"},
		{"event attribute in a child", `<svg ` + ns + `><rect OnClick="x"/></svg>`, "event attribute (OnClick)"},
		{"javascript link", `<svg ` + ns + `><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`, "script URL"},
		{"entity-spelled javascript link", `<svg ` + ns + `><a href="&#106;avascript:alert(1)">x</a></svg>`, "script URL"},
		{"javascript with a tab", `<svg ` + ns + `><a href="java&#9;script:alert(1)">x</a></svg>`, "script URL"},
		{"use of another file", `<svg ` + ns + `><use xlink:href="other.svg#a"/></svg>`, "refers outside itself"},
		{"use of a remote file", `<svg ` + ns + `><use href="https://evil.example/x.svg#a"/></svg>`, "refers outside itself"},
		{"image from elsewhere", `<svg ` + ns + `><image href="//evil.example/a.png"/></svg>`, "refers outside itself"},
		{"image from a relative file", `<svg ` + ns + `><image xlink:href="a.png"/></svg>`, "refers outside itself"},
		{"animated href", `<svg ` + ns + `><a><animate attributeName="href" values="https://x/"/>x</a></svg>`, "animates"},
		{"animated event attribute", `<svg ` + ns + `><set attributeName="onmouseover" to="alert(1)"/></svg>`, "animates an event attribute"},
		{"nested svg document", `<svg ` + ns + `><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>`, "script URL"},
		{"url() to a file in a style", `<svg ` + ns + `><rect style="fill: url(https://evil.example/p.svg#x)"/></svg>`, "url(...)"},
		{"url() in a presentation attribute", `<svg ` + ns + `><rect filter="url('f.svg#x')"/></svg>`, "url(...)"},
		{"url() in a stylesheet", `<svg ` + ns + `><style>rect { mask: url(m.svg#x) }</style></svg>`, "url(...)"},
		{"url() in a CDATA stylesheet", `<svg ` + ns + `><style><![CDATA[ @font-face { src: URL( "https://x/f.woff" ) } ]]></style></svg>`, "url(...)"},
		{"@import", `<svg ` + ns + `><style>@import "https://evil.example/x.css";</style></svg>`, "@import"},
		{"CSS escape", `<svg ` + ns + `><style>rect { fill: \75 rl(x.svg) }</style></svg>`, "escape"},
		{"entity declaration", `<!DOCTYPE svg [<!ENTITY x "javascript:alert(1)">]><svg ` + ns + `><a href="&x;">x</a></svg>`, "declares XML entities"},
		{"external entity", `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ` + ns + `><text>&x;</text></svg>`, "declares XML entities"},
		{"doctype of another kind", `<!DOCTYPE html><svg ` + ns + `/>`, "DOCTYPE is not svg"},
		{"undefined entity", `<svg ` + ns + `><text>&nbsp;</text></svg>`, "not well-formed"},
		{"not XML", `<svg ` + ns + `><rect></svg>`, "not well-formed"},
		{"too deep", `<svg ` + ns + `>` + strings.Repeat("<g>", 300) + strings.Repeat("</g>", 300) + `</svg>`, "nested more than 256"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := svgActive([]byte(tc.svg))
			if tc.why == "" && got != "" || tc.why != "" && !strings.Contains(got, tc.why) {
				t.Errorf("svgActive = %q, want %q", got, tc.why)
			}
		})
	}
}

// nvFuser's own figures are plain drawings: every one is published.
func TestSVGActiveOnNvFuserFigures(t *testing.T) {
	doc := filepath.Join(testsite.Fuser(t), "doc")
	n := 0
	err := filepath.WalkDir(doc, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".svg" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		if why := svgActive(data); why != "" {
			t.Errorf("%s: %s", p, why)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Skip("no SVG figures under " + doc)
	}
}

// FuzzSVGActive: any bytes get a verdict, never a panic; a refusal says
// what kind of SVG it refused; and what svgActive accepts, the published
// site's independent scan (internal/activescan, a parser of its own) finds
// nothing active in. The seeds are each kind of refusal.
func FuzzSVGActive(f *testing.F) {
	const ns = `xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`
	for _, s := range []string{
		`<svg ` + ns + `/>`,
		`<?xml version="1.0"?><svg ` + ns + `><style>*{fill:url(#g)}</style><use xlink:href="#a"/><image href="data:image/png;base64,AA"/></svg>`,
		`<svg ` + ns + ` onload="x"/>`,
		`<!DOCTYPE svg [<!ENTITY a "b">]><svg ` + ns + `/>`,
		`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "svg11.dtd"><svg ` + ns + `/>`,
		`<?xml-stylesheet href="x.xsl" type="text/xsl"?><svg ` + ns + `/>`,
		`<svg ` + ns + `><script>x</script></svg>`,
		`<svg ` + ns + `><a href="java&#9;script:x"/></svg>`,
		`<svg ` + ns + `><set attributeName="onclick" to="x"/></svg>`,
		`<svg ` + ns + `><h:b xmlns:h="http://www.w3.org/1999/xhtml"/></svg>`,
		`<svg ` + ns + `><rect style="fill:url(x.svg#a)"/></svg>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		why := svgActive(data)
		if why != "" {
			if !strings.HasPrefix(why, "an SVG ") && !strings.HasPrefix(why, "named .svg") {
				t.Errorf("verdict %q", why)
			}
			return
		}
		if found := activescan.SVG(data); len(found) > 0 {
			t.Errorf("svgActive accepted an SVG the scan finds active: %q\n%q", found, data)
		}
	})
}
