package e2e

import (
	"encoding/json"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRealDocsReadAsOnGitHub opens nvFuser's own docs as the real handbook
// publishes them (see fuserSite) and checks what a reader of the same file
// on GitHub sees: every figure loaded, no HTML comment or tag shown as
// text, alerts as callouts, math typeset at build time, in-page links
// that land on an element; and no axe violation, light or dark.
func TestRealDocsReadAsOnGitHub(t *testing.T) {
	browser(t)
	s := fuserSite(t)
	axeJS := readAxe(t, s.Root)
	pages := []struct {
		path                 string
		figures, math, alert bool
	}{
		{"/guides/dev-tma/", true, true, false},   // 21 SVG figures
		{"/guides/dev-tmem/", false, false, true}, // C++ and Markdown at once, behind comments
		{"/guides/dev-ldmatrix-stmatrix/", true, false, false},
		{"/guides/reading-multigpu/", true, false, false}, // a raw <span id> target
		{"/guides/math-integer-division/", false, true, false},
		{"/guides/dev-debug/", false, false, false},
		{"/errors/", false, false, false},
	}
	// What a reader sees as text, and the page's facts, in one call.
	// Figures load lazily, so each same-origin one is fetched; a figure on
	// another host (nvidia.com) cannot load on this network-less machine
	// and is left out.
	const probe = `(async () => {
	  const main = document.querySelector("main");
	  const text = main.innerText;
	  const imgs = [...main.querySelectorAll("article img, .content img, main img")];
	  const broken = [];
	  for (const i of imgs) {
	    const u = new URL(i.getAttribute("src"), location.href);
	    if (u.origin !== location.origin) continue;
	    const r = await fetch(u);
	    if (!r.ok || !(r.headers.get("content-type") || "").startsWith("image/")) broken.push(i.getAttribute("src"));
	  }
	  const deadAnchors = [...main.querySelectorAll('a[href^="#"]')]
	    .map(a => decodeURIComponent(a.getAttribute("href").slice(1)))
	    .filter(id => id && !document.getElementById(id));
	  return JSON.stringify({
	    comment: /<!--|-->/.test(text),
	    tags: /<\/?(details|summary|br|img|sup|sub|kbd|span|div|p)\b[^>]*>/i.test(text),
	    marker: /\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/.test(text),
	    images: imgs.length, broken,
	    katex: main.querySelectorAll(".katex").length,
	    mathErrors: main.querySelectorAll(".math-error").length,
	    rawMath: /\$\$|\\\(|\\\[/.test(text),
	    callouts: main.querySelectorAll(".callout").length,
	    deadAnchors,
	  });
	})()`
	for _, pg := range pages {
		t.Run(pg.path, func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			do(t, ctx, "loading "+pg.path, viewport(1280, 900), chromedp.Navigate(s.pageURL(pg.path)))
			var got struct {
				Comment, Tags, Marker, RawMath bool
				Images, Katex, Callouts        int
				MathErrors                     int
				Broken, DeadAnchors            []string
			}
			if err := json.Unmarshal([]byte(eval[string](t, ctx, probe)), &got); err != nil {
				t.Fatal(err)
			}
			if got.Comment || got.Tags || got.Marker {
				t.Errorf("%s shows markup as text: comment %v, tags %v, alert marker %v", pg.path, got.Comment, got.Tags, got.Marker)
			}
			if len(got.Broken) > 0 {
				t.Errorf("%s: %d of %d figures did not load: %v", pg.path, len(got.Broken), got.Images, got.Broken)
			}
			if pg.figures && got.Images == 0 {
				t.Errorf("%s shows no figure", pg.path)
			}
			if pg.math && (got.Katex == 0 || got.RawMath) {
				t.Errorf("%s: math not typeset (%d KaTeX spans, raw delimiters shown: %v)", pg.path, got.Katex, got.RawMath)
			}
			// Read as GitHub reads it ("\\%" is "\%" to the renderer),
			// every formula of nvFuser's docs typesets.
			if got.MathErrors != 0 {
				t.Errorf("%s: %d formulas KaTeX could not typeset", pg.path, got.MathErrors)
			}
			if pg.alert && got.Callouts == 0 {
				t.Errorf("%s: its alert is no callout", pg.path)
			}
			if len(got.DeadAnchors) > 0 {
				t.Errorf("%s: in-page links to nothing: %v", pg.path, got.DeadAnchors)
			}
			for _, scheme := range []string{"light", "dark"} {
				do(t, ctx, "loading "+pg.path, colorScheme(scheme), chromedp.Navigate(s.pageURL(pg.path)))
				checkAxe(t, ctx, axeJS, pg.path+" ("+scheme+")")
			}
		})
	}
}
