package notes

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestLocalRefs(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []model.LocalRef
	}{
		{"image and link", "# T\n\n![Fig 1](tma/box.svg)\n\nSee [the doc](../reading/x.md#sec).\n",
			[]model.LocalRef{{Dest: "tma/box.svg", Line: 3, Image: true}, {Dest: "../reading/x.md#sec", Line: 5}}},
		{"line of a link later in a paragraph", "text\nmore text and [a](./a.md)\n",
			[]model.LocalRef{{Dest: "./a.md", Line: 2}}},
		{"destinations as the render hook sees them", `[x](a\_b.md) [y](<c d.md>)` + "\n",
			[]model.LocalRef{{Dest: `a\_b.md`, Line: 1}, {Dest: "c d.md", Line: 1}}},
		{"reference-style link", "[x][r]\n\n[r]: ../../csrc/a.h\n",
			[]model.LocalRef{{Dest: "../../csrc/a.h", Line: 1}}},
		{"image inside a link", "[![alt](img/a.png)](img/a.png)\n",
			[]model.LocalRef{{Dest: "img/a.png", Line: 1}, {Dest: "img/a.png", Line: 1, Image: true}}},
		{"HTML img, inline and block", "a <img src=\"i/a.png\" alt=x> b\n\n<p>\n<img alt=\"y\"\n src='i/b.png'>\n</p>\n",
			[]model.LocalRef{{Dest: "i/a.png", Line: 1, Image: true, HTML: true}, {Dest: "i/b.png", Line: 4, Image: true, HTML: true}}},
		{"HTML entity in src", `<img src="a&amp;b.png">` + "\n",
			[]model.LocalRef{{Dest: "a&b.png", Line: 1, Image: true, HTML: true}}},
		{"not local", "[a](https://x.test/a.png) [b](/env/nvfuser_dump/) [c](#top) [d](mailto:a@b) [e](javascript:x) ![f](//h/x.png) <img src=\"data:x\">\n", nil},
		{"code is not a link", "`[a](b.md)`\n\n```\n![x](y.svg)\n<img src=\"z.png\">\n```\n\n    [i](j.md)\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Parse("note.md", []byte(tc.body), fakeOptions())
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(n.Local, tc.want) {
				t.Errorf("Local\n got %+v\nwant %+v", n.Local, tc.want)
			}
		})
	}
}

// Lines count from the note's file, front matter included.
func TestLocalRefsAfterFrontMatter(t *testing.T) {
	n, err := Parse("note.md", []byte("+++\ntitle = \"x\"\n+++\n\n![a](a.svg)\n"), fakeOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Local) != 1 || n.Local[0].Line != 5 {
		t.Errorf("Local = %+v, want a.svg at line 5", n.Local)
	}
}

func TestIsLocalDest(t *testing.T) {
	for dest, want := range map[string]bool{
		"a.md": true, "./a.md": true, "../x/y.svg": true, "a:b/c": false, "dir/a:b": true, "C:/x": false,
		"": false, " ": false, "#x": false, "/guides/x/": false, "//host/x": false, `\\host\x`: false, "?q": false,
		"HTTPS://x": false, "vbscript:x": false, "jav&#x09;ascript:alert(2)": false, `javascript\:x`: false, "javascript&colon;x": false,
	} {
		if got := IsLocalDest(dest); got != want {
			t.Errorf("IsLocalDest(%q) = %v, want %v", dest, got, want)
		}
	}
}

// FuzzLocalRefs: on any body, every destination recorded is local, lies
// on a line of the file, and (for Markdown) appears in the file as written
// or with its escapes; HTML ones come from a body that has an <img.
func FuzzLocalRefs(f *testing.F) {
	for _, s := range []string{
		"![a](b.svg)", "[a](../b.md#c)", "<img src=x.png>", "<IMG SRC='y.gif'/>", "<p>\n<img\nsrc=\"z.png\">\n</p>",
		"[a][b]\n\n[b]: c.md", "[![a](b.png)](c.md)", "<img src=\"a&#x2e;png\">", "`<img src=q.png>`",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse("fuzz.md", data, fakeOptions())
		if err != nil {
			return
		}
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, r := range n.Local {
			if !IsLocalDest(r.Dest) {
				t.Errorf("%q recorded, not local", r.Dest)
			}
			if r.Line < 1 || r.Line > lines {
				t.Errorf("%q at line %d of %d", r.Dest, r.Line, lines)
			}
			if r.HTML && !strings.Contains(strings.ToLower(string(data)), "<img") {
				t.Errorf("HTML image %q from a body with no <img", r.Dest)
			}
		}
	})
}
