package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

func TestSearch(t *testing.T) {
	browser(t)
	s := site(t)

	t.Run("finds", func(t *testing.T) {
		for _, c := range []struct{ name, q, want string }{
			{"option name", "fusion_ir_preseg", "/options/dump/fusion_ir_preseg/"},
			{"gtest name", "MatmulSchedulerTest.EpilogueBiasBroadcast", "/runbooks/matmul-epilogue-assert/"},
			{"C++ symbol", "computeEpilogueVectorization", "/runbooks/matmul-epilogue-assert/"},
			{"qualified C++ symbol", "IndexLowering::handleReductionIndex", "/runbooks/asan-index-overflow/"},
			// A check is found by the text nvFuser prints (its lean search
			// document, generator/emit/checksearch.go).
			{"check's message", "segment(s) in parallel failed", "/errors/reportcompileerrors-compiling-segment-s-in-parallel-failed/"},
		} {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				ctx := newTab(t)
				do(t, ctx, "loading search", chromedp.Navigate(s.pageURL(query("/search/", c.q))))
				if got := eval[string](t, ctx, `document.getElementById("search-q").value`); got != c.q {
					t.Errorf("?q= prefill: input holds %q, want %q", got, c.q)
				}
				hits := waitSearchResults(t, ctx)
				if !slices.Contains(hrefs(hits), c.want) {
					t.Errorf("search %q: %s not among results %v", c.q, c.want, hrefs(hits))
				}
			})
		}
	})

	// The facet counts must be this query's, and every facet must be
	// there, however the index files happen to arrive.
	for _, slow := range []bool{false, true} {
		name := "kind filter"
		if slow {
			name += ", filter index arrives late"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			if slow {
				do(t, ctx, "setting the cookie", setCookie(s.URL, slowFilterCookie, "1"))
			}
			checkKindFilter(t, ctx, s.pageURL(query("/search/", "segmenter")))
		})
	}

	t.Run("keyboard", func(t *testing.T) {
		t.Parallel()
		ctx := newTab(t)
		do(t, ctx, "loading search", chromedp.Navigate(s.pageURL("/search/")))
		var path []string
		for i := 0; ; i++ {
			if i == 60 {
				t.Fatalf("60 Tabs from the page start never reached #search-q; focus went %s", strings.Join(path, " → "))
			}
			do(t, ctx, "pressing Tab", chromedp.KeyEvent(kb.Tab))
			id := eval[string](t, ctx, `(e => e.id ? "#" + e.id : e.tagName.toLowerCase() + (e.className ? "." + e.className : ""))(document.activeElement)`)
			path = append(path, id)
			if id == "#search-q" {
				break
			}
		}
		t.Logf("Tab order to the search box: %s", strings.Join(path, " → "))
		// Results render as the user types; wait for a render made after
		// the last keystroke's search began (earlier ones are discarded
		// once it has, and it writes its query into the URL first).
		eval[chromedp.Void](t, ctx, `window.__renders = []; new MutationObserver(() => window.__renders.push(location.search)).observe(document.getElementById("search"), {childList: true, subtree: true})`)
		do(t, ctx, "typing", chromedp.KeyEvent("fusion_ir_preseg"))
		waitFor(t, ctx, `window.__renders.includes("?q=fusion_ir_preseg")`, 20*time.Second, `location.search + " " + document.getElementById("search").innerText`)
		hits := waitSearchResults(t, ctx)
		if !slices.Contains(hrefs(hits), "/options/dump/fusion_ir_preseg/") {
			t.Errorf("typed search: option page not among %v", hrefs(hits))
		}
	})
}

// checkKindFilter loads a search whose results mix kinds, ticks
// kind=runbook and requires exactly the runbooks to remain, with the count
// the box's label promised.
func checkKindFilter(t *testing.T, ctx context.Context, u string) {
	t.Helper()
	do(t, ctx, "loading search", chromedp.Navigate(u))
	before := waitSearchResults(t, ctx)
	var wantRunbooks []string
	for _, h := range before {
		if h.Section == "runbook" {
			wantRunbooks = append(wantRunbooks, h.Href)
		}
	}
	if len(wantRunbooks) == 0 || len(before) == len(wantRunbooks) {
		t.Fatalf("query too narrow to test the filter: %v", before)
	}
	box := `#search input[type=checkbox][name=kind][value=runbook]`
	groups := `[...document.querySelectorAll("#search .filter-group")].map(g => g.textContent.trim()).join(" | ")`
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`document.querySelector("`+box+`")`, chromedp.WithPollingTimeout(5*time.Second)))
	if err != nil {
		t.Fatalf("no kind=runbook checkbox after the results rendered; filters shown: %q", eval[string](t, ctx, groups))
	}
	label := eval[string](t, ctx, `document.querySelector("`+box+`").parentElement.textContent.trim()`)
	markSearchStale(t, ctx)
	do(t, ctx, "ticking kind=runbook", chromedp.Click(chromedp.CSS(box)))
	after := waitSearchResults(t, ctx)
	for _, h := range after {
		if h.Section != "runbook" {
			t.Errorf("kind=runbook filter left a %q result: %s", h.Section, h.Href)
		}
	}
	slices.Sort(wantRunbooks)
	got := hrefs(after)
	slices.Sort(got)
	if !slices.Equal(got, wantRunbooks) {
		t.Errorf("kind=runbook: results %v, want the runbooks found before filtering %v", got, wantRunbooks)
	}
	if want := fmt.Sprintf("runbook (%d)", len(wantRunbooks)); label != want {
		t.Errorf("filter label %q before ticking, want %q (the count for this query); all filters: %q", label, want, eval[string](t, ctx, groups))
	}
	if !eval[bool](t, ctx, `document.querySelector("`+box+`").checked`) {
		t.Error("the kind=runbook box is not checked after re-rendering")
	}
}
