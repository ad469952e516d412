package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// ageState is what js/age.js left on a page: the age it wrote and whether
// the stale notice shows.
type ageState struct {
	Text        string `json:"text"`
	AgeHidden   bool   `json:"ageHidden"`
	NoticeShown bool   `json:"noticeShown"`
}

const readAge = `(() => {
  const s = document.querySelector(".commit-age");
  const n = document.querySelector(".stale-notice");
  return {text: s ? s.textContent : "", ageHidden: s ? s.hidden : true,
    noticeShown: !!n && !n.hidden && getComputedStyle(n).display !== "none"};
})()`

// TestCommitAge: js/age.js counts the nvFuser commit's age from the date
// the page carries, in the reader's browser (the page never holds the
// build's clock), and shows the stale notice only past stale_after_days;
// 0 never shows it, and a date it cannot read shows nothing.
func TestCommitAge(t *testing.T) {
	root := testsite.Root(t)
	script, err := os.ReadFile(filepath.Join(root, "static", "js", "age.js"))
	if err != nil {
		t.Fatal(err)
	}
	css, err := os.ReadFile(filepath.Join(root, "static", "css", "site.css"))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	ago := func(d time.Duration) string { return now.Add(-d).Format(time.RFC3339) }
	cases := []struct {
		name, date string
		stale      int
		want       ageState
	}{
		{"twenty days, stale after 14", ago(20*24*time.Hour + time.Hour), 14, ageState{", 20 days old", false, true}},
		{"three days", ago(3*24*time.Hour + time.Hour), 14, ageState{", 3 days old", false, false}},
		{"one day", ago(24*time.Hour + time.Hour), 14, ageState{", 1 day old", false, false}},
		{"an hour", ago(time.Hour), 14, ageState{", less than a day old", false, false}},
		{"in the future (a skewed clock)", now.Add(48 * time.Hour).Format(time.RFC3339), 14, ageState{", less than a day old", false, false}},
		{"exactly the limit", ago(14*24*time.Hour + time.Hour), 14, ageState{", 14 days old", false, false}},
		{"a year, never stale", ago(365 * 24 * time.Hour), 0, ageState{", 365 days old", false, false}},
		{"an unreadable date", "yesterday-ish", 14, ageState{"", true, false}},
	}
	pages := map[string]string{"/js/age.js": string(script), "/site.css": string(css)}
	for i, c := range cases {
		pages[fmt.Sprintf("/%d.html", i)] = fmt.Sprintf(`<!doctype html><html><head><link rel="stylesheet" href="/site.css"></head><body>
<p class="built-from">Built from nvFuser commit abc (day)<span class="commit-age" data-commit-date="%s" data-stale-after="%d" hidden></span>.</p>
<div class="callout callout-warn stale-notice" role="note" hidden><p>old</p></div>
<script src="/js/age.js" defer></script></body></html>`, c.date, c.stale)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		switch {
		case strings.HasSuffix(r.URL.Path, ".js"):
			w.Header().Set("Content-Type", "text/javascript")
		case strings.HasSuffix(r.URL.Path, ".css"):
			w.Header().Set("Content-Type", "text/css")
		default:
			w.Header().Set("Content-Type", "text/html")
		}
		_, _ = w.Write([]byte(body))
	}))
	defer srv.Close()
	ctx := newTab(t)
	for i, c := range cases {
		do(t, ctx, c.name, chromedp.Navigate(fmt.Sprintf("%s/%d.html", srv.URL, i)))
		waitFor(t, ctx, `document.readyState === "complete"`, 30*time.Second, `document.readyState`)
		if got := eval[ageState](t, ctx, readAge); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestCommitAgeOnSite: the handbook built from a git checkout says on its
// home page and its check pages how old the example's commit is, and,
// that commit being older than 14 days, shows the notice.
func TestCommitAgeOnSite(t *testing.T) {
	s := historySite(t)
	ctx := newTab(t)
	home := string(mustRead(t, filepath.Join(s.Out, "index.html")))
	check := ""
	_ = filepath.WalkDir(filepath.Join(s.Out, "errors"), func(p string, d os.DirEntry, err error) error {
		if err == nil && check == "" && d.Name() == "index.html" && strings.Contains(string(mustRead(t, p)), `class="page ref-page check-page"`) {
			check, _ = filepath.Rel(s.Out, filepath.Dir(p))
		}
		return nil
	})
	if check == "" || !strings.Contains(home, "commit-age") {
		t.Fatalf("no check page, or no commit age on the home page")
	}
	for _, page := range []string{"/", "/" + filepath.ToSlash(check) + "/"} {
		do(t, ctx, page, chromedp.Navigate(s.URL+page))
		waitFor(t, ctx, `document.readyState === "complete"`, 30*time.Second, `document.readyState`)
		got := eval[ageState](t, ctx, readAge)
		if !strings.HasSuffix(got.Text, " days old") || got.AgeHidden || !got.NoticeShown {
			t.Errorf("%s: %+v; want the age in days and the stale notice", page, got)
		}
	}
}

func mustRead(t testing.TB, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
