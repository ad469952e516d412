package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// searchGroups reads the search page's groups in order: each group's key
// and its results' kind, title, href and where-line.
type searchGroup struct {
	Key     string `json:"key"`
	Results []struct {
		Kind  string `json:"kind"`
		Title string `json:"title"`
		Href  string `json:"href"`
		Where string `json:"where"`
	} `json:"results"`
}

func readSearchGroups(t testing.TB, ctx context.Context) []searchGroup {
	t.Helper()
	waitSearchResults(t, ctx)
	raw := eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#search .search-group")].map(g => ({
		key: g.querySelector("h2").id.replace("search-group-", ""),
		results: [...g.querySelectorAll(".search-result")].map(li => ({
			kind: (li.querySelector(".search-section") || {}).textContent || "",
			title: li.querySelector("a").textContent,
			href: li.querySelector("a").getAttribute("href"),
			where: (li.querySelector(".search-where") || {}).textContent || ""}))})))`)
	var gs []searchGroup
	if err := json.Unmarshal([]byte(raw), &gs); err != nil {
		t.Fatal(err)
	}
	return gs
}

// TestSearchProseFirstReal: on the real handbook, "vectorize" (in the
// messages of dozens of checks and in 9 guides) lists runbooks and guides
// first; "segmentation" lists checks of one title told apart by their
// function and file; a phrase of a check's own message lists the check
// first. At 1280 and 390 px, light and dark, axe clean.
func TestSearchProseFirstReal(t *testing.T) {
	browser(t)
	s := fuserSite(t)
	axeJS := readAxe(t, s.Root)
	ctx := newTab(t)

	do(t, ctx, "searching vectorize", viewport(1280, 900), chromedp.Navigate(s.pageURL(query("/search/", "vectorize"))))
	gs := readSearchGroups(t, ctx)
	if len(gs) < 2 || gs[0].Key != "guides" {
		t.Fatalf("vectorize: groups %v, want runbooks and guides first", gs)
	}
	if n := len(gs[0].Results); n < 5 {
		t.Errorf("vectorize: %d guides and runbooks, want at least 5", n)
	}
	for _, r := range gs[0].Results {
		if !slices.Contains([]string{"runbook", "guide", "notes"}, r.Kind) {
			t.Errorf("vectorize: %s (%s) among runbooks and guides", r.Href, r.Kind)
		}
	}
	if !strings.Contains(eval[string](t, ctx, `document.querySelector(".search-about").innerText`), "every check nvFuser can raise") {
		t.Error("the search page does not say it searches checks")
	}

	do(t, ctx, "searching segmentation", chromedp.Navigate(s.pageURL(query("/search/", "segmentation"))))
	gs = readSearchGroups(t, ctx)
	var checks []string
	seen := map[string]string{}
	for _, g := range gs {
		if g.Key != "checks" {
			continue
		}
		for _, r := range g.Results {
			if r.Where == "" {
				t.Errorf("segmentation: check %s shows no function and file", r.Href)
			}
			k := r.Title + " @ " + r.Where
			if prev, dup := seen[k]; dup {
				t.Errorf("segmentation: %s and %s read the same: %q", prev, r.Href, k)
			}
			seen[k] = r.Href
			checks = append(checks, r.Title)
		}
	}
	if len(checks) == 0 {
		t.Fatal("segmentation: no checks listed")
	}

	// The checks have a search index of their own (pagefind-emitted/): a
	// word only the notes have ("segfault") must list no check, as one
	// index for every page did, not checks whose words merely begin like
	// it ("seg_id"): emit's vocabulary document gives the checks' index
	// the other pages' words.
	do(t, ctx, "searching segfault", chromedp.Navigate(s.pageURL(query("/search/", "segfault"))))
	gs = readSearchGroups(t, ctx)
	if len(gs) == 0 {
		t.Fatal("segfault: no results")
	}
	for _, g := range gs {
		if g.Key == "checks" {
			t.Errorf("segfault: checks listed, in no check's text: %v", g.Results)
		}
	}

	const phrase = "acceptable range for NVFUSER_JIT_OPT_LEVEL is between"
	do(t, ctx, "searching a check's text", chromedp.Navigate(s.pageURL(query("/search/", phrase))))
	gs = readSearchGroups(t, ctx)
	if len(gs) == 0 || gs[0].Key != "checks" || len(gs[0].Results) == 0 || !strings.Contains(gs[0].Results[0].Href, "/errors/") {
		t.Fatalf("%q: groups %v, want the check first", phrase, gs)
	}

	for _, w := range []int64{1280, 390} {
		for _, scheme := range []string{"light", "dark"} {
			do(t, ctx, "searching", viewport(w, 844), colorScheme(scheme), chromedp.Navigate(s.pageURL(query("/search/", "segmentation"))))
			waitSearchResults(t, ctx)
			checkAxe(t, ctx, axeJS, fmt.Sprintf("search segmentation %d %s", w, scheme))
			noOverflow(t, ctx, w, "search segmentation")
			saveScreenshot(t, ctx, fmt.Sprintf("search-groups-%s-%d", scheme, w))
		}
	}
}

// TestSearchGroups: the same on the example handbook, which every run
// has: guides first for a word of a guide's title and of checks' text.
func TestSearchGroups(t *testing.T) {
	browser(t)
	s := site(t)
	ctx := newTab(t)
	do(t, ctx, "searching", viewport(1280, 900), chromedp.Navigate(s.pageURL(query("/search/", "segment"))))
	gs := readSearchGroups(t, ctx)
	keys := []string{}
	for _, g := range gs {
		keys = append(keys, g.Key)
	}
	if len(gs) < 2 || gs[0].Key != "guides" || !slices.Contains(keys, "checks") {
		t.Fatalf("segment: groups %v, want guides first, checks among them", keys)
	}
	for _, g := range gs {
		for _, r := range g.Results {
			if g.Key == "checks" && r.Where == "" {
				t.Errorf("check %s has no function and file", r.Href)
			}
		}
	}
}

// overflowPages are the page types the phone overflow check loads: every
// kind of page the handbook publishes.
var overflowPages = []struct{ name, path, ready string }{
	{"home", "/", ""},
	{"runbooks", "/runbooks/", ""},
	{"runbook", "/runbooks/segmenter-log-use-after-free/", ""},
	{"guides", "/guides/", ""},
	{"guide", longGuide, ""},
	{"note", "/notes/raw-html-note/", ""},
	{"markdown", "/notes/markdown-features/", ""},
	{"variables", "/env/", ""},
	{"variable", "/env/nvfuser_dump/", ""},
	{"options", "/options/", ""},
	{"family", "/options/dump/", ""},
	{"option", "/options/dump/fusion_ir_preseg/", ""},
	{"option-hints", "/options/disable/parallel_compile/", ""},
	{"drift", "/drift/", ""},
	{"checks", "/errors/", ""},
	{"checks-area", "/errors/area/runtime/", ""},
	{"check", "/errors/reportcompileerrors-compiling-segment-s-in-parallel-failed/", ""},
	{"contract", "/contract/", ""},
	{"compose", "/compose/#NVFUSER_DUMP=fusion_ir,bogus&NVFUSER_DISABLE=parallel_compile", `document.querySelector("#compose-verdicts .compose-verdict")`},
	{"search", query("/search/", "segmenter"), `document.querySelector("#search .search-count, #search .search-error")`},
	{"lookup", query("/lookup/", "SUMMARY: AddressSanitizer: heap-use-after-free csrc/fusion_segmenter.cpp:38:28 in nvfuser::tryMerge(std::string const&)"), `document.querySelector("#lookup-app ol, #lookup-app p")`},
	{"not-found", "/no-such-page/", ""},
}

// noOverflow fails when anything on the page reaches past the screen's
// right edge: the document scrolls sideways, or an element (not inside a
// box that scrolls by itself, such as a code block or a wide table's
// wrapper) ends beyond the width.
func noOverflow(t testing.TB, ctx context.Context, width int64, what string) {
	t.Helper()
	raw := eval[string](t, ctx, `(() => {
	  const w = document.documentElement.clientWidth;
	  const out = [];
	  if (document.documentElement.scrollWidth > w + 1) out.push("document scrolls sideways: " + document.documentElement.scrollWidth + " > " + w);
	  const scrolls = el => { for (let p = el.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === "auto" || o === "scroll" || o === "hidden") return true; } return false; };
	  for (const el of document.querySelectorAll("main *, header *")) {
	    const r = el.getBoundingClientRect();
	    if (r.width === 0 || r.right <= w + 1 || scrolls(el)) continue;
	    if (getComputedStyle(el).visibility === "hidden") continue;
	    out.push(el.tagName.toLowerCase() + (el.className ? "." + String(el.className).split(" ")[0] : "") + " ends at " + Math.round(r.right) + ": " + (el.textContent || "").trim().slice(0, 60));
	    if (out.length > 5) break;
	  }
	  return JSON.stringify(out);
	})()`)
	var problems []string
	if err := json.Unmarshal([]byte(raw), &problems); err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s at %d px: %s", what, width, p)
	}
}

// TestPhoneNoOverflow: at 390 px, light and dark, no page type is wider
// than the screen, and each passes axe.
func TestPhoneNoOverflow(t *testing.T) {
	browser(t)
	s := site(t)
	axeJS := readAxe(t, s.Root)
	for _, pg := range overflowPages {
		t.Run(pg.name, func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			for _, scheme := range []string{"light", "dark"} {
				if strings.Contains(pg.path, "#") {
					do(t, ctx, "leaving the page", chromedp.Navigate("about:blank"))
				}
				do(t, ctx, "loading "+pg.path, viewport(390, 844), colorScheme(scheme), chromedp.Navigate(s.pageURL(pg.path)))
				if pg.ready != "" {
					waitFor(t, ctx, pg.ready, 20*time.Second, `document.querySelector("main").innerText`)
				}
				noOverflow(t, ctx, 390, pg.path+" "+scheme)
				checkAxe(t, ctx, axeJS, pg.path+" at 390 px ("+scheme+")")
			}
		})
	}
}

// TestPhoneContentFirst: on a phone a note's text comes first: its facts
// box and table of contents are closed disclosures, and the first
// paragraph of the text (a runbook's symptom) is within the first
// screen; on a wide screen both are shown open, as before.
func TestPhoneContentFirst(t *testing.T) {
	browser(t)
	s := site(t)
	axeJS := readAxe(t, s.Root)
	ctx := newTab(t)
	const probe = `JSON.stringify({
	  tocShown: (() => { const a = document.querySelector(".toc a"); return !!a && a.checkVisibility({contentVisibilityAuto: true}); })(),
	  factsShown: (() => { const f = document.querySelector(".summary-fold > :not(summary)"); return !!f && f.checkVisibility({contentVisibilityAuto: true}); })(),
	  firstPara: Math.round(document.querySelector(".symptom-text, .prose > p").getBoundingClientRect().top + scrollY),
	})`
	type state struct {
		TocShown   bool `json:"tocShown"`
		FactsShown bool `json:"factsShown"`
		FirstPara  int  `json:"firstPara"`
	}
	for _, pg := range []string{longGuide, "/runbooks/segmenter-log-use-after-free/"} {
		for _, w := range []int64{390, 1280} {
			for _, scheme := range []string{"light", "dark"} {
				do(t, ctx, "loading "+pg, viewport(w, 844), colorScheme(scheme), chromedp.Navigate(s.pageURL(pg)))
				var st state
				if err := json.Unmarshal([]byte(eval[string](t, ctx, probe)), &st); err != nil {
					t.Fatal(err)
				}
				wide := w > 860
				if pg == longGuide && st.TocShown != wide {
					t.Errorf("%s at %d: contents shown = %v", pg, w, st.TocShown)
				}
				if st.FactsShown != wide {
					t.Errorf("%s at %d: facts shown = %v", pg, w, st.FactsShown)
				}
				if !wide && st.FirstPara > 844 {
					t.Errorf("%s at %d: the text starts %d px down, below the first screen", pg, w, st.FirstPara)
				}
				checkAxe(t, ctx, axeJS, fmt.Sprintf("%s %d %s", pg, w, scheme))
				saveScreenshot(t, ctx, fmt.Sprintf("content-first-%s-%s-%d", strings.Trim(strings.ReplaceAll(pg, "/", "-"), "-"), scheme, w))
			}
		}
		if pg == longGuide {
			// One tap opens the contents on a phone.
			do(t, ctx, "opening the contents", viewport(390, 844), chromedp.Navigate(s.pageURL(pg)))
			eval[chromedp.Void](t, ctx, `document.querySelector(".toc summary").click()`)
			// The browser lays the opened contents out on its next frame:
			// on a loaded machine that can come after the first look, so
			// look again for up to two seconds.
			st := ""
			for range 20 {
				if st = eval[string](t, ctx, `document.querySelector(".toc details").open + " " + document.querySelector(".toc a").checkVisibility({contentVisibilityAuto: true})`); st == "true true" {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if st != "true true" {
				t.Errorf("the contents do not open on a phone: open, visible = %s", st)
			}
		}
	}
}

// TestPhoneNoOverflowReal: the same at 390 px over the real handbook's
// page types, whose docs carry wide figures, tables and formulas.
func TestPhoneNoOverflowReal(t *testing.T) {
	browser(t)
	s := fuserSite(t)
	for _, pg := range []string{"/", "/guides/", "/guides/dev-tma/", "/guides/dev-tmem/", "/guides/math-integer-division/",
		"/runbooks/", "/runbooks/000-0397b499bd7e80ef/", "/notes/003-e2e2485bca2edf95/", "/env/nvfuser_jit_opt_level/",
		"/options/dump/", "/options/dump/fusion_ir/", "/errors/", "/errors/fillcompileoptions-acceptable-range-for-nvfuser-jit-opt/",
		"/drift/", "/changes/", "/compose/", "/lookup/"} {
		t.Run(strings.Trim(strings.ReplaceAll(pg, "/", "-"), "-"), func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			for _, scheme := range []string{"light", "dark"} {
				do(t, ctx, "loading "+pg, viewport(390, 844), colorScheme(scheme), chromedp.Navigate(s.pageURL(pg)))
				noOverflow(t, ctx, 390, pg+" "+scheme)
			}
		})
	}
}
