package activescan

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const own = `<script src="/js/copy.0d078810a22fd5cad964dcd558ec5100d53f8256fc93ec6ae829096a9a25aab0.js" defer></script>`

// Every shape of active content is found, in the file type it can hide in.
func TestFindsActiveContent(t *testing.T) {
	const ns = `xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`
	tests := []struct{ name, file, data, want string }{
		{"inline script", "a.html", `<p>x</p><script>alert(1)</script>`, "not the handbook's"},
		{"foreign script file", "a.html", `<script src="https://evil.example/x.js"></script>`, "not the handbook's"},
		{"own script with code", "a.html", `<script src="/js/copy.0d078810a22fd5cad964dcd558ec5100d53f8256fc93ec6ae829096a9a25aab0.js">alert(1)</script>`, "not the handbook's"},
		{"script in inline svg", "a.html", `<svg><script>alert(1)</script></svg>`, "not the handbook's"},
		{"event handler", "a.html", `<img src=x onerror=alert(1)>`, "event handler"},
		{"event handler broken out of an id", "a.html", `<span id="1"><img src=x onerror=alert(1)>">`, "event handler"},
		{"javascript link", "a.html", `<a href=" JaVa&#9;ScRiPt:alert(1)">x</a>`, "active URL"},
		{"data link", "a.html", `<a href="data:text/html,<script>alert(1)</script>">x</a>`, "active URL"},
		{"svg xlink", "a.html", `<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`, "active URL"},
		{"srcset candidate", "a.html", `<img src="a.png" srcset="a.png 1x, javascript:alert(1) 2x">`, "srcset"},
		{"form action", "a.html", `<form action="javascript:alert(1)"></form>`, "active URL"},
		{"iframe", "a.html", `<iframe src="/x/"></iframe>`, "<iframe>"},
		{"meta refresh", "a.html", `<meta http-equiv="refresh" content="0; url=javascript:alert(1)">`, "redirect"},
		{"style expression", "a.html", `<p style="width: expression(alert(1))">x</p>`, "CSS that runs code"},
		{"svg script", "f.svg", `<svg ` + ns + `><script>alert(1)</script></svg>`, "<script>"},
		{"svg xml-stylesheet", "f.svg", `<?xml version="1.0"?><?xml-stylesheet href="x.xsl" type="text/xsl"?><svg ` + ns + `/>`, "processing instruction"},
		{"svg entity", "f.svg", `<!DOCTYPE svg [<!ENTITY x "y">]><svg ` + ns + `/>`, "entity"},
		{"svg event", "f.svg", `<svg ` + ns + ` onload="alert(1)"/>`, "event handler"},
		{"svg javascript href", "f.svg", `<svg ` + ns + `><a href="javascript:alert(1)"><text>x</text></a></svg>`, "active URL"},
		{"svg data svg image", "f.svg", `<svg ` + ns + `><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>`, "active URL"},
		{"svg animated event", "f.svg", `<svg ` + ns + `><set attributeName="onclick" to="alert(1)"/></svg>`, "animation"},
		{"svg html element", "f.svg", `<svg ` + ns + `><h:div xmlns:h="http://www.w3.org/1999/xhtml"/></svg>`, "xhtml"},
		{"svg not xml", "f.svg", `<svg ` + ns + `><rect></svg>`, "not well-formed"},
		{"twin raw html", "x/index.md", "# T\n\n<img src=x onerror=alert(1)>\n", "event handler"},
		{"twin javascript link", "x/index.md", "[click](javascript:alert(1))\n", "active URL"},
		{"twin raw html after front matter", "x/index.md", "---\nid: x\n---\n\n<img src=x onerror=alert(1)>\n", "event handler"},
		{"llms-full raw script", "llms-full.txt", "text\n\n<script>alert(1)</script>\n", "not the handbook's"},
		{"feed description", "index.xml", `<rss><channel><item><description>&lt;img src=x onerror=alert(1)&gt;</description></item></channel></rss>`, "event handler"},
		{"feed link", "index.xml", `<rss><channel><item><link>javascript:alert(1)</link></item></channel></rss>`, "active URL"},
		{"feed stylesheet", "index.xml", `<?xml version="1.0"?><?xml-stylesheet href="x.xsl" type="text/xsl"?><rss/>`, "processing instruction"},
		{"json url", "api/x.json", `{"runbooks":[{"url":"javascript:alert(1)"}]}`, "active URL"},
		{"json html", "api/x.json", `{"code_html":"<img src=x onerror=alert(1)>"}`, "event handler"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			found := File(tc.file, []byte(tc.data))
			if !strings.Contains(strings.ToLower(strings.Join(found, "\n")), strings.ToLower(tc.want)) {
				t.Errorf("File(%s) = %q, want a finding saying %q", tc.file, found, tc.want)
			}
		})
	}
}

// What the handbook publishes on purpose is not a finding.
func TestAcceptsTheHandbooksOwn(t *testing.T) {
	const ns = `xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`
	tests := []struct{ name, file, data string }{
		{"page", "a.html", `<!doctype html><html><head>` + own + `<meta http-equiv="refresh" content="0; url=/runbooks/x/"></head><body><a href="https://example.com/">x</a><a href="mailto:a@b">m</a><a href="#x">f</a><img src="a.png" srcset="a.png 1x, b.png 2x"><p style="width: 40%">x</p><h2 id="cat-dump&#34;&gt;&lt;img src=x onerror=alert(1)&gt;">d</h2></body></html>`},
		{"text that speaks of script", "a.html", `<p>&lt;script&gt;alert(1)&lt;/script&gt; onerror=alert(1) javascript:x</p><pre><code>&lt;img onerror=x&gt;</code></pre>`},
		{"figure", "f.svg", `<?xml version="1.0" encoding="utf-8"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg ` + ns + `><style>*{fill:url(#g)}</style><use xlink:href="#a"/><image href="data:image/png;base64,AAAA"/><text>&lt;script&gt;</text></svg>`},
		{"twin front matter", "x/index.md", "---\ndescription: a <span onclick=x>b</span>\n---\n\n# T\n"},
		{"twin with code", "x/index.md", "# T\n\n```html\n<script>alert(1)</script>\n```\n\nUse `<img onerror>` and [a](https://x/).\n"},
		{"feed", "index.xml", `<?xml version="1.0" encoding="utf-8" standalone="yes"?><rss version="2.0"><channel><item><link>https://h.example/r/x/</link><description>javascript:alert(1) is text here; a &amp;lt;b&amp;gt; c</description></item></channel></rss>`},
		{"json", "api/x.json", `{"url":"/runbooks/x/","message":"<img src=x onerror=alert(1)> is text here","code_html":"<span class=\"k\">int</span>"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if found := File(tc.file, []byte(tc.data)); len(found) > 0 {
				t.Errorf("File(%s) = %q, want nothing", tc.file, found)
			}
		})
	}
}

func TestDir(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"index.html":                  "<html><head>" + own + "</head><body>x</body></html>",
		"a/index.md":                  "[x](javascript:alert(1))\n",
		"a/fig.svg":                   `<svg xmlns="http://www.w3.org/2000/svg" onload="x"/>`,
		"pagefind/x.pf_index":         "<script>",
		"js/copy.js":                  "document.write('<script>')",
		"pagefind/ui/ui.html":         "<script>alert(1)</script>", // Pagefind's own, not read
		"pagefind-emitted/ui/ui.html": "<script>alert(1)</script>", // the check pages' index: the same
		"img/photo.png":               "<script>",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	found, files, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if files != 3 {
		t.Errorf("read %d files, want 3 (html, md, svg)", files)
	}
	var got []string
	for _, f := range found {
		got = append(got, f.File)
	}
	if strings.Join(got, " ") != "a/fig.svg a/index.md" {
		t.Errorf("findings in %q, want a/fig.svg a/index.md: %v", got, found)
	}
}
