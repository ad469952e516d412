package localref

import "testing"

// TestSVGVerdict: the memo answers as svgActive does, for a plain drawing
// and an active one, the first time and again.
func TestSVGVerdict(t *testing.T) {
	for _, svg := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
		`<svg`,
	} {
		want := svgActive([]byte(svg))
		for i := range 2 {
			if got := svgVerdict([]byte(svg)); got != want {
				t.Errorf("call %d on %q: %q, want %q", i, svg, got, want)
			}
		}
	}
	if svgActive([]byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)) == "" {
		t.Error("the active fixture passed svgActive: the test proves nothing")
	}
}
