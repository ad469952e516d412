package check

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/fsutil"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

func site(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := fsutil.WriteFiles(dir, files); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestLinks(t *testing.T) {
	dir := site(t, map[string]string{
		"index.html": `<html><body>
<a href="/env/a/">ok</a>
<a href="/env/a/#usage">ok anchor</a>
<a href="env/a/">ok relative</a>
<a href="#top" id="top">self</a>
<a href="https://example.org/x">external</a>
<a href="https://handbook.test/env/a/">own host</a>
<a href="/env/missing/">broken</a>
<a href="/env/a/#nope">bad anchor</a>
<a href="mailto:x@y">mail</a>
<link rel="stylesheet" href="/css/site.css">
<script src="/js/gone.js"></script>
</body></html>`,
		"env/a/index.html": `<html><body><h2 id="usage">Usage</h2><a href="../../">home</a></body></html>`,
		"css/site.css":     `body{}`,
	})
	problems, err := Links(dir, "https://handbook.test/")
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, p := range problems {
		msgs = append(msgs, p.String())
	}
	want := []string{`index.html:8: broken link "/env/missing/"`, `index.html:9: broken anchor "/env/a/#nope"`, `index.html:12: broken link "/js/gone.js"`}
	if len(problems) != len(want) {
		t.Fatalf("problems:\n%s", strings.Join(msgs, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(msgs[i], w) {
			t.Errorf("problem %d = %q, want prefix %q", i, msgs[i], w)
		}
	}
}

func TestLinksUnderBasePath(t *testing.T) {
	dir := site(t, map[string]string{
		"index.html":       `<a href="/handbook/env/a/">ok</a><a href="/elsewhere/">outside</a>`,
		"env/a/index.html": `x`,
	})
	problems, err := Links(dir, "https://x.test/handbook/")
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 1 || !strings.Contains(problems[0].Msg, "outside the site's base path") {
		t.Errorf("problems = %v", problems)
	}
}

func TestLostURLs(t *testing.T) {
	// Pagefind's bundles (the main index and the check pages') are not
	// URLs anyone links to: their names change by design.
	old := site(t, map[string]string{"index.html": "", "runbooks/a/index.html": "", "runbooks/b/index.html": "", "api/env.json": "[]", "css/site.0123abcd.css": "",
		"pagefind/ui.html": "", "pagefind-emitted/ui.html": "", "pagefind-emitted/fragment/en_1.xml": ""})
	urls, err := PublishedURLs(old)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(urls, " ") != "/ /api/env.json /runbooks/a/ /runbooks/b/" {
		t.Fatalf("published = %v", urls)
	}
	// b was renamed to c; an alias page keeps a's URL alive, b is lost.
	newSite := site(t, map[string]string{"index.html": "", "runbooks/a/index.html": "", "runbooks/c/index.html": "", "api/env.json": "[]"})
	lost := LostURLs(urls, newSite, "public")
	if len(lost) != 1 || !strings.Contains(lost[0].Msg, "/runbooks/b/") {
		t.Errorf("lost = %v", lost)
	}
	manifest := filepath.Join(t.TempDir(), "urls.txt")
	if err := WriteManifest(manifest, urls); err != nil {
		t.Fatal(err)
	}
	back, err := ReadManifest(manifest)
	if err != nil || strings.Join(back, " ") != strings.Join(urls, " ") {
		t.Errorf("manifest round trip = %v, %v", back, err)
	}
}

// A problem in a note's body is reported at the note's file and line;
// one the page's template made stays at the page.
func TestInNotes(t *testing.T) {
	n := &model.Note{ID: "multigpu", Kind: model.KindNotes, Source: "../Fuser/doc/reading/multigpu.md", BodyLine: 3,
		Body: "# Multi-GPU\n\ntext\n\nAs in [this figure](#ep-figure), and [x](../dev/tma.md#gone).\n"}
	in := []Problem{
		{File: "notes/multigpu/index.html", Line: 885, Msg: "broken anchor", Ref: "#ep-figure"},
		{File: "notes/multigpu/index.html", Line: 886, Msg: "broken anchor", Ref: "/guides/tma/#gone"},
		{File: "notes/multigpu/index.html", Line: 20, Msg: "broken link", Ref: "/made/by/template/"},
		{File: "guides/other/index.html", Line: 4, Msg: "broken link", Ref: "#ep-figure"},
	}
	want := []string{
		"../Fuser/doc/reading/multigpu.md:7: broken anchor (on notes/multigpu/index.html)",
		"../Fuser/doc/reading/multigpu.md:7: broken anchor (on notes/multigpu/index.html)",
		"notes/multigpu/index.html:20: broken link",
		"guides/other/index.html:4: broken link",
	}
	got := InNotes(in, []*model.Note{n})
	for i, p := range got {
		if p.String() != want[i] {
			t.Errorf("problem %d:\n got %s\nwant %s", i, p, want[i])
		}
	}
}

func TestUnresolvedLocal(t *testing.T) {
	n := &model.Note{Source: "notes/a.md", Local: []model.LocalRef{
		{Dest: "fig.svg", Line: 4, Image: true, Target: model.LocalTarget{Kind: model.LocalAsset, Name: "fig.svg"}},
		{Dest: "../../x.png", Line: 9, Image: true, Target: model.LocalTarget{Why: "outside"}},
		{Dest: "gone.md", Line: 12, Target: model.LocalTarget{Why: "no such file"}},
	}}
	got := UnresolvedLocal([]*model.Note{n})
	want := []string{
		`notes/a.md:9: image "../../x.png" shown flagged, not linked: outside`,
		`notes/a.md:12: link "gone.md" shown flagged, not linked: no such file`,
	}
	if len(got) != len(want) {
		t.Fatalf("problems: %v", got)
	}
	for i, p := range got {
		if p.String() != want[i] {
			t.Errorf("problem %d:\n got %s\nwant %s", i, p, want[i])
		}
	}
}
