package emit

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
)

// twinOfFile is the twin of a content file given as text.
func twinOfFile(e *emitter, rel, data string) (twinDoc, bool, error) {
	params, body, err := frontOf([]byte(data))
	if err != nil {
		return twinDoc{}, false, err
	}
	return e.twin(rel, params, body)
}

func TestTwinPath(t *testing.T) {
	for _, c := range []struct{ rel, want string }{
		{"runbooks/segv.md", "/runbooks/segv/"},
		{"guides/dev-tma.md", "/guides/dev-tma/"},
		{"notes/chat.md", "/notes/chat/"},
		{"env/nvfuser_dump.md", "/env/nvfuser_dump/"},
		{"options/dump/fusion_ir.md", "/options/dump/fusion_ir/"},
		{"options/dump/_index.md", "/options/dump/"}, // a family lists its options
		{"errors/abc-123.md", "/errors/abc-123/"},
		{"drift.md", "/drift/"},
		// Hugo's own twin: list pages and pages outside the cascade.
		{"options/_index.md", ""},
		{"runbooks/_index.md", ""},
		{"errors/_index.md", ""},
		{"errors/area/csrc/_index.md", ""},
		{"errors/removed/_index.md", ""},
		{"categories/memory/_index.md", ""},
		{"changes.md", ""},
	} {
		if got := twinPath(c.rel); got != c.want {
			t.Errorf("twinPath(%q) = %q, want %q", c.rel, got, c.want)
		}
	}
}

// TestTwinned: a page gets a twin from emit where twinPath names it,
// unless it lists its own output formats without markdown (a removed
// check); the flag is the first line of its front matter.
func TestTwinned(t *testing.T) {
	var removed removedFront
	removed.Outputs = []string{"html"}
	for _, c := range []struct {
		rel   string
		front any
		want  bool
	}{
		{"errors/x.md", checkFront{}, true},
		{"errors/x.md", removed, false},
		{"runbooks/x.md", noteFront{}, true},
		{"runbooks/_index.md", sectionFront{}, false},
	} {
		if got := twinned(c.rel, c.front); got != c.want {
			t.Errorf("twinned(%s, %T) = %v, want %v", c.rel, c.front, got, c.want)
		}
	}
	data, _, err := page{front: checkFront{Title: "A check"}, twin: true}.renderAt()
	if err != nil || !strings.HasPrefix(string(data), "+++\ntwin = true\ntitle = ") {
		t.Errorf("a twinned page's front matter: %q, %v", data, err)
	}
}

// TestTwinBody: the rules of a twin's text, each of which a reader of the
// twin relies on.
func TestTwinBody(t *testing.T) {
	e := &emitter{site: Site{BaseURL: "https://h.example/sub/"}}
	data := "+++\ntitle = \"Crash <in> x\"\n[params]\n  kind = \"runbook\"\n  not_in_checkout = [\"https://github.com/o/r/blob/abc/gone.cpp\"]\n" +
		"  [[params.used_by]]\n    title = \"Other <note>\"\n    url = \"/runbooks/other/\"\n+++\n\n" +
		"See [gone.cpp](https://github.com/o/r/blob/abc/gone.cpp) and [the option](/options/dump/x/).\n"
	tw, ok, err := twinOfFile(e, "runbooks/crash.md", data)
	if err != nil || !ok {
		t.Fatalf("twin: %v %v", ok, err)
	}
	for _, want := range []string{
		"# Crash &lt;in> x\n\n",                               // a title gets a heading, "<" opens no tag
		"See gone.cpp (not in the checkout)",                  // a file not in the checkout is text
		"[the option](https://h.example/sub/options/dump/x/)", // site paths are absolute, sub-path kept
		"## Notes that use it\n\n- [Other &lt;note>](https://h.example/sub/runbooks/other/)\n",
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
