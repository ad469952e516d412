package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// axeViolation is the part of an axe-core violation the report prints.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	URL    string `json:"helpUrl"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

const runAxe = `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`

// TestAccessibility runs axe-core (pinned in package.json) on each page type,
// light and dark, after its scripts have rendered, and requires no violation.
func TestAccessibility(t *testing.T) {
	browser(t)
	s := site(t)
	axeJS := readAxe(t, s.Root)
	pages := []struct{ name, path, ready string }{
		{"home", "/", ""},
		{"runbook", "/runbooks/segmenter-log-use-after-free/", ""},
		{"guide", "/guides/reading-segmenter-decisions/", ""},
		{"guide-with-contents", longGuide, ""},
		{"other-note", "/notes/raw-html-note/", ""},
		{"option", "/options/dump/fusion_ir_preseg/", ""},
		{"variable", "/env/nvfuser_num_threads/", ""},
		{"variable-range", "/env/nvfuser_jit_opt_level/", ""}, // accepted values from the code's check
		{"drift", "/drift/", ""},
		{"contract", "/contract/", ""},
		{"option-hints", "/options/disable/parallel_compile/", ""},                           // hints and links from nvFuser
		{"markdown", "/notes/markdown-features/", ""},                                        // callouts, math, details, kbd, footnotes
		{"check", "/errors/reportcompileerrors-compiling-segment-s-in-parallel-failed/", ""}, // highlighted code, facts
		{"checks", "/errors/", ""},
		{"checks-area", "/errors/area/runtime/", ""},
		{"search", query("/search/", "segmenter"), `document.querySelector("#search .search-count, #search .search-error")`},
		{"compose-empty", "/compose/", `document.querySelector("#compose-list li")`},
		{"compose", "/compose/#NVFUSER_DUMP=fusion_ir,bogus&NVFUSER_DISABLE=parallel_compile&NVFUSER_PROF=pirnt&NVFUSER_ENABLE=kernel_profile(", `document.querySelector("#compose-verdicts .compose-verdict")`},
		{"compose-range", "/compose/#NVFUSER_JIT_OPT_LEVEL=7", `document.querySelector("#compose-verdicts .compose-outside")`},
		{"lookup", query("/lookup/", "SUMMARY: AddressSanitizer: heap-use-after-free csrc/fusion_segmenter.cpp:38:28 in nvfuser::tryMerge(std::string const&)"), `document.querySelector("#lookup-app ol, #lookup-app p")`},
	}
	for _, pg := range pages {
		t.Run(pg.name, func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			for _, scheme := range []string{"light", "dark"} {
				do(t, ctx, "loading "+pg.path, viewport(1280, 900), colorScheme(scheme), chromedp.Navigate(s.pageURL(pg.path)))
				if pg.ready != "" {
					waitFor(t, ctx, pg.ready, 20*time.Second, `document.querySelector("main").innerText`)
				}
				checkAxe(t, ctx, axeJS, pg.path+" ("+scheme+")")
			}
		})
	}
}

// readAxe reads axe-core's script from the project's node_modules.
func readAxe(t testing.TB, root string) []byte {
	t.Helper()
	axeJS, err := os.ReadFile(filepath.Join(root, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is not installed (npm ci installs it from package.json): %v", err)
	}
	return axeJS
}

// checkAxe runs axe-core on the tab's page as it is and reports every
// violation as an error.
func checkAxe(t testing.TB, ctx context.Context, axeJS []byte, what string) {
	t.Helper()
	eval[chromedp.Void](t, ctx, string(axeJS))
	var violations []axeViolation
	if err := json.Unmarshal([]byte(eval[string](t, ctx, runAxe)), &violations); err != nil {
		t.Fatal(err)
	}
	for _, v := range violations {
		t.Errorf("%s: %s [%s] %s\n%s", what, v.ID, v.Impact, v.Help, describeNodes(v))
	}
}

// describeNodes lists the first few offending elements of a violation.
func describeNodes(v axeViolation) string {
	var b strings.Builder
	for i, n := range v.Nodes {
		if i == 5 {
			fmt.Fprintf(&b, "    … and %d more\n", len(v.Nodes)-5)
			break
		}
		sel, _ := json.Marshal(n.Target)
		fmt.Fprintf(&b, "    %s: %s\n", sel, strings.ReplaceAll(n.Summary, "\n", "; "))
	}
	fmt.Fprintf(&b, "    see %s", v.URL)
	return b.String()
}
