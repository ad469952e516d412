package localref

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

func TestSVGActive(t *testing.T) {
	const ns = `xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`
	tests := []struct {
		name, svg, why string
	}{
		{"plain drawing", `<?xml version="1.0" encoding="UTF-8"?><!-- c --><svg ` + ns + ` xmlns:inkscape="x" inkscape:version="1"><rect x="1" style="fill:#fff"/><text>a &amp; b &#160;</text><image href="data:image/png;base64,AAAA"/></svg>`, ""},
		{"doctype without entities", `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg ` + ns + `/>`, ""},
		{"link to a page", `<svg ` + ns + `><a href="https://example.com/"><text>x</text></a></svg>`, ""},
		{"script", `<svg ` + ns + `><script>alert(1)</script></svg>`, "<script>"},
		{"upper-case script", `<svg ` + ns + `><SCRIPT>alert(1)</SCRIPT></svg>`, "<SCRIPT>"},
		{"namespaced script", `<svg ` + ns + `><svg:script xmlns:svg="http://www.w3.org/2000/svg">x</svg:script></svg>`, "<script>"},
		{"foreignObject", `<svg ` + ns + `><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`, "<foreignObject>"},
		{"event attribute", `<svg ` + ns + ` onload="alert(1)"/>`, "event attribute (onload)"},
		{"event attribute in a child", `<svg ` + ns + `><rect OnClick="x"/></svg>`, "event attribute (OnClick)"},
		{"javascript link", `<svg ` + ns + `><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`, "script URL"},
		{"entity-spelled javascript link", `<svg ` + ns + `><a href="&#106;avascript:alert(1)">x</a></svg>`, "script URL"},
		{"javascript with a tab", `<svg ` + ns + `><a href="java&#9;script:alert(1)">x</a></svg>`, "script URL"},
		{"animated href", `<svg ` + ns + `><a><animate attributeName="href" values="javascript:alert(1)"/>x</a></svg>`, "script URL"},
		{"animated event attribute", `<svg ` + ns + `><set attributeName="onmouseover" to="alert(1)"/></svg>`, "animates an event attribute"},
		{"nested svg document", `<svg ` + ns + `><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>`, "script URL"},
		{"entity declaration", `<!DOCTYPE svg [<!ENTITY x "javascript:alert(1)">]><svg ` + ns + `><a href="&x;">x</a></svg>`, "declares XML entities"},
		{"undefined entity", `<svg ` + ns + `><text>&nbsp;</text></svg>`, "not well-formed"},
		{"not XML", `<svg ` + ns + `><rect></svg>`, "not well-formed"},
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

// FuzzSVGActive: any bytes get a verdict, never a panic, and a refusal
// always says what kind of SVG it refused.
func FuzzSVGActive(f *testing.F) {
	for _, s := range []string{`<svg/>`, `<svg onload="x"/>`, `<!DOCTYPE svg [<!ENTITY a "b">]><svg/>`, `<svg><script>x</script></svg>`, `<svg><a href="java&#9;script:x"/></svg>`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if why := svgActive(data); why != "" && !strings.HasPrefix(why, "an SVG ") {
			t.Errorf("verdict %q", why)
		}
	})
}
