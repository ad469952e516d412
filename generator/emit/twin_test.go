package emit

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
)

// TestTwinned: a page gets a twin from emit when the emitter named its
// path and its front matter type says what the twin holds; the flag is
// the first line of its front matter. A removed check has none.
func TestTwinned(t *testing.T) {
	e := &emitter{site: Site{BaseURL: "https://h.example/"}}
	var removed removedFront
	removed.Outputs = []string{"html"}
	for _, c := range []struct {
		name string
		p    page
		want bool
		err  bool
	}{
		{"check", page{front: checkFront{Title: "x"}, twinAt: "/errors/x/"}, true, false},
		{"note", page{front: noteFront{Title: "x"}, twinAt: "/runbooks/x/"}, true, false},
		{"no path", page{front: noteFront{Title: "x"}}, false, false},
		{"removed check", page{front: removed}, false, false},
		{"a type without a twin given a path", page{front: removed, twinAt: "/errors/x/"}, false, true},
	} {
		tw, ok, err := e.twin("x.md", c.p)
		if ok != c.want || (err != nil) != c.err {
			t.Errorf("%s: twin ok=%v err=%v, want ok=%v err=%v", c.name, ok, err, c.want, c.err)
		}
		if ok && tw.path != c.p.twinAt {
			t.Errorf("%s: twin at %q, want %q", c.name, tw.path, c.p.twinAt)
		}
	}
	data, _, err := page{front: checkFront{Title: "A check"}, twinAt: "/errors/a/"}.renderAt()
	if err != nil || !strings.HasPrefix(string(data), "+++\ntwin = true\ntitle = ") {
		t.Errorf("a twinned page's front matter: %q, %v", data, err)
	}
}

// TestTwinBody: the rules of a twin's text, each of which a reader of the
// twin relies on.
func TestTwinBody(t *testing.T) {
	e := &emitter{site: Site{BaseURL: "https://h.example/sub/"}}
	f := noteFront{Title: "Crash <in> x"}
	f.Params.Kind = "runbook"
	f.Params.NotInCheckout = []string{"https://github.com/o/r/blob/abc/gone.cpp"}
	body := "See [gone.cpp](https://github.com/o/r/blob/abc/gone.cpp) and [the option](/options/dump/x/).\n"
	tw, ok, err := e.twin("runbooks/crash.md", page{front: f, body: body, twinAt: "/runbooks/crash/"})
	if err != nil || !ok {
		t.Fatalf("twin: %v %v", ok, err)
	}
	for _, want := range []string{
		"# Crash &lt;in> x\n\n",                               // a title gets a heading, "<" opens no tag
		"See gone.cpp (not in the checkout)",                  // a file not in the checkout is text
		"[the option](https://h.example/sub/options/dump/x/)", // site paths are absolute, sub-path kept
	} {
		if !strings.Contains(tw.body, want) {
			t.Errorf("twin body lacks %q:\n%s", want, tw.body)
		}
	}
	if !strings.Contains(tw.facts, "url: https://h.example/sub/runbooks/crash/\n") || !strings.Contains(tw.facts, "kind: runbook\n") {
		t.Errorf("twin facts:\n%s", tw.facts)
	}
	if got := string(tw.bytes()); !strings.HasPrefix(got, "---\n") || !strings.Contains(got, "---\n\n# Crash") {
		t.Errorf("twin file:\n%s", got)
	}
	// A reference page lists the notes that use it, and what to paste.
	var v varFront
	v.Title, v.Params.Kind, v.Params.Example = "NVFUSER_X", "variable", "NVFUSER_X=1"
	v.Params.UsedBy = []Ref{{Title: "Other <note>", URL: "/runbooks/other/"}}
	tw, _, err = e.twin("env/nvfuser_x.md", page{front: v, body: "It does x.", twinAt: "/env/nvfuser_x/"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Set it: `NVFUSER_X=1`\n", "## Notes that use it\n\n- [Other &lt;note>](https://h.example/sub/runbooks/other/)\n"} {
		if !strings.Contains(tw.body, want) {
			t.Errorf("variable twin body lacks %q:\n%s", want, tw.body)
		}
	}
	if !strings.Contains(tw.facts, "documented: false\n") || !strings.Contains(tw.facts, "used_by:\n  - https://h.example/sub/runbooks/other/\n") {
		t.Errorf("variable twin facts:\n%s", tw.facts)
	}
}

// TestTwinFacts: a key is in a twin's facts when the page says something
// under it, as the front matter's omitempty leaves it out; a key the
// front matter always holds is always there.
func TestTwinFacts(t *testing.T) {
	e := &emitter{site: Site{BaseURL: "https://h.example/"}}
	c := checkFront{Title: "t"}
	c.Params.Kind, c.Params.ID = "check", "a-1"
	c.Params.Tests = []checkTest{{Text: "boom", Where: Link{Text: "t.py:3"}}}
	c.Params.FnChanges = []fnChange{{Commit: Link{Text: "abc"}, When: "0.1"}}
	o := optionFront{Title: "x"}
	o.Params.Kind, o.Params.Env, o.Params.Family, o.Params.Name = "option", "NVFUSER_DUMP", "dump", "x"
	o.Params.DefinedAt = Link{Text: "csrc/options.cpp:9", URL: "https://x"}
	for _, tc := range []struct {
		name     string
		p        page
		has, not []string
	}{
		{"check", page{front: c, twinAt: "/errors/a-1/"},
			[]string{"id: a-1\n", "where: \"\"\n", "message: \"\"\n", "means:\n  kind: \"\"\n", "  - at: t.py:3\n    expects: boom\n    test: null\n", "  - commit: null\n    when: \"0.1\"\n"},
			[]string{"condition:", "source:", "shares_text_with:", "explained_by:"}},
		{"option", page{front: o, twinAt: "/options/dump/x/"},
			[]string{"defined_at: csrc/options.cpp:9\n", "documented: false\n", "env: NVFUSER_DUMP\n"},
			[]string{"declared_at:", "example:", "used_by:", "read_at:"}},
	} {
		tw, _, err := e.twin("x.md", tc.p)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.has {
			if !strings.Contains(tw.facts, w) {
				t.Errorf("%s: facts lack %q:\n%s", tc.name, w, tw.facts)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(tw.facts, w) {
				t.Errorf("%s: facts hold %q:\n%s", tc.name, w, tw.facts)
			}
		}
	}
}

// TestByTitle: llms-full.txt lists pages as Hugo's ByTitle does, by the
// language's collation (case and accents second), not by bytes.
func TestByTitle(t *testing.T) {
	var ts []twinDoc
	for i, title := range []string{"b", "B", "a", "Ä", "Z"} {
		ts = append(ts, twinDoc{title: title, key: titleKey(title), path: fmt.Sprintf("/%d/", i)})
	}
	byTitle(ts)
	var got []string
	for _, d := range ts {
		got = append(got, d.title)
	}
	if strings.Join(got, " ") != "a Ä b B Z" {
		t.Errorf("byTitle: %v", got)
	}
}

// TestMemoReusesTwins: gen serve builds a twin again only when its page
// rendered differently or the base URL changed.
func TestMemoReusesTwins(t *testing.T) {
	m := NewMemo()
	builds := 0
	build := func() (twinDoc, bool, error) { builds++; return twinDoc{body: "x"}, true, nil }
	for _, c := range []struct {
		base, title string
		want        int
	}{
		{"https://a.example/", "A", 1},
		{"https://a.example/", "A", 1},  // same page: reused
		{"https://a.example/", "A2", 2}, // edited
		{"https://b.example/", "A2", 3}, // another base URL
	} {
		var f sectionFront
		f.Title = c.title
		if _, _, err := m.render("runbooks/a.md", page{front: f}); err != nil {
			t.Fatal(err)
		}
		if _, ok, err := m.twin("runbooks/a.md", c.base, build); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if builds != c.want {
			t.Errorf("after %q under %s: %d builds, want %d", c.title, c.base, builds, c.want)
		}
	}
}

// TestMemoReusesSearchDocs: likewise a note's search document, made again
// only when its page rendered differently or the locale changed.
func TestMemoReusesSearchDocs(t *testing.T) {
	m := NewMemo()
	builds := 0
	build := func() (searchDoc, error) { builds++; return searchDoc{file: "f", doc: []byte("d")}, nil }
	for _, c := range []struct {
		locale, title string
		want          int
	}{
		{"en", "A", 1},
		{"en", "A", 1},  // same page: reused
		{"en", "A2", 2}, // edited
		{"fr", "A2", 3}, // another locale
	} {
		var f sectionFront
		f.Title = c.title
		if _, _, err := m.render("runbooks/a.md", page{front: f}); err != nil {
			t.Fatal(err)
		}
		if d, err := m.search("runbooks/a.md", c.locale, build); err != nil || d.file != "f" {
			t.Fatal(d, err)
		}
		if builds != c.want {
			t.Errorf("after %q under %s: %d builds, want %d", c.title, c.locale, builds, c.want)
		}
	}
}

func TestUnlink(t *testing.T) {
	const u = "https://x/gone.cpp"
	for _, c := range []struct{ in, want string }{
		{"see [gone.cpp](" + u + ").", "see gone.cpp (gone)."},
		{"[a](" + u + ") and [b](" + u + ")", "a (gone) and b (gone)"},
		{"[a](https://x/kept.cpp)", "[a](https://x/kept.cpp)"},
		{"no label](" + u + ")", "no label](" + u + ")"},
		{"[a] then](" + u + ")", "[a] then](" + u + ")"},
		{"[](" + u + ")", " (gone)"},
	} {
		if got := unlink(c.in, u, " (gone)"); got != c.want {
			t.Errorf("unlink(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestTwinUnsafe: a destination the page shows as inert text leads
// nowhere in the twin, however Markdown wrote it.
func TestTwinUnsafe(t *testing.T) {
	unsafe := []string{"javascript:alert(1)", "data:text/html,x", "jav&#x09;ascript:alert(2)"}
	in := "[a](javascript:alert(1)) [b](<javascript:alert(1)> \"t\") ![c](data:text/html,x)\n" +
		"[d][r] <javascript:alert(1)> [e](jav&#x09;ascript:alert(2))\n\n[r]: javascript:alert(1)\n[s]:<data:text/html,x>\n"
	got := twinUnsafe(in, unsafe)
	page := renderHTML(t, got)
	for _, bad := range []string{"javascript:", "data:", "ascript:"} {
		if strings.Contains(strings.ToLower(hrefsAndSrcs(page)), bad) {
			t.Errorf("twinUnsafe left a %s link:\n%s\n%s", bad, got, page)
		}
	}
	if !strings.Contains(got, "[a](#not-linked)") || !strings.Contains(got, "[r]: #not-linked") || !strings.Contains(got, "`javascript:alert(1)`") {
		t.Errorf("twinUnsafe:\n%s", got)
	}
}

// renderHTML renders md as a Markdown reader that knows no math does.
func renderHTML(t *testing.T, md string) string {
	t.Helper()
	var b strings.Builder
	if err := mdconf.NewWithoutMath().Convert([]byte(md), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// hrefsAndSrcs are the link and image URLs of a rendered page, one per line.
func hrefsAndSrcs(page string) string {
	var out []string
	for _, m := range regexp.MustCompile(`(?:href|src)="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return strings.Join(out, "\n")
}
