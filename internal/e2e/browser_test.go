package e2e

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

const skipNoChromium = "chromium not installed: apt-get install chromium (CI's .ci/run installs it)"

// One headless Chromium per test binary; every test opens its own tabs.
var (
	browserOnce    sync.Once
	browserCtx     context.Context
	browserCancels []context.CancelFunc
	browserDir     string
	browserErr     error
)

// browser returns the shared browser's context, starting it on first use.
// It skips the test when chromium is not installed.
func browser(t testing.TB) context.Context {
	t.Helper()
	exe, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip(skipNoChromium)
	}
	browserOnce.Do(func() {
		browserDir, browserErr = os.MkdirTemp("", "handbook-e2e-chromium-")
		if browserErr != nil {
			return
		}
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath(exe),
			chromedp.Flag("headless", true),
			chromedp.Flag("no-sandbox", true),
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("no-first-run", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.UserDataDir(browserDir),
		)
		ctx, cancel := chromedp.NewContext(allocCtx)
		browserCancels = []context.CancelFunc{cancel, cancelAlloc}
		browserCtx = ctx
		if err := chromedp.Do(ctx); err != nil { // starts the browser
			browserErr = fmt.Errorf("starting %s: %w", exe, err)
		}
	})
	if browserErr != nil {
		t.Fatal(browserErr)
	}
	return browserCtx
}

func closeBrowser() {
	for _, c := range browserCancels {
		c()
	}
	if browserDir != "" {
		os.RemoveAll(browserDir)
	}
}

// newTab opens a tab for the test in a browser context of its own (no
// cache, no storage: a first-time visitor), closed when the test ends.
// Every action on it must finish within two minutes.
func newTab(t testing.TB) context.Context {
	t.Helper()
	tab, cancel := chromedp.NewContext(browser(t), chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(tab); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancelTimeout := context.WithTimeout(tab, 2*time.Minute)
	t.Cleanup(cancelTimeout)
	return ctx
}

// do runs actions on the tab and fails the test on error.
func do(t testing.TB, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression (awaiting a promise) into T.
func eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %.120q: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript predicate until it is truthy or the timeout
// passes; on timeout it fails the test with what describe returns.
func waitFor(t testing.TB, ctx context.Context, predicate string, timeout time.Duration, describe string) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	var err error
	for {
		_, err = chromedp.Run(ctx, chromedp.Poll[chromedp.Void](predicate,
			chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(50*time.Millisecond)))
		// A poll started just before a navigation replaced the page's
		// JavaScript context fails with that context; the new page is
		// polled again instead, until the deadline.
		if err == nil || !contextReplaced(err) || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](describe))
		t.Fatalf("waiting for %s: %v\npage state: %s", predicate, err, state)
	}
}

// contextReplaced reports whether err is Chromium saying the page's
// execution context went away under an evaluation (a navigation).
func contextReplaced(err error) bool {
	m := err.Error()
	return strings.Contains(m, "Cannot find context with specified id") || strings.Contains(m, "Execution context was destroyed") ||
		strings.Contains(m, "Inspected target navigated or closed")
}

// colorScheme emulates prefers-color-scheme.
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}

// viewport sets the window size; narrow ones are emulated as a phone.
func viewport(w, h int64) chromedp.Action[chromedp.Void] {
	if w < 600 {
		return chromedp.EmulateViewport(w, h, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	return chromedp.EmulateViewport(w, h)
}

// fullScreenshot captures the whole page, beyond the viewport, as PNG.
func fullScreenshot(ctx context.Context, t *chromedp.Target) ([]byte, error) {
	m, err := cdp.Call(ctx, t, page.GetLayoutMetrics, cdp.Empty{})
	if err != nil {
		return nil, err
	}
	w, h := 1.0, 1.0
	if m.CSSContentSize != nil {
		w, h = m.CSSContentSize.Width, m.CSSContentSize.Height
	}
	if m.CSSLayoutViewport != nil {
		w = max(w, float64(m.CSSLayoutViewport.ClientWidth))
		h = max(h, float64(m.CSSLayoutViewport.ClientHeight))
	}
	yes := true
	r, err := cdp.Call(ctx, t, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format:                page.CaptureScreenshotFormatPng,
		CaptureBeyondViewport: &yes,
		FromSurface:           &yes,
		Clip:                  &page.Viewport{Width: w, Height: min(h, 16000), Scale: 1},
	})
	return r.Data, err
}

// saveScreenshot writes a full-page screenshot into the artifacts folder
// and logs its path.
func saveScreenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, fullScreenshot)
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	p := filepath.Join(artifactsDir(t), name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	t.Logf("screenshot: %s", p)
}

// watcher collects what went wrong in a tab: uncaught exceptions,
// console.error calls, browser log errors and same-origin requests that
// failed or answered >= 400. It also tracks requests in flight.
type watcher struct {
	origin string

	mu       sync.Mutex
	urls     map[network.RequestID]string
	inflight map[network.RequestID]time.Time
	expected map[string]bool // URLs allowed to answer 404 (the 404 page itself)
	problems []string
}

func watch(t testing.TB, ctx context.Context, origin string) *watcher {
	t.Helper()
	w := &watcher{origin: origin, urls: map[network.RequestID]string{}, inflight: map[network.RequestID]time.Time{}, expected: map[string]bool{}}
	if err := chromedp.Listen(ctx, w.event); err != nil {
		t.Fatalf("listening to the tab: %v", err)
	}
	return w
}

// expect404 allows u to answer 404.
func (w *watcher) expect404(u string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.expected[u] = true
}

func (w *watcher) sameOrigin(u string) bool {
	return u == w.origin || strings.HasPrefix(u, w.origin+"/")
}

func (w *watcher) add(format string, args ...any) {
	w.problems = append(w.problems, fmt.Sprintf(format, args...))
}

// event runs in the tab's message loop: no commands, return fast.
func (w *watcher) event(ev any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			msg += " " + d.Exception.Description
		}
		w.add("uncaught exception at %s:%d: %s", d.URL, d.LineNumber+1, msg)
	case *runtime.EventConsoleAPICalled:
		if ev.Type != runtime.ConsoleAPICalledTypeError && ev.Type != runtime.ConsoleAPICalledTypeAssert {
			return
		}
		var args []string
		for _, a := range ev.Args {
			if a.Description != "" {
				args = append(args, a.Description)
			} else {
				args = append(args, string(a.Value))
			}
		}
		w.add("console.%s: %s", ev.Type, strings.Join(args, " "))
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError && !w.expected[ev.Entry.URL] {
			w.add("browser log error (%s): %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
		}
	case *network.EventRequestWillBeSent:
		if ev.Type == network.ResourceTypeDocument && ev.FrameID != "" && string(ev.LoaderID) == string(ev.RequestID) {
			clear(w.inflight) // a new page: what the last one left open no longer matters
		}
		w.urls[ev.RequestID] = ev.Request.URL
		w.inflight[ev.RequestID] = time.Now()
	case *network.EventLoadingFinished:
		delete(w.inflight, ev.RequestID)
	case *network.EventLoadingFailed:
		delete(w.inflight, ev.RequestID)
		if u := w.urls[ev.RequestID]; w.sameOrigin(u) && !ev.Canceled {
			w.add("request failed: %s %s (%s)", ev.Type, u, ev.ErrorText)
		}
	case *network.EventResponseReceived:
		u := ev.Response.URL
		if w.sameOrigin(u) && ev.Response.Status >= 400 && !w.expected[u] {
			w.add("HTTP %d for %s %s", ev.Response.Status, ev.Type, u)
		}
	}
}

// settle waits until no request has been in flight for 300ms (pagefind and
// the lookup index load after the load event), at most 15s. A request open
// for over 2s is not waited for: a worker's script finishes in the worker's
// own target, and the page never hears of it.
func (w *watcher) settle() {
	quietSince := time.Now()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		w.mu.Lock()
		n := 0
		for _, started := range w.inflight {
			if time.Since(started) < 2*time.Second {
				n++
			}
		}
		w.mu.Unlock()
		if n > 0 {
			quietSince = time.Now()
		} else if time.Since(quietSince) > 300*time.Millisecond {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// take returns the problems seen so far and forgets them.
func (w *watcher) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	p := w.problems
	w.problems = nil
	return p
}

// query builds "path?q=value".
func query(p, q string) string {
	return p + "?q=" + url.QueryEscape(q)
}
