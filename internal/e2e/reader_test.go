package e2e

// What a reader sees, measured in Chromium: the width the text and code
// get, the navigation that stays in view, identifiers that wrap only
// between names, the drift report on a phone, the composer's empty state,
// and what search shows (excerpts, order). docs/reader.md explains the
// choices these tests hold the pages to.

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// longGuide is testdata/notes/inline-definitions-guide.md: long enough for
// a table of contents, with a 100-column code line below it and an
// option chip too wide for a phone's line.
const longGuide = "/guides/inline-definitions-guide/"

type rect struct{ Left, Right, Top, Bottom, Width float64 }

// TestTextWidth: at 1280 px the note's text and code take the whole column
// below the table of contents, which floats beside the text's start and
// never covers it; a 100-column line of code fits without scrolling.
func TestTextWidth(t *testing.T) {
	browser(t)
	s := site(t)
	ctx := newTab(t)
	do(t, ctx, "loading the guide", viewport(1280, 900), chromedp.Navigate(s.pageURL(longGuide)))
	var m struct {
		Article, TOC rect
		Blocks       []struct {
			R      rect
			Scroll float64
			Client float64
			Text   string
		}
	}
	raw := eval[string](t, ctx, `(() => {
		const r = e => { const b = e.getBoundingClientRect(); return {Left: b.left, Right: b.right, Top: b.top + scrollY, Bottom: b.bottom + scrollY, Width: b.width}; };
		return JSON.stringify({
			Article: r(document.querySelector("article.page")),
			TOC: r(document.querySelector("article.page > .toc")),
			Blocks: [...document.querySelectorAll(".prose .code")].map(c => { const pre = c.querySelector("pre");
				return {R: r(c), Scroll: pre.scrollWidth, Client: pre.clientWidth, Text: pre.textContent.slice(0, 40)}; }),
		});
	})()`)
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatal(err)
	}
	t.Logf("article %.0f px, contents %.0f–%.0f px", m.Article.Width, m.TOC.Top, m.TOC.Bottom)
	if m.Article.Width < 880 {
		t.Errorf("article is %.0f px wide at 1280 px, want at least 880 (nav and padding aside, the whole column)", m.Article.Width)
	}
	if m.TOC.Width == 0 {
		t.Fatal("the guide shows no table of contents: testdata note too short?")
	}
	below := 0
	for _, b := range m.Blocks {
		besideTOC := b.R.Top < m.TOC.Bottom && b.R.Bottom > m.TOC.Top
		if besideTOC && b.R.Right > m.TOC.Left {
			t.Errorf("code block %q (right edge %.0f) runs under the table of contents (left edge %.0f)", b.Text, b.R.Right, m.TOC.Left)
		}
		if b.R.Top >= m.TOC.Bottom {
			below++
			if b.R.Width < m.Article.Width-1 {
				t.Errorf("code block %q below the table of contents is %.0f px wide, want the article's %.0f", b.Text, b.R.Width, m.Article.Width)
			}
			if b.Scroll > b.Client+1 {
				t.Errorf("code block %q scrolls sideways (%.0f px of content in %.0f): 100 columns must fit at 1280 px", b.Text, b.Scroll, b.Client)
			}
		}
	}
	if below == 0 {
		t.Errorf("no code block below the table of contents (bottom %.0f): %+v", m.TOC.Bottom, m.Blocks)
	}
	saveScreenshot(t, ctx, "reader-text-width-1280")
}

// TestStickyNav: on a wide screen the navigation stays at the top of the
// window however far the page is scrolled, and scrolls by itself, within
// reach of a keyboard, when it is taller than the window.
func TestStickyNav(t *testing.T) {
	browser(t)
	s := site(t)
	ctx := newTab(t)
	do(t, ctx, "loading the guide", viewport(1280, 900), chromedp.Navigate(s.pageURL(longGuide)))
	if got := eval[string](t, ctx, `getComputedStyle(document.querySelector(".site-nav")).position`); got != "sticky" {
		t.Errorf("nav position %q, want sticky", got)
	}
	scrolled := eval[float64](t, ctx, `(window.scrollTo(0, document.documentElement.scrollHeight), scrollY)`)
	if scrolled < 400 {
		t.Fatalf("the page scrolls only %.0f px: too short to test", scrolled)
	}
	var nav rect
	if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify((b => ({Top: b.top, Bottom: b.bottom}))(document.querySelector(".site-nav").getBoundingClientRect()))`)), &nav); err != nil {
		t.Fatal(err)
	}
	if nav.Top < -1 || nav.Top > 1 {
		t.Errorf("scrolled %.0f px down, the nav's top is at %.0f px, want 0 (in view)", scrolled, nav.Top)
	}
	if nav.Bottom > 901 {
		t.Errorf("the nav ends at %.0f px, below the 900 px window: it must scroll within it", nav.Bottom)
	}
	if !eval[bool](t, ctx, `[...document.querySelectorAll(".site-nav a")].some(a => a.offsetParent !== null)`) {
		t.Error("no nav link is visible after scrolling")
	}

	// In a window shorter than the navigation, the navigation scrolls by
	// itself, reaches its last link, and passes axe (a keyboard can
	// scroll it).
	do(t, ctx, "loading an option in a short window", viewport(1280, 360), chromedp.Navigate(s.pageURL("/options/dump/fusion_ir_preseg/")))
	if !eval[bool](t, ctx, `(n => n.scrollHeight > n.clientHeight + 1)(document.querySelector(".site-nav"))`) {
		t.Fatal("the navigation fits in a 360 px window: too short to test its scrolling")
	}
	last := eval[bool](t, ctx, `(() => { const n = document.querySelector(".site-nav"), links = n.querySelectorAll("a"), a = links[links.length - 1];
		a.focus(); const r = a.getBoundingClientRect(); return document.activeElement === a && n.scrollTop > 0 && r.bottom <= innerHeight + 1; })()`)
	if !last {
		t.Error("focusing the nav's last link does not scroll it into view within the navigation")
	}
	checkAxe(t, ctx, readAxe(t, s.Root), "an option page in a 1280x360 window")
}

// chipLines measures, for every identifier chip under the selector, each
// run of text between its break points (<wbr>): a run must sit on one
// line. It returns the runs that did not, and how many chips it measured.
const chipLines = `((sel) => {
	const broken = [], multi = [];
	let n = 0;
	for (const code of document.querySelectorAll(sel)) {
		if (!code.offsetParent) continue;
		n++;
		const walk = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
		for (let t = walk.nextNode(); t; t = walk.nextNode()) {
			if (!t.textContent.trim()) continue;
			const r = document.createRange();
			r.selectNodeContents(t);
			const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
			if (tops.size > 1) broken.push(t.textContent);
		}
		const lines = new Set([...code.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
		if (lines.size > 1) multi.push(code.textContent);
	}
	return JSON.stringify({broken, multi, n});
})`

// TestChipsKeepNames: identifier chips (variables, NAME=option, paths,
// symbols, drift subjects) wrap only at their break points ("=", "/",
// ":"), never inside a name, on a phone and on a wide screen.
func TestChipsKeepNames(t *testing.T) {
	browser(t)
	s := site(t)
	const chips = `.uses code, .code-list code, .inline-list code, .list-table td code, .ref-table td code`
	for _, c := range []struct {
		path     string
		width    int64
		wrapping string // a chip that must wrap (at its "="), proving the width was tight
	}{
		{longGuide, 390, "NVFUSER_DISABLE=python_inline_definitions_verbose"},
		{longGuide, 1280, ""},
		{"/drift/", 390, ""},
		{"/runbooks/segmenter-log-use-after-free/", 390, ""},
		{"/options/dump/fusion_ir_preseg/", 390, ""},
	} {
		t.Run(fmt.Sprintf("%s@%d", strings.Trim(c.path, "/"), c.width), func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			do(t, ctx, "loading", viewport(c.width, 844), chromedp.Navigate(s.pageURL(c.path)))
			var got struct {
				Broken, Multi []string
				N             int
			}
			if err := json.Unmarshal([]byte(eval[string](t, ctx, chipLines+`(`+jsString(chips)+`)`)), &got); err != nil {
				t.Fatal(err)
			}
			if got.N == 0 {
				t.Fatalf("%s: no chips measured", c.path)
			}
			for _, b := range got.Broken {
				t.Errorf("%s at %d px: %q is broken across lines inside a name", c.path, c.width, b)
			}
			if c.wrapping != "" && !slices.Contains(got.Multi, c.wrapping) {
				t.Errorf("%s at %d px: %q should wrap after its \"=\" (chips on two lines: %q)", c.path, c.width, c.wrapping, got.Multi)
			}
		})
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestDriftOnPhone: at 390 px every drift finding's "Where" is on screen
// without scrolling sideways, and so is every other cell.
func TestDriftOnPhone(t *testing.T) {
	browser(t)
	s := site(t)
	ctx := newTab(t)
	do(t, ctx, "loading the drift report", viewport(390, 844), chromedp.Navigate(s.pageURL("/drift/")))
	var got struct {
		Where                 []rect
		Cells, Width, DocWide float64
		Scrolling             []string
	}
	raw := eval[string](t, ctx, `JSON.stringify({
		Where: [...document.querySelectorAll(".drift-group tbody td:nth-child(3)")].map(td => (b => ({Left: b.left, Right: b.right, Width: b.width}))(td.getBoundingClientRect())),
		Cells: document.querySelectorAll(".drift-group tbody td").length,
		Width: innerWidth,
		DocWide: document.documentElement.scrollWidth,
		Scrolling: [...document.querySelectorAll(".drift-group .table-wrap")].filter(w => w.scrollWidth > w.clientWidth + 1).map(w => w.getAttribute("aria-label")),
	})`)
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Where) == 0 {
		t.Fatal("the drift report has no findings to look at")
	}
	for i, r := range got.Where {
		if r.Width <= 0 || r.Left < 0 || r.Right > got.Width+0.5 {
			t.Errorf("finding %d: Where cell spans %.0f–%.0f px, outside the %.0f px screen", i, r.Left, r.Right, got.Width)
		}
	}
	if len(got.Scrolling) > 0 {
		t.Errorf("drift tables that scroll sideways at 390 px: %q", got.Scrolling)
	}
	if got.DocWide > got.Width+0.5 {
		t.Errorf("the page is %.0f px wide on a %.0f px screen", got.DocWide, got.Width)
	}
	if !eval[bool](t, ctx, `[...document.querySelectorAll(".drift-group tbody td:nth-child(3)")].every(td => getComputedStyle(td, "::before").content.includes("Where"))`) {
		t.Error("a Where cell is not labelled \"Where\" on a phone")
	}
	saveScreenshot(t, ctx, "reader-drift-390")
}

// TestComposeEmptyState: before anything is set the composer shows no
// empty export box, and it lists the options of the families (in the
// handbook's order, NVFUSER_DUMP first) before variables, and variables
// that only the build reads last.
func TestComposeEmptyState(t *testing.T) {
	browser(t)
	s := site(t)
	ctx := newTab(t)
	do(t, ctx, "opening /compose/", viewport(1280, 900), chromedp.Navigate(s.pageURL("/compose/")))
	waitFor(t, ctx, `document.querySelector("#compose-list li")`, 20*time.Second, `document.getElementById("compose-verdicts").innerText`)
	if eval[bool](t, ctx, `[...document.querySelectorAll("#compose-app .code")].some(c => c.offsetParent !== null && !c.querySelector("pre").textContent.trim())`) {
		t.Error("an empty code box is shown before anything is set")
	}
	if eval[bool](t, ctx, `document.getElementById("compose-output").offsetParent !== null`) {
		t.Error("the export lines section is shown before anything is set")
	}

	// The order of the picker.
	env, err := os.ReadFile(filepath.Join(s.Out, "api", "env.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vars []struct{ Name, Category string }
	if err := json.Unmarshal(env, &vars); err != nil {
		t.Fatal(err)
	}
	build := map[string]bool{}
	for _, v := range vars {
		if v.Category == "environment" || strings.HasPrefix(v.Category, "build") {
			build[v.Name] = true
		}
	}
	if len(build) == 0 {
		t.Fatal("the example has no build variable to order")
	}
	var entries []struct{ Name, Env string }
	if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#compose-list .compose-entry")].map(li => ({
		name: li.querySelector("label code").textContent,
		env: ((li.querySelector("label .muted") || {}).textContent || "").replace(/^ in /, "")})))`)), &entries); err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 || entries[0].Env != "NVFUSER_DUMP" {
		t.Errorf("the picker starts with %+v, want an option of NVFUSER_DUMP", entries[:min(1, len(entries))])
	}
	stage := 0 // 0 options, 1 run-time variables, 2 build variables
	for _, e := range entries {
		st := 0
		if e.Env == "" {
			st = 1
			if build[e.Name] {
				st = 2
			}
		}
		if st < stage {
			t.Errorf("%s (%s) is listed after %s", e.Name, []string{"an option", "a run-time variable", "a build variable"}[st], []string{"options", "run-time variables", "build variables"}[stage])
		}
		stage = max(stage, st)
	}

	// Picking something shows the export lines.
	do(t, ctx, "picking the first option", chromedp.Click(chromedp.CSS(`#compose-list .compose-entry input[type=checkbox]`)))
	waitFor(t, ctx, `document.getElementById("compose-output").offsetParent !== null`, 10*time.Second, `location.hash`)
	want := "export NVFUSER_DUMP=" + entries[0].Name
	if got := eval[string](t, ctx, `document.querySelector("#compose-exports pre code").textContent`); got != want {
		t.Errorf("export lines %q, want %q", got, want)
	}
}

// TestSearchExcerpts: the text search shows is the page's, without the
// labels of its buttons and hidden captions ("Copy", "Facts about ...").
func TestSearchExcerpts(t *testing.T) {
	browser(t)
	s := site(t)
	ctx := newTab(t)
	do(t, ctx, "loading search", chromedp.Navigate(s.pageURL(query("/search/", "fusion_ir_preseg"))))
	waitSearchResults(t, ctx)
	excerpts := eval[[]string](t, ctx, `[...document.querySelectorAll("#search .search-excerpt")].map(p => p.textContent)`)
	if len(excerpts) == 0 {
		t.Fatal("no excerpts")
	}
	// The indexed text of reference pages, whole: an excerpt shows a part.
	contents := eval[[]string](t, ctx, `import(new URL("/pagefind/pagefind.js", location.href).href).then(async pf => {
		const r = await pf.search("fusion_ir_preseg");
		const d = await Promise.all(r.results.map(x => x.data()));
		return d.filter(x => /\/(options|env)\//.test(x.url)).map(x => x.url + " " + x.content);
	})`)
	if len(contents) == 0 {
		t.Fatal("no reference page found for fusion_ir_preseg")
	}
	// "Copy" ends a word when the bar's label runs into it ("ExampleCopy").
	label := regexp.MustCompile(`Copy\b|Facts about`)
	for _, text := range append(excerpts, contents...) {
		if m := label.FindString(text); m != "" {
			t.Errorf("search text holds %q: %.200s", m, text)
		}
	}
}

// TestSearchTitleFirst: a note whose title holds the query is listed
// before the options and variables that mention its words, even those
// whose short names Pagefind ranks higher.
func TestSearchTitleFirst(t *testing.T) {
	browser(t)
	s := site(t)
	for _, c := range []struct{ q, want string }{
		{"reading segmenter", "/guides/reading-segmenter-decisions/"},
		{"segmenter", "/guides/reading-segmenter-decisions/"},
		{"kernels", "/guides/profiling-kernels-guide/"},
	} {
		t.Run(c.q, func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			do(t, ctx, "loading search", chromedp.Navigate(s.pageURL(query("/search/", c.q))))
			hits := waitSearchResults(t, ctx)
			at := slices.IndexFunc(hits, func(h searchHit) bool { return h.Href == c.want })
			if at < 0 {
				t.Fatalf("%s not among %v", c.want, hrefs(hits))
			}
			for i, h := range hits[:at] {
				if h.Section == "option" || h.Section == "variable" || h.Section == "family" {
					t.Errorf("%q: %s (%s) at %d ranks above the note %s at %d", c.q, h.Href, h.Section, i+1, c.want, at+1)
				}
			}
		})
	}
}

// TestChangesLinked: a handbook built from a git checkout links its page
// of changes by version from the navigation, from each option's "Since"
// row and from llms.txt; one built without history links no such page.
// The page passes axe, wide and, as cards, on a phone.
func TestChangesLinked(t *testing.T) {
	browser(t)
	h := historySite(t)
	ctx := newTab(t)
	linksTo := func(sel string) bool {
		return eval[bool](t, ctx, `[...document.querySelectorAll(`+jsString(sel)+`)].some(a => a.pathname === "/changes/")`)
	}
	do(t, ctx, "loading an option", viewport(1280, 900), chromedp.Navigate(h.pageURL("/options/dump/fusion_ir_preseg/")))
	if !linksTo(".site-nav a") {
		t.Error("the navigation does not link /changes/")
	}
	if !linksTo(".ref-table a") {
		t.Error("the option's facts do not link /changes/")
	}
	resp, err := http.Get(h.pageURL("/llms.txt"))
	if err != nil {
		t.Fatal(err)
	}
	llms, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(llms), "/changes/") {
		t.Errorf("llms.txt does not link /changes/:\n%s", llms)
	}
	axeJS := readAxe(t, h.Root)
	added := "NVFUSER_DUMP=" + historyOption
	for _, w := range []int64{1280, 390} {
		do(t, ctx, "loading /changes/", viewport(w, 844), chromedp.Navigate(h.pageURL("/changes/")))
		if got := eval[string](t, ctx, `document.querySelector("h1").textContent`); got != "What changed" {
			t.Errorf("/changes/ shows %q", got)
		}
		if !eval[bool](t, ctx, `[...document.querySelectorAll(".changes-page td code")].some(c => c.textContent === `+jsString(added)+`)`) {
			t.Errorf("/changes/ does not list %s, added by the second commit", added)
		}
		var chips struct{ Broken, Multi []string }
		if err := json.Unmarshal([]byte(eval[string](t, ctx, chipLines+`(".changes-page td code")`)), &chips); err != nil {
			t.Fatal(err)
		}
		for _, b := range chips.Broken {
			t.Errorf("/changes/ at %d px: %q is broken across lines inside a name", w, b)
		}
		if w == 390 && !slices.Contains(chips.Multi, added) {
			t.Errorf("/changes/ at 390 px: %s should wrap after its \"=\" (chips on two lines: %q)", added, chips.Multi)
		}
		checkAxe(t, ctx, axeJS, fmt.Sprintf("/changes/ at %d px", w))
	}

	// Without a git history there is no such page, and no link to it.
	s := site(t)
	do(t, ctx, "loading an option without history", chromedp.Navigate(s.pageURL("/options/dump/fusion_ir_preseg/")))
	if linksTo("a") {
		t.Error("a handbook without history links /changes/")
	}
}

// TestPhoneAccessibility: the drift report, a guide and an option pass axe
// on a phone, where tables are cards (a fact's name above its value) and
// the contents come first.
func TestPhoneAccessibility(t *testing.T) {
	browser(t)
	s := site(t)
	axeJS := readAxe(t, s.Root)
	ctx := newTab(t)
	for _, p := range []string{"/drift/", longGuide, "/options/dump/fusion_ir_preseg/", "/env/", "/env/nvfuser_dump/", "/options/dump/"} {
		do(t, ctx, "loading "+p, viewport(390, 844), chromedp.Navigate(s.pageURL(p)))
		checkAxe(t, ctx, axeJS, p+" at 390 px")
	}
}
