package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/nvfuser-handbook/handbook/generator/envcheck"
)

// pageVerdict is what the /compose/ page shows for one variable.
type pageVerdict struct {
	Var     string   `json:"var"`
	Href    string   `json:"href"`
	Items   []string `json:"items"` // option hrefs
	ErrKind string   `json:"errKind"`
	ErrAt   string   `json:"errAt"`
	Text    string   `json:"text"`
}

const readVerdicts = `JSON.stringify([...document.querySelectorAll("#compose-verdicts .compose-verdict")].map(s => ({
	var: s.dataset.var,
	href: (s.querySelector("h3 a") || {}).pathname || "",
	items: [...s.querySelectorAll("a.compose-item")].map(a => a.pathname),
	errKind: (s.querySelector(".compose-error") || {dataset: {}}).dataset.kind || "",
	errAt: (s.querySelector(".compose-error") || {dataset: {}}).dataset.offset || "",
	text: s.innerText,
})))`

// composeCatalog is envcheck's catalog of the built site, read from its
// JSON API as the page reads it.
func composeCatalog(t *testing.T, s *builtSite) *envcheck.Catalog {
	t.Helper()
	env, err := os.ReadFile(filepath.Join(s.Out, "api", "env.json"))
	if err != nil {
		t.Fatal(err)
	}
	opts, err := os.ReadFile(filepath.Join(s.Out, "api", "options.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := envcheck.LoadCatalog(env, opts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wantVerdicts is what the page must show for a script: envcheck's verdicts.
func wantVerdicts(c *envcheck.Catalog, script string) []pageVerdict {
	var out []pageVerdict
	for _, v := range c.Decode(script) {
		pv := pageVerdict{Var: v.Var, Href: v.URL, Items: []string{}}
		for _, it := range v.Items {
			pv.Items = append(pv.Items, it.URL)
		}
		if v.Error != nil {
			pv.ErrKind = v.Error.Kind
			pv.ErrAt = strconv.Itoa(v.Error.Offset)
		}
		out = append(out, pv)
	}
	return out
}

func pageVerdicts(t *testing.T, ctx context.Context) []pageVerdict {
	t.Helper()
	waitFor(t, ctx, `document.querySelector("#compose-verdicts .compose-verdict, #compose-verdicts .callout")`, 20*time.Second, `document.getElementById("compose-verdicts").innerText`)
	var got []pageVerdict
	if err := json.Unmarshal([]byte(eval[string](t, ctx, readVerdicts)), &got); err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i].Items == nil {
			got[i].Items = []string{}
		}
	}
	return got
}

func sameVerdicts(t *testing.T, where string, got, want []pageVerdict, wantErrors map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: page shows %d variables, envcheck %d\npage: %+v\nwant: %+v", where, len(got), len(want), got, want)
	}
	for i := range want {
		g := got[i]
		text := g.Text
		g.Text = ""
		if !reflect.DeepEqual(g, want[i]) {
			t.Errorf("%s: variable %d: page %+v\n                envcheck %+v", where, i, g, want[i])
		}
		if e := wantErrors[g.Var]; e != "" && !strings.Contains(text, e) {
			t.Errorf("%s: %s: the page does not say %q:\n%s", where, g.Var, e, text)
		}
	}
}

// TestComposeVerdicts: the /compose/ page reads the fragment and a pasted
// script as envcheck does (and so as nvFuser does), shows the export
// lines and the one-line command, with no console error.
func TestComposeVerdicts(t *testing.T) {
	browser(t)
	s := site(t)
	c := composeCatalog(t, s)
	cases := []struct {
		name, fragment, paste string
		exports               string
		errors                map[string]string // variable → text the page must show
	}{
		{name: "shared line", fragment: "NVFUSER_DUMP=fusion_ir,cuda_kernel&NVFUSER_DISABLE=parallel_compile",
			exports: "export NVFUSER_DUMP=fusion_ir,cuda_kernel\nexport NVFUSER_DISABLE=parallel_compile"},
		{name: "unknown option", paste: "NVFUSER_DUMP=fusion_ir,bogus python repro.py",
			exports: "export NVFUSER_DUMP=fusion_ir,bogus",
			errors:  map[string]string{"NVFUSER_DUMP": "nvFuser rejects this value at byte 10: 'bogus' is not an option of NVFUSER_DUMP"}},
		{name: "unclosed paren", fragment: "NVFUSER_DUMP=fusion_ir(",
			exports: "export NVFUSER_DUMP='fusion_ir('",
			errors:  map[string]string{"NVFUSER_DUMP": "nvFuser rejects this value at byte 9: the '(' after 'fusion_ir' is never closed"}},
		{name: "suggestions", paste: "export NVFUSER_DUMP='fusion_ri(1)x'\nexport NVFUSER_PROF=pirnt\nexport NVFUSER_NUM_THREDS=2",
			errors: map[string]string{"NVFUSER_DUMP": "'fusion_ri' is not an option", "NVFUSER_PROF": "It accepts instead: print", "NVFUSER_NUM_THREDS": "Use NVFUSER_NUM_THREADS"}},
		// The range nvFuser's own check on the read path states (extracted).
		{name: "out of range", fragment: "NVFUSER_JIT_OPT_LEVEL=7",
			exports: "export NVFUSER_JIT_OPT_LEVEL=7",
			errors:  map[string]string{"NVFUSER_JIT_OPT_LEVEL": "NVFUSER_JIT_OPT_LEVEL accepts 0 to 4; nvFuser warns otherwise.\n\nnvFuser prints: JIT_OPT_LEVEL takes 0 to 4, not 7; ignored"}},
		{name: "in range", fragment: "NVFUSER_JIT_OPT_LEVEL=3", exports: "export NVFUSER_JIT_OPT_LEVEL=3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			w := watch(t, ctx, s.URL)
			script := tc.paste
			if tc.fragment != "" {
				do(t, ctx, "opening the fragment", chromedp.Navigate(s.pageURL("/compose/#"+tc.fragment)))
				script = strings.ReplaceAll(tc.fragment, "&", "\n")
			} else {
				text, _ := json.Marshal(tc.paste)
				do(t, ctx, "opening /compose/", chromedp.Navigate(s.pageURL("/compose/")))
				waitFor(t, ctx, `document.querySelector("#compose-list li")`, 20*time.Second, `document.getElementById("compose-verdicts").innerText`)
				eval[chromedp.Void](t, ctx, `document.getElementById("compose-paste").value = `+string(text))
				do(t, ctx, "checking", chromedp.Click(chromedp.CSS(`#compose-decode button[type="submit"]`)))
			}
			sameVerdicts(t, tc.name, pageVerdicts(t, ctx), wantVerdicts(c, script), tc.errors)
			if tc.exports != "" {
				if got := eval[string](t, ctx, `document.querySelector("#compose-exports pre code").textContent`); got != tc.exports {
					t.Errorf("export lines:\n%s\nwant\n%s", got, tc.exports)
				}
			}
			if tc.paste != "" {
				// The pasted state is now the page's address: reopening it
				// shows the same.
				frag := eval[string](t, ctx, `location.hash`)
				if frag == "" {
					t.Error("checking a pasted line did not put it in the address")
				}
				do(t, ctx, "reopening", chromedp.Navigate("about:blank"), chromedp.Navigate(s.pageURL("/compose/"+frag)))
				sameVerdicts(t, tc.name+" (reopened)", pageVerdicts(t, ctx), wantVerdicts(c, tc.paste), tc.errors)
			}
			w.settle()
			for _, p := range w.take() {
				t.Error(p)
			}
		})
	}
}

// TestComposePick: options are picked with the keyboard; the fragment, the
// export lines and the one-line command follow.
func TestComposePick(t *testing.T) {
	browser(t)
	s := site(t)
	ctx := newTab(t)
	w := watch(t, ctx, s.URL)
	do(t, ctx, "opening", chromedp.Navigate(s.pageURL("/compose/#NVFUSER_DUMP=fusion_ir")))
	waitFor(t, ctx, `document.querySelector("#compose-list li")`, 20*time.Second, `document.body.innerText`)
	do(t, ctx, "searching", chromedp.Focus(chromedp.CSS("#compose-q")), chromedp.KeyEvent("cuda_kernel"))
	waitFor(t, ctx, `document.querySelectorAll("#compose-list li").length === 1`, 10*time.Second, `document.getElementById("compose-list").innerText`)
	do(t, ctx, "tabbing to the checkbox", chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Tab))
	var path []string
	for i := 0; i < 10 && eval[string](t, ctx, `document.activeElement.type || ""`) != "checkbox"; i++ {
		path = append(path, eval[string](t, ctx, `document.activeElement.id || document.activeElement.tagName`))
		do(t, ctx, "pressing Tab", chromedp.KeyEvent(kb.Tab))
	}
	if eval[string](t, ctx, `document.activeElement.type || ""`) != "checkbox" {
		t.Fatalf("Tab never reached the option's checkbox (went %v)", path)
	}
	do(t, ctx, "pressing Space", chromedp.KeyEvent(" "))
	waitFor(t, ctx, `location.hash === "#NVFUSER_DUMP=fusion_ir,cuda_kernel"`, 10*time.Second, `location.hash`)
	if got := eval[string](t, ctx, `document.querySelector("#compose-prefix pre code").textContent`); got != "NVFUSER_DUMP=fusion_ir,cuda_kernel python repro.py" {
		t.Errorf("one-line command: %q", got)
	}
	if !eval[bool](t, ctx, `document.activeElement.type === "checkbox" && document.activeElement.checked`) {
		t.Error("after picking, focus left the checkbox")
	}
	// Arguments for the picked option.
	do(t, ctx, "giving arguments", chromedp.Focus(chromedp.CSS(`#compose-list .compose-arg input`)), chromedp.KeyEvent("3,4"), chromedp.KeyEvent(kb.Tab))
	waitFor(t, ctx, `decodeURIComponent(location.hash) === "#NVFUSER_DUMP=fusion_ir,cuda_kernel(3,4)"`, 10*time.Second, `location.hash`)
	if got := eval[string](t, ctx, `document.querySelector("#compose-exports pre code").textContent`); got != "export NVFUSER_DUMP='fusion_ir,cuda_kernel(3,4)'" {
		t.Errorf("export line with arguments: %q", got)
	}
	w.settle()
	for _, p := range w.take() {
		t.Error(p)
	}
}
