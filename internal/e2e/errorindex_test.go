package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// filterState is what the error index's lists show: every item's text,
// kind and area, whether it is shown, the filter's count line and
// whether the form is shown.
type filterState struct {
	Form  bool   `json:"form"`
	Count string `json:"count"`
	Items []struct {
		Text  string `json:"text"`
		Href  string `json:"href"`
		Kind  string `json:"kind"`
		Area  string `json:"area"`
		Shown bool   `json:"shown"`
	} `json:"items"`
	// Options are the kind and area selectors' values and labels.
	Kinds []filterOption `json:"kinds"`
	Areas []filterOption `json:"areas"`
}

type filterOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

const readFilter = `JSON.stringify({
  form: (() => { const f = document.querySelector("[data-check-filter]"); return !!f && !f.hidden && f.checkVisibility(); })(),
  count: (document.querySelector("[data-check-count]") || {}).textContent || "",
  items: [...document.querySelectorAll("[data-check-groups] li")].map(li => ({
    text: li.textContent, href: li.querySelector("a").getAttribute("href"),
    kind: li.closest("[data-kind]").dataset.kind, area: li.closest("[data-area]").dataset.area,
    shown: li.checkVisibility()})),
  kinds: [...document.querySelectorAll("#check-filter-kind option")].map(o => ({value: o.value, label: o.textContent})),
  areas: [...document.querySelectorAll("#check-filter-area option")].map(o => ({value: o.value, label: o.textContent})),
})`

func readFilterState(t testing.TB, ctx context.Context) filterState {
	t.Helper()
	var st filterState
	if err := json.Unmarshal([]byte(eval[string](t, ctx, readFilter)), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

func (st filterState) shown() int {
	n := 0
	for _, it := range st.Items {
		if it.Shown {
			n++
		}
	}
	return n
}

// optionCount is the count an option's label ends in: "Throws (12)".
var optionCount = regexp.MustCompile(`\((\d+)\)$`)

// setFilter types into the text box or picks an option, as a reader
// does (an input or change event).
func setFilter(t testing.TB, ctx context.Context, sel, value string) {
	t.Helper()
	eval[chromedp.Void](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q;
	  e.dispatchEvent(new Event(e.tagName === "SELECT" ? "change" : "input", {bubbles: true})); })()`, sel, value))
}

// TestErrorIndexFilter: /errors/ lists every check by area and kind;
// without JavaScript the lists are all shown and the filter is not;
// with it, a word, a kind and an area each narrow the list to what
// matches, the count says so, the URL keeps the state and a reload
// restores it. The same on an area page. Axe clean, no sideways scroll,
// at 1280 and 390 px, light and dark.
func TestErrorIndexFilter(t *testing.T) {
	browser(t)
	s := site(t)
	axeJS := readAxe(t, s.Root)
	ctx := newTab(t)

	// Without JavaScript: plain lists, nothing hidden, no filter.
	noJS := newTab(t)
	do(t, noJS, "disabling scripts", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	}), viewport(1280, 900), chromedp.Navigate(s.pageURL("/errors/")))
	plain := readFilterState(t, noJS)
	if plain.Form || len(plain.Items) == 0 || plain.shown() != len(plain.Items) {
		t.Fatalf("without JavaScript: form shown %v, %d of %d checks shown; want no form and every check", plain.Form, plain.shown(), len(plain.Items))
	}

	do(t, ctx, "loading /errors/", viewport(1280, 900), chromedp.Navigate(s.pageURL("/errors/")))
	all := readFilterState(t, ctx)
	total := len(all.Items)
	if !all.Form || all.shown() != total || all.Count != fmt.Sprintf("%d checks", total) || total != len(plain.Items) {
		t.Fatalf("with JavaScript: form %v, %d of %d shown, count %q", all.Form, all.shown(), total, all.Count)
	}

	// A word of the first check's title narrows the list to the checks
	// whose title or id has it.
	var word string
	for _, w := range strings.Fields(all.Items[0].Text) {
		if w = strings.Trim(w, ".,:;'\"()[]…"); len(w) >= 6 {
			word = strings.ToLower(w)
			break
		}
	}
	if word == "" {
		t.Fatalf("no word to filter by in %q", all.Items[0].Text)
	}
	setFilter(t, ctx, "#check-filter-q", word)
	st := readFilterState(t, ctx)
	n := st.shown()
	if n == 0 || n == total {
		t.Errorf("filter %q: %d of %d shown", word, n, total)
	}
	for _, it := range st.Items {
		has := strings.Contains(strings.ToLower(it.Text), word) || strings.Contains(strings.ReplaceAll(it.Href, "-", " "), word)
		if it.Shown != has {
			t.Errorf("filter %q: %s shown = %v", word, it.Href, it.Shown)
		}
	}
	if want := fmt.Sprintf("%d of %d checks", n, total); st.Count != want {
		t.Errorf("filter %q: count %q, want %q", word, st.Count, want)
	}
	if u := eval[string](t, ctx, `location.search`); u != "?q="+word {
		t.Errorf("filter %q: the URL's query is %q", word, u)
	}
	setFilter(t, ctx, "#check-filter-q", "")

	// Each kind, then each area: only its checks, as many as its option says.
	for _, sel := range []struct {
		id   string
		opts []filterOption
		of   func(i int, st filterState) string
	}{
		{"#check-filter-kind", all.Kinds, func(i int, st filterState) string { return st.Items[i].Kind }},
		{"#check-filter-area", all.Areas, func(i int, st filterState) string { return st.Items[i].Area }},
	} {
		if len(sel.opts) < 2 {
			t.Fatalf("%s: options %v", sel.id, sel.opts)
		}
		for _, o := range sel.opts[1:] {
			setFilter(t, ctx, sel.id, o.Value)
			st := readFilterState(t, ctx)
			m := optionCount.FindStringSubmatch(o.Label)
			if m == nil {
				t.Fatalf("%s option %q has no count", sel.id, o.Label)
			}
			if want, _ := strconv.Atoi(m[1]); st.shown() != want {
				t.Errorf("%s = %s: %d shown, want %d", sel.id, o.Value, st.shown(), want)
			}
			for i, it := range st.Items {
				if it.Shown != (sel.of(i, st) == o.Value) {
					t.Errorf("%s = %s: %s shown = %v", sel.id, o.Value, it.Href, it.Shown)
				}
			}
		}
		setFilter(t, ctx, sel.id, "")
	}

	// The state in the URL comes back on a reload.
	k := all.Kinds[1].Value
	do(t, ctx, "reloading with a kind", chromedp.Navigate(s.pageURL("/errors/?kind="+k)))
	if st := readFilterState(t, ctx); st.shown() == 0 || st.shown() == total {
		t.Errorf("/errors/?kind=%s: %d of %d shown", k, st.shown(), total)
	}

	// An area page: its checks, a kind filter, no area filter.
	area := all.Items[0].Area
	do(t, ctx, "loading the area", chromedp.Navigate(s.pageURL("/errors/area/"+area+"/")))
	st = readFilterState(t, ctx)
	if !st.Form || len(st.Areas) != 0 || len(st.Kinds) < 2 || len(st.Items) == 0 {
		t.Fatalf("area %s: form %v, %d area options, %d kind options, %d checks", area, st.Form, len(st.Areas), len(st.Kinds), len(st.Items))
	}
	for _, it := range st.Items {
		if !strings.Contains(it.Text, ".") || it.Area != area {
			t.Errorf("area %s: item %q (area %s) has no file:line", area, it.Text, it.Area)
		}
	}

	for _, pg := range []string{"/errors/", "/errors/area/" + area + "/", "/errors/quality/", "/errors/coverage/"} {
		for _, w := range []int64{1280, 390} {
			for _, scheme := range []string{"light", "dark"} {
				do(t, ctx, "loading "+pg, viewport(w, 844), colorScheme(scheme), chromedp.Navigate(s.pageURL(pg)))
				what := fmt.Sprintf("%s %d %s", pg, w, scheme)
				checkAxe(t, ctx, axeJS, what)
				noOverflow(t, ctx, w, what)
				noWideTable(t, ctx, what)
			}
		}
	}
}

// noWideTable fails when a table is wider than the box it scrolls in:
// the reader would scroll sideways to read it (the quality report's
// suggested fixes, which wrap now).
func noWideTable(t testing.TB, ctx context.Context, what string) {
	t.Helper()
	raw := eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll(".table-wrap")].filter(w => w.scrollWidth > w.clientWidth + 1 && !w.closest(".stack-table, [hidden]")).map(w => w.getAttribute("aria-label") + ": " + w.scrollWidth + " > " + w.clientWidth))`)
	var wide []string
	if err := json.Unmarshal([]byte(raw), &wide); err != nil {
		t.Fatal(err)
	}
	for _, w := range wide {
		t.Errorf("%s: a table scrolls sideways: %s", what, w)
	}
}

// screenAt saves what the reader sees of the page scrolled to the
// element sel ("" for the top): one screen, not the whole page (the index
// of every check is tens of thousands of pixels tall).
func screenAt(t testing.TB, ctx context.Context, sel, name string) {
	t.Helper()
	if sel != "" {
		eval[chromedp.Void](t, ctx, fmt.Sprintf(`document.querySelector(%q).scrollIntoView()`, sel))
	}
	png, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) ([]byte, error) {
		r, err := cdp.Call(ctx, tg, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng})
		return r.Data, err
	})
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	p := filepath.Join(artifactsDir(t), name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Error(err)
	}
	t.Logf("screenshot: %s", p)
}

// TestErrorIndexReal: the same pages on the real handbook, looked at:
// screenshots of /errors/ (its top and its list), filtered, an area page,
// the quality report, the coverage page and a check page's slots at 1280
// and 390 px, light and dark; axe clean,
// nothing wider than the screen, no table scrolling sideways.
func TestErrorIndexReal(t *testing.T) {
	browser(t)
	s := fuserSite(t)
	axeJS := readAxe(t, s.Root)
	for _, pg := range []struct{ name, path, at string }{
		{"errors", "/errors/", ""},
		{"errors-list", "/errors/", "#all"},
		{"errors-filtered", "/errors/?q=vectoriz&kind=internal-assert", "#all"},
		{"area", "/errors/area/scheduler/", ""},
		{"quality", "/errors/quality/", "#top"},
		{"coverage", "/errors/coverage/", ""},
		{"coverage-gaps", "/errors/coverage/", "#unexplained"},
		{"check-slots", "/errors/validateandcollectvectorizeinfo-vectorized-accesses-cannot-be-inline-with/", "#printed"},
	} {
		t.Run(pg.name, func(t *testing.T) {
			for _, w := range []int64{1280, 390} {
				for _, scheme := range []string{"light", "dark"} {
					ctx := newTab(t) // a tab per load: the index is heavy for axe
					do(t, ctx, "loading "+pg.path, viewport(w, 844), colorScheme(scheme), chromedp.Navigate(s.pageURL(pg.path)))
					what := fmt.Sprintf("%s %d %s", pg.path, w, scheme)
					if pg.name == "errors-filtered" {
						if st := readFilterState(t, ctx); st.shown() == 0 || st.shown() > 200 {
							t.Errorf("%s: %d checks shown", what, st.shown())
						}
					}
					if pg.name == "check-slots" {
						slots := eval[string](t, ctx, `[...document.querySelectorAll("#printed ~ pre .slot")].map(s => s.textContent).join("|")`)
						if !strings.Contains(slots, "toString") {
							t.Errorf("%s: slots %q, want the expressions printed", what, slots)
						}
					}
					if pg.name != "errors-list" && pg.name != "coverage-gaps" { // the same pages as "errors", "coverage"
						checkAxe(t, ctx, axeJS, what)
						noOverflow(t, ctx, w, what)
						noWideTable(t, ctx, what)
					}
					screenAt(t, ctx, pg.at, fmt.Sprintf("errindex-%s-%s-%d", pg.name, scheme, w))
				}
			}
		})
	}
}

// TestLookupShowsExplanationReal: on the real handbook, pasting the
// vectorize error users hit (NVIDIA/Fuser#3292) lands on its check, and
// the result shows what the handbook's explanation says, first lines.
func TestLookupShowsExplanationReal(t *testing.T) {
	browser(t)
	s := fuserSite(t)
	axeJS := readAxe(t, s.Root)
	ctx := newTab(t)
	const paste = "INTERNAL ASSERT FAILED at \"/opt/pytorch/nvfuser/csrc/device_lower/validation.cpp\":799, please report a bug with nvFuser. Vectorized accesses cannot be inline with computeAt: T5_l[ iS20{( ceilDiv(i0, 4) )}, iV21{4} ] = pad( T0_g[ iS0{i0} ], {0, 1} )"
	do(t, ctx, "looking up", viewport(1280, 900), chromedp.Navigate(s.pageURL(query("/lookup/", paste))))
	waitFor(t, ctx, `document.querySelector("#lookup-app ol")`, 30*time.Second, `document.querySelector("main").innerText`)
	first := eval[string](t, ctx, `(() => { const li = document.querySelector("#lookup-app .lookup-result"); return li.querySelector("a").getAttribute("href") + "\n" + ((li.querySelector(".lookup-explained") || {}).textContent || ""); })()`)
	href, explained, _ := strings.Cut(first, "\n")
	if !strings.Contains(href, "/errors/validateandcollectvectorizeinfo-vectorized-accesses-cannot-be-inline-with/") {
		t.Fatalf("first result %s, want the vectorize check", href)
	}
	if !strings.HasPrefix(explained, "Explained: While lowering a scheduled fusion") {
		t.Errorf("the result says %q, want the explanation's first paragraph", explained)
	}
	checkAxe(t, ctx, axeJS, "lookup with an explanation")
	screenAt(t, ctx, "", "errindex-lookup-explained-light-1280")
}
