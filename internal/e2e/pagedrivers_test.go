package e2e

// Drivers for the two script-driven pages, /search/ and /lookup/, shared by
// the tests that use them.

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
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

// lookupResult is one ranked link on /lookup/.
type lookupResult struct {
	Href     string `json:"href"`
	Title    string `json:"title"`
	Evidence string `json:"evidence"`
}

const lookupDone = `document.querySelector("#lookup-app ol.lookup-results, #lookup-app .lookup-none, #lookup-app .lookup-error")`

func readLookupResults(t testing.TB, ctx context.Context) []lookupResult {
	t.Helper()
	waitFor(t, ctx, lookupDone, 20*time.Second, `document.getElementById("lookup-app").innerText`)
	if msg := eval[string](t, ctx, `(document.querySelector("#lookup-app .lookup-error") || {}).textContent || ""`); msg != "" {
		t.Fatalf("lookup page: %s", msg)
	}
	raw := eval[string](t, ctx, `JSON.stringify([...document.querySelectorAll("#lookup-app .lookup-result")].map(li => ({
		href: li.querySelector("a").getAttribute("href"),
		title: li.querySelector("a").textContent,
		evidence: (li.querySelector(".lookup-evidence") || {}).textContent || ""})))`)
	var out []lookupResult
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// setCookie sets a cookie for the site in the tab's browser context.
func setCookie(siteURL, name, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, network.SetCookie, network.SetCookieParams{Name: name, Value: value, URL: siteURL})
		return err
	})
}
