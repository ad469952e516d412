package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// renderPages are the page types TestPagesRender loads; status is the
// HTTP status the document must answer.
var renderPages = []struct {
	name, path string
	status     int64
}{
	{"home", "/", 200},
	{"runbook", "/runbooks/segmenter-log-use-after-free/", 200},
	{"guide", longGuide, 200}, // with a table of contents
	{"family", "/options/dump/", 200},
	{"option", "/options/dump/fusion_ir_preseg/", 200},
	{"variable", "/env/nvfuser_dump/", 200},
	{"drift", "/drift/", 200},
	{"search", "/search/", 200},
	{"search-results", "/search/?q=segmenter", 200},
	{"lookup", "/lookup/", 200},
	{"lookup-results", query("/lookup/", "SUMMARY: AddressSanitizer: heap-use-after-free csrc/fusion_segmenter.cpp:38:28 in nvfuser::tryMerge(std::string const&)"), 200},
	{"contract", "/contract/", 200},
	{"option-hints", "/options/disable/parallel_compile/", 200}, // nvFuser suggests it, and links to it
	{"check", "/errors/reportcompileerrors-compiling-segment-s-in-parallel-failed/", 200},
	{"checks", "/errors/", 200},
	{"checks-area", "/errors/area/runtime/", 200},
	{"compose", "/compose/#NVFUSER_DUMP=fusion_ir,bogus&NVFUSER_DISABLE=parallel_compile&NVFUSER_ENABLE=kernel_profile(", 200},
	{"not-found", "/no-such-page/", 404},
}

// TestPagesRender loads each page type in light and dark, wide and narrow,
// and requires no exception, no console error and no failed same-origin
// request. Every variant leaves a full-page screenshot.
func TestPagesRender(t *testing.T) {
	browser(t)
	s := site(t)
	for _, pg := range renderPages {
		t.Run(pg.name, func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			w := watch(t, ctx, s.URL)
			u := s.pageURL(pg.path)
			if pg.status == 404 {
				w.expect404(u)
			}
			for _, size := range [][2]int64{{1280, 900}, {390, 844}} {
				for _, scheme := range []string{"light", "dark"} {
					variant := fmt.Sprintf("%s-%dx%d", scheme, size[0], size[1])
					do(t, ctx, "emulating "+variant, viewport(size[0], size[1]), colorScheme(scheme))
					if strings.Contains(u, "#") {
						// Only the fragment would change: that is no navigation.
						do(t, ctx, "leaving the page", chromedp.Navigate("about:blank"))
					}
					resp, err := chromedp.Run(ctx, chromedp.NavigateResponse(u))
					if err != nil {
						t.Fatalf("%s %s: %v", variant, u, err)
					}
					if resp.Status != pg.status {
						t.Errorf("%s: HTTP %d, want %d", u, resp.Status, pg.status)
					}
					w.settle()
					if got := eval[string](t, ctx, `matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"`); got != scheme {
						t.Errorf("%s: page sees color scheme %s, want %s", variant, got, scheme)
					}
					if p := w.take(); len(p) > 0 {
						t.Errorf("%s %s:\n  %s", variant, u, strings.Join(p, "\n  "))
					}
					saveScreenshot(t, ctx, "pages-"+pg.name+"-"+variant)
				}
			}
		})
	}
}
