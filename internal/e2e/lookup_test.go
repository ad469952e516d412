package e2e

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/nvfuser-handbook/handbook/generator/lookup"
)

// lookupCases are errors as a user would paste them: the failures the
// fixture and example notes describe, with other paths, line numbers,
// addresses, pids and thread ids. min is the least number of matches the
// CLI must find, so the comparison is never vacuous; first is the id it
// must rank first.
var lookupCases = []struct {
	name, text string
	min        int
	first      string
}{
	{"asan use-after-free", `==4242==ERROR: AddressSanitizer: heap-use-after-free on address 0x60400099aa10 at pc 0x7fab00c0ffee bp 0x7fab00000e30 sp 0x7fab00000e28
READ of size 16 at 0x60400099aa10 thread T11
    #0 0x7fab00c0ffed in nvfuser::tryMerge(std::string const&, std::string const&, bool) /home/dev/src/Fuser/csrc/fusion_segmenter.cpp:41:9
    #1 0x7fab01a41b07 in nvfuser::FusionExecutorCache::runFusionWithInputs(nvfuser::KernelArgumentHolder const&) /home/dev/src/Fuser/csrc/runtime/executor_cache.cpp:512
SUMMARY: AddressSanitizer: heap-use-after-free /home/dev/src/Fuser/csrc/fusion_segmenter.cpp:41:9 in nvfuser::tryMerge(std::string const&, std::string const&, bool)`, 1, "segmenter-log-use-after-free"},
	{"gtest assert", `/workspace/Fuser/csrc/scheduler/matmul.cpp:430: Failure
C++ exception with description "INTERNAL ASSERT FAILED at /workspace/Fuser/csrc/scheduler/matmul.cpp:430, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. Epilogue vectorization width must divide the bias extent" thrown in the test body.
[  FAILED  ] MatmulSchedulerTest.EpilogueBiasBroadcast (877 ms)`, 1, "matmul-epilogue-assert"},
	{"asan stack overflow", "\x1b[1m\x1b[31m==777==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffd11112222 at pc 0x7f0000001111 bp 0x7ffd11112000 sp 0x7ffd11111ff8\x1b[0m\r\n" +
		"WRITE of size 8 at 0x7ffd11112222 thread T3\r\n" +
		"    #0 0x7f0000001110 in nvfuser::IndexLowering::handleReductionIndex(nvfuser::ReductionOp const*) /src/fuser/csrc/device_lower/pass/index.cpp:901:3\r\n", 1, "asan-index-overflow"},
	{"two candidates", `AddressSanitizer: heap-use-after-free in nvfuser::IndexLowering::handleReductionIndex(nvfuser::ReductionOp const*) while segmenter logging
    #3 0x55 in nvfuser::tryMerge(std::string const&) csrc/fusion_segmenter.cpp:77
    #4 0x56 in nvfuser::GpuLower::lower() csrc/device_lower/pass/index.cpp:12`, 2, ""},
	{"an option set in the repro command", "$ NVFUSER_DUMP=fusion_ir ./bin/test_matmul --gtest_filter=MatmulSchedulerTest.*\n" +
		`C++ exception with description "INTERNAL ASSERT FAILED at /workspace/Fuser/csrc/scheduler/matmul.cpp:430, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. Epilogue vectorization width must divide the bias extent" thrown in the test body.`, 2, "matmul-epilogue-assert"},
	{"unrelated", "a completely unrelated sentence about lunch", 0, ""},
}

// compareLookup requires the page's ranking to be the CLI's.
func compareLookup(t testing.TB, page []lookupResult, cli []lookup.Match) {
	t.Helper()
	var want []lookupResult
	for _, m := range cli {
		// The CLI prints absolute permalinks; the page links the same
		// pages by path, so that a preview or local copy stays on itself.
		href := m.URL
		if u, err := url.Parse(m.URL); err == nil {
			href = u.Path
		}
		want = append(want, lookupResult{Href: href, Title: m.Title, Evidence: "Matched: " + strings.Join(m.Evidence, ", ")})
	}
	if len(page) != len(want) {
		t.Errorf("page ranked %d pages, gen lookup %d\npage: %+v\ncli:  %+v", len(page), len(want), page, want)
		return
	}
	for i := range want {
		if page[i] != want[i] {
			t.Errorf("rank %d: page %+v\n        cli  %+v", i+1, page[i], want[i])
		}
	}
}

// TestLookupAgreesWithCLI: the /lookup/ page ranks pasted errors exactly as
// `gen lookup` does (lookup.Load(out).Rank), for form input and for ?q=.
func TestLookupAgreesWithCLI(t *testing.T) {
	browser(t)
	s := site(t)
	idx, err := lookup.Load(s.Out)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range lookupCases {
		cli := idx.Rank(c.text)
		if len(cli) < c.min || (c.min == 0 && len(cli) != 0) {
			t.Fatalf("%s: gen lookup found %d matches, the case needs %d: %+v", c.name, len(cli), c.min, cli)
		}
		if c.first != "" && cli[0].ID != c.first {
			t.Errorf("%s: gen lookup ranks %s first, want %s", c.name, cli[0].ID, c.first)
		}
		if strings.Contains(c.text, "NVFUSER_DUMP=fusion_ir") && (len(cli) < 2 || cli[1].ID != "dump/fusion_ir") {
			t.Errorf("%s: the option set in the repro command is not second: %+v", c.name, cli)
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t)
			t.Run("form", func(t *testing.T) {
				// Set the value from script: chromedp.SetValue insists on reading
				// back what it wrote, and a textarea turns "\r\n" into "\n".
				text, _ := json.Marshal(c.text)
				do(t, ctx, "opening /lookup/", chromedp.Navigate(s.pageURL("/lookup/")))
				eval[chromedp.Void](t, ctx, `document.getElementById("lookup-q").value = `+string(text))
				do(t, ctx, "submitting", chromedp.Click(chromedp.CSS(`form.error-form button[type="submit"]`)))
				compareLookup(t, readLookupResults(t, ctx), cli)
				if c.min == 0 && !eval[bool](t, ctx, `!!document.querySelector("#lookup-app .lookup-none")`) {
					t.Error("no matches, but the page does not say so")
				}
				if q := eval[string](t, ctx, `new URL(location.href).searchParams.get("q")`); q != eval[string](t, ctx, `document.getElementById("lookup-q").value`) {
					t.Errorf("after submitting, the URL's q is %q, not the pasted text", q)
				}
			})
			t.Run("prefill", func(t *testing.T) {
				do(t, ctx, "opening ?q=", chromedp.Navigate(s.pageURL(query("/lookup/", c.text))))
				box := eval[string](t, ctx, `document.getElementById("lookup-q").value`)
				if want := strings.ReplaceAll(c.text, "\r\n", "\n"); box != want {
					t.Errorf("?q= prefill: textarea holds %q, want %q", box, want)
				}
				compareLookup(t, readLookupResults(t, ctx), cli)
			})
		})
	}
}

// TestLookupResultLinksStayOnSite: a ranked result opens the runbook on the
// site being browsed (a local or preview copy too), not on baseURL's host,
// as every other link of the site does.
func TestLookupResultLinksStayOnSite(t *testing.T) {
	browser(t)
	s := site(t)
	ctx := newTab(t)
	do(t, ctx, "opening ?q=", chromedp.Navigate(s.pageURL(query("/lookup/", lookupCases[0].text))))
	results := readLookupResults(t, ctx)
	if len(results) == 0 {
		t.Fatal("no results")
	}
	eval[chromedp.Void](t, ctx, `document.querySelector("#lookup-app .lookup-result a").click()`)
	// Poll from Go: the navigation destroys the page's script context.
	var got string
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`)); err == nil && !strings.Contains(href, "/lookup/") {
			got = href
			break
		}
	}
	if want := s.pageURL("/runbooks/" + lookupCases[0].first + "/"); got != want {
		t.Errorf("the first result (href %q) opened %s, want %s", results[0].Href, got, want)
	}
}

// TestLookupContractURL: the URL the /contract/ page tells nvFuser to
// print, /lookup/?q= with the first 300 characters of the message
// percent-encoded as its C++ and Python examples do (spaces as %20, not
// +), opens the lookup filled in and already ranked, as gen lookup ranks
// the same text.
func TestLookupContractURL(t *testing.T) {
	browser(t)
	s := site(t)
	idx, err := lookup.Load(s.Out)
	if err != nil {
		t.Fatal(err)
	}
	text := lookupCases[0].text[:300]
	cli := idx.Rank(text)
	if len(cli) == 0 {
		t.Fatal("gen lookup finds nothing for the truncated message; the test would prove nothing")
	}
	ctx := newTab(t)
	u := "/lookup/?q=" + strings.ReplaceAll(url.QueryEscape(text), "+", "%20")
	do(t, ctx, "opening "+u, chromedp.Navigate(s.pageURL(u)))
	if box := eval[string](t, ctx, `document.getElementById("lookup-q").value`); box != text {
		t.Errorf("the lookup box holds %q, want %q", box, text)
	}
	compareLookup(t, readLookupResults(t, ctx), cli)
}
