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
	"github.com/chromedp/chromedp/kb"
)

// searchHit is one result on /search/.
type searchHit struct {
	Section string `json:"section"`
	Href    string `json:"href"`
	Title   string `json:"title"`
}

const searchState = `(document.querySelector("#search") || {}).innerText`

// waitSearchResults waits until the search page has rendered a result list
// (or "No results.") that is not marked stale, and returns the hits.
func waitSearchResults(t testing.TB, ctx context.Context) []searchHit {
	t.Helper()
	waitFor(t, ctx, `document.querySelector("#search .search-error") || document.querySelector("#search .search-count:not([data-stale])")`, 20*time.Second, searchState)
	if msg := eval[string](t, ctx, `(document.querySelector("#search .search-error") || {}).textContent || ""`); msg != "" {
		t.Fatalf("search failed: %s", msg)
	}
	raw := eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#search .search-result")].map(li => ({
		section: (li.querySelector(".search-section") || {}).textContent || "",
		href: li.querySelector("a").getAttribute("href"),
		title: li.querySelector("a").textContent})))`)
	var hits []searchHit
	if err := json.Unmarshal([]byte(raw), &hits); err != nil {
		t.Fatal(err)
	}
	return hits
}

// markSearchStale marks the current results so the next render is told apart.
func markSearchStale(t testing.TB, ctx context.Context) {
	t.Helper()
	eval[chromedp.Void](t, ctx, `document.querySelectorAll("#search .search-count").forEach(e => e.dataset.stale = "1")`)
}

func hrefs(hits []searchHit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Href)
	}
	return out
}

func TestSearch(t *testing.T) {
	browser(t)
	s := site(t)

	t.Run("finds", func(t *testing.T) {
		for _, c := range []struct{ name, q, want string }{
			{"option name", "fusion_ir_preseg", "/options/dump/fusion_ir_preseg/"},
			{"gtest name", "MatmulSchedulerTest.EpilogueBiasBroadcast", "/runbooks/matmul-epilogue-assert/"},
			{"C++ symbol", "computeEpilogueVectorization", "/runbooks/matmul-epilogue-assert/"},
			{"qualified C++ symbol", "IndexLowering::handleReductionIndex", "/runbooks/asan-index-overflow/"},
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

	t.Run("kind filter", func(t *testing.T) {
		t.Parallel()
		ctx := newTab(t)
		do(t, ctx, "loading search", chromedp.Navigate(s.pageURL(query("/search/", "segmenter"))))
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
	})

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
		do(t, ctx, "typing", chromedp.KeyEvent("fusion_ir_preseg"))
		hits := waitSearchResults(t, ctx)
		if !slices.Contains(hrefs(hits), "/options/dump/fusion_ir_preseg/") {
			t.Errorf("typed search: option page not among %v", hrefs(hits))
		}
		if u := eval[string](t, ctx, `location.search`); u != "?q=fusion_ir_preseg" {
			t.Errorf("the URL does not record the query: %q", u)
		}
	})
}
