package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"
)

const payload = `<img src=x onerror=window.__pwned=1><script>window.__pwned=1</script>`

// pageState is what an injection would leave behind.
const pageState = `JSON.stringify({
	pwned: typeof window.__pwned,
	imgX: document.querySelectorAll('img[src="x"]').length,
	handlers: [...document.querySelectorAll("*")].filter(e => [...e.attributes].some(a => a.name.startsWith("on"))).map(e => e.outerHTML.slice(0, 120)),
	scripts: [...document.scripts].filter(s => s.textContent.includes("__pwned")).length,
	iframes: document.querySelectorAll("iframe").length,
	fromNote: document.querySelectorAll(".injected-by-note").length,
	title: document.title,
})`

type injectionState struct {
	Pwned    string   `json:"pwned"`
	ImgX     int      `json:"imgX"`
	Handlers []string `json:"handlers"`
	Scripts  int      `json:"scripts"`
	Iframes  int      `json:"iframes"`
	FromNote int      `json:"fromNote"`
	Title    string   `json:"title"`
}

// assertNotInjected fails when the page ran or created anything from the
// payload or the raw-HTML note.
func assertNotInjected(t testing.TB, w *watcher, ctx context.Context, where string) {
	t.Helper()
	w.settle()
	time.Sleep(200 * time.Millisecond) // let a failing <img> fire onerror
	var st injectionState
	if err := json.Unmarshal([]byte(eval[string](t, ctx, pageState)), &st); err != nil {
		t.Fatal(err)
	}
	if st.Pwned != "undefined" {
		t.Errorf("%s: window.__pwned is %s: injected script ran", where, st.Pwned)
	}
	if st.ImgX > 0 || st.Scripts > 0 || st.Iframes > 0 || st.FromNote > 0 || len(st.Handlers) > 0 || strings.Contains(st.Title, "pwned") {
		t.Errorf("%s: injected markup in the page: %+v", where, st)
	}
	for _, p := range w.take() {
		t.Errorf("%s: %s", where, p) // e.g. the request an injected <img src=x> makes
	}
}

// TestNoInjection: neither a query nor a note's raw HTML reaches the page
// as markup, on /search/, /lookup/ or the note's own page.
func TestNoInjection(t *testing.T) {
	browser(t)
	s := site(t)

	t.Run("search", func(t *testing.T) {
		t.Parallel()
		ctx := newTab(t)
		w := watch(t, ctx, s.URL)
		for _, q := range []string{payload, "Pasted HTML bug tracker", "onerror pwned script"} {
			do(t, ctx, "searching", chromedp.Navigate(s.pageURL(query("/search/", q))))
			hits := waitSearchResults(t, ctx)
			if q == "Pasted HTML bug tracker" && !strings.Contains(strings.Join(hrefs(hits), " "), "/notes/raw-html-note/") {
				t.Errorf("the raw-HTML note is not found by its title: %v", hrefs(hits))
			}
			if got := eval[string](t, ctx, `document.getElementById("search-q").value`); got != q {
				t.Errorf("search box holds %q, want the query as text %q", got, q)
			}
			assertNotInjected(t, w, ctx, "/search/?q="+q)
		}
	})

	t.Run("lookup", func(t *testing.T) {
		t.Parallel()
		ctx := newTab(t)
		w := watch(t, ctx, s.URL)
		text, _ := json.Marshal(payload + "\nAddressSanitizer: heap-use-after-free csrc/fusion_segmenter.cpp:38 " + payload)
		do(t, ctx, "opening /lookup/", chromedp.Navigate(s.pageURL("/lookup/")))
		eval[chromedp.Void](t, ctx, `document.getElementById("lookup-q").value = `+string(text))
		do(t, ctx, "submitting", chromedp.Click(chromedp.CSS(`form.error-form button[type="submit"]`)))
		readLookupResults(t, ctx)
		assertNotInjected(t, w, ctx, "/lookup/ form")

		do(t, ctx, "opening ?q=", chromedp.Navigate(s.pageURL(query("/lookup/", payload))))
		readLookupResults(t, ctx)
		assertNotInjected(t, w, ctx, "/lookup/?q=")
	})

	t.Run("note page", func(t *testing.T) {
		t.Parallel()
		ctx := newTab(t)
		w := watch(t, ctx, s.URL)
		for _, p := range []string{"/notes/raw-html-note/", "/notes/", "/"} {
			do(t, ctx, "opening "+p, chromedp.Navigate(s.pageURL(p)))
			assertNotInjected(t, w, ctx, p)
		}
		// The served HTML itself, before any script runs.
		resp, err := http.Get(s.pageURL("/notes/raw-html-note/"))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		doc, err := goquery.NewDocumentFromReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		doc.Find("script").Each(func(_ int, e *goquery.Selection) {
			if strings.Contains(e.Text(), "__pwned") {
				t.Errorf("the note page carries the note's <script>: %s", e.Text())
			}
		})
		// The sanitizer keeps what GitHub would (the <img>, the <b>), never
		// a frame, a class, an event attribute.
		const injected = `iframe, .injected-by-note, [onerror], [onmouseover]`
		if n := doc.Find(injected).Length(); n > 0 {
			h, _ := doc.Find(injected).First().Parent().Html()
			t.Errorf("the note page carries %d raw-HTML element(s) from the note: %s", n, h)
		}
		if !strings.Contains(doc.Find("main").Text(), "none of it must run") {
			t.Error("the note's own text is missing from its page")
		}
	})
}
