package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRealCheckHistoryPages opens, on the real handbook (see fuserSite),
// a check page with the last commits that changed its function and the
// lean page of a check nvFuser removed, and requires what they promise
// and no axe violation, light or dark.
func TestRealCheckHistoryPages(t *testing.T) {
	browser(t)
	s := fuserSite(t)
	axeJS := readAxe(t, s.Root)
	for _, pg := range []struct{ path, want string }{
		{"/errors/validateandcollectvectorizeinfo-vectorized-accesses-cannot-be-inline-with/", "Last changes to validateAndCollectVectorizeInfo"},
		{"/errors/allocateoutput-alias-io-only-supports-tensor-found/", "Replaced by"},
	} {
		t.Run(pg.path, func(t *testing.T) {
			ctx := newTab(t)
			for _, scheme := range []string{"light", "dark"} {
				do(t, ctx, "loading "+pg.path, viewport(1280, 900), colorScheme(scheme), chromedp.Navigate(s.pageURL(pg.path)))
				if text := eval[string](t, ctx, `document.querySelector("main").innerText`); !strings.Contains(text, pg.want) {
					t.Errorf("%s: no %q in the page", pg.path, pg.want)
				}
				checkAxe(t, ctx, axeJS, pg.path+" ("+scheme+")")
			}
		})
	}
}
