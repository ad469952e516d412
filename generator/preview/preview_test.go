package preview_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/preview"
	"github.com/nvfuser-handbook/handbook/internal/corpus"
	"github.com/nvfuser-handbook/handbook/internal/syncbuf"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// server is a gen serve running for a test.
type server struct {
	t       *testing.T
	url     string
	rebuilt chan preview.Rebuild
	out     *syncbuf.Buffer
}

func start(t *testing.T, s *config.Settings, search bool) *server {
	t.Helper()
	srv := &server{t: t, rebuilt: make(chan preview.Rebuild, 16), out: &syncbuf.Buffer{}}
	ready := make(chan string, 1)
	stop := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- preview.Run(preview.Options{Settings: s, Addr: "127.0.0.1:0", Search: search, Out: srv.out, Errors: srv.out,
			Ready:   func(u string) { ready <- u },
			Rebuilt: func(rb preview.Rebuild) { srv.rebuilt <- rb }}, stop)
	}()
	t.Cleanup(func() {
		close(stop)
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	select {
	case srv.url = <-ready:
	case err := <-done:
		t.Fatalf("gen serve did not start: %v\n%s", err, srv.out.String())
	case <-time.After(2 * time.Minute):
		t.Fatal("gen serve did not start")
	}
	return srv
}

// listen connects to livereload as an open page does and returns the
// messages it receives.
func (s *server) listen() <-chan string {
	s.t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.url, "http")+"livereload", nil)
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { ws.Close() })
	messages := make(chan string, 16)
	go func() {
		defer close(messages)
		for {
			_, m, err := ws.ReadMessage()
			if err != nil {
				return
			}
			messages <- string(m)
		}
	}()
	time.Sleep(100 * time.Millisecond) // the hub registers the connection
	return messages
}

func (s *server) get(path string) (int, string) {
	resp, err := http.Get(s.url + strings.TrimPrefix(path, "/"))
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// navigate is get as a browser's navigation to path.
func (s *server) navigate(path string) (int, string) {
	req, err := http.NewRequest(http.MethodGet, s.url+strings.TrimPrefix(path, "/"), nil)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Sec-Fetch-Mode", "navigate")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// serveCorpus serves a synthetic corpus of n notes from a private copy of
// the project; it returns the server, the project and the corpus folder.
func serveCorpus(t *testing.T, n int) (*server, string, string) {
	t.Helper()
	proj := testsite.New(t)
	dir := t.TempDir()
	if err := corpus.Write(dir, n, 6); err != nil {
		t.Fatal(err)
	}
	return start(t, settings(t, proj, filepath.Join(dir, "fuser"), filepath.Join(dir, "notes")), false), proj, dir
}

// failure waits for the next rebuild, which must fail.
func (s *server) failure() preview.Rebuild {
	s.t.Helper()
	select {
	case rb := <-s.rebuilt:
		if rb.Err == nil {
			s.t.Fatal("the rebuild succeeded; want an error")
		}
		return rb
	case <-time.After(time.Minute):
		s.t.Fatalf("no rebuild within a minute:\n%s", s.out.String())
	}
	return preview.Rebuild{}
}

// next waits for the next rebuild.
func (s *server) next() preview.Rebuild {
	s.t.Helper()
	select {
	case rb := <-s.rebuilt:
		if rb.Err != nil {
			s.t.Fatalf("rebuild failed: %v", rb.Err)
		}
		return rb
	case <-time.After(time.Minute):
		s.t.Fatalf("no rebuild within a minute:\n%s", s.out.String())
	}
	return preview.Rebuild{}
}

// TestNoteEditRebuildsIncrementally: saving a note rebuilds without the
// whole pipeline (the checkout is not read again, Hugo stays up), the page
// shows the edit, it carries the livereload script, and the browser's
// livereload connection is told to reload.
func TestNoteEditRebuildsIncrementally(t *testing.T) {
	srv, _, dir := serveCorpus(t, 12)

	page := "runbooks/00000-report/"
	code, body := srv.get(page)
	if code != 200 {
		t.Fatalf("GET %s: %d", page, code)
	}
	if !strings.Contains(body, `src="/livereload.js?`) {
		t.Errorf("the page does not carry the livereload script:\n%.2000s", body)
	}
	if code, js := srv.get("livereload.js"); code != 200 || !strings.Contains(js, "LiveReload") {
		t.Errorf("GET /livereload.js: %d %.200s", code, js)
	}
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.url, "http")+"livereload", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	messages := make(chan string, 16)
	go func() {
		for {
			_, m, err := ws.ReadMessage()
			if err != nil {
				close(messages)
				return
			}
			messages <- string(m)
		}
	}()
	time.Sleep(100 * time.Millisecond) // the hub registers the connection

	note := filepath.Join(dir, "notes", "00000-report.md")
	f, err := os.OpenFile(note, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString("\nA fresh observation: the crash needs two GPUs.\n")
	f.Close()

	rb := srv.next()
	if rb.Kind != "notes" || rb.Pipeline {
		t.Errorf("rebuild kind %q, whole pipeline %v; want notes, not the whole pipeline", rb.Kind, rb.Pipeline)
	}
	var names []string
	for _, st := range rb.Stages {
		names = append(names, st.Name)
	}
	if got := strings.Join(names, ","); got != "read,model,emit,render,api" {
		t.Errorf("stages %s, want read,model,emit,render,api (no extract of the checkout, no search, no publish)", got)
	}
	if len(rb.Generated) == 0 || len(rb.Generated) > 6 {
		t.Errorf("a one-line edit changed %d generated files, want a few: %v", len(rb.Generated), rb.Generated)
	}
	if !contains(rb.Pages, "/"+page) {
		t.Errorf("Hugo did not write the page; wrote %v", rb.Pages)
	}
	if _, body := srv.get(page); !strings.Contains(body, "two GPUs") {
		t.Errorf("the served page does not show the edit")
	}
	select {
	case m := <-messages:
		if !strings.Contains(m, `"command":"reload"`) {
			t.Errorf("livereload sent %s, want a reload", m)
		}
	case <-time.After(10 * time.Second):
		t.Error("the browser was not told to reload")
	}
}

// TestLayoutAndConfigChanges: a layout edit goes to Hugo alone; a config
// edit starts over with the new settings.
func TestLayoutAndConfigChanges(t *testing.T) {
	srv, proj, _ := serveCorpus(t, 6)

	footer := filepath.Join(proj, "layouts", "_partials", "footer.html")
	data, err := os.ReadFile(footer)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(footer, append(data, []byte("<p>layout-marker-1</p>\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	rb := srv.next()
	if rb.Kind != "site" || len(rb.Stages) != 1 || rb.Stages[0].Name != "render" {
		t.Errorf("a layout edit: kind %q, stages %+v; want site, render only", rb.Kind, rb.Stages)
	}
	if _, body := srv.get("/"); !strings.Contains(body, "layout-marker-1") {
		t.Error("the home page does not show the edited layout")
	}

	cfg, err := os.ReadFile(filepath.Join(proj, "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(cfg), `title = "nvFuser debugging handbook"`, `title = "Edited handbook title"`, 1)
	if edited == string(cfg) {
		t.Fatal("config.toml has no title line to edit")
	}
	if err := os.WriteFile(filepath.Join(proj, "config.toml"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	rb = srv.next()
	if rb.Kind != "config" || !rb.Pipeline {
		t.Errorf("a config edit: kind %q, whole pipeline %v", rb.Kind, rb.Pipeline)
	}
	if _, body := srv.get("/"); !strings.Contains(body, "Edited handbook title") {
		t.Error("the home page does not show the new title")
	}
}

func settings(t *testing.T, proj, source, notes string) *config.Settings {
	t.Helper()
	s, err := config.Load(filepath.Join(proj, "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	s.Source, s.Notes = source, []string{notes}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestBrokenNoteKeepsPagesAndShowsError: a note saved with a mistake
// fails the rebuild with its file and line; the pages built before stay
// served, each with the error on top (as text: the note's own words cannot
// become markup), and fixing the note brings everything back.
func TestBrokenNoteKeepsPagesAndShowsError(t *testing.T) {
	srv, _, dir := serveCorpus(t, 6)
	page := "runbooks/00000-report/"
	_, before := srv.get(page)

	note := filepath.Join(dir, "notes", "00001-bullets.md")
	good, err := os.ReadFile(note)
	if err != nil {
		t.Fatal(err)
	}
	bad := "+++\nid = \"<script>alert(1)</script>\nstatus = 3\n+++\n" + string(good)
	if err := os.WriteFile(note, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	rb := srv.failure()
	if !strings.Contains(rb.Err.Error(), "00001-bullets.md:") {
		t.Fatalf("a broken note: error %v, want one naming the note's file and line", rb.Err)
	}
	code, body := srv.get(page)
	if code != 200 || !strings.Contains(body, "the last change did not build") || !strings.Contains(body, "00001-bullets.md") {
		t.Fatalf("the other pages are not served with the error on top (%d):\n%.1500s", code, body)
	}
	if strings.Contains(body, "<script>alert(1)") {
		t.Error("the note's text reached the page as markup")
	}
	start := strings.Index(body, `<div role="alert"`)
	end := strings.Index(body[start:], "</div>") + start + len("</div>")
	if body[:start]+body[end:] != before {
		t.Error("the page served under the error is not the one built before the mistake")
	}
	t.Logf("the error shown: %s", rb.Err)

	// The browser reloads the moment livereload says so, before the
	// rebuild has finished writing the JSON API: the page it gets then
	// must already be without the error.
	// The fix changes the text too, as an author's usually does.
	messages := srv.listen()
	if err := os.WriteFile(note, append(good, "\nFixed: the front matter parses again.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-messages:
		if !strings.Contains(m, `"command":"reload"`) {
			t.Errorf("livereload sent %s, want a reload", m)
		}
	case <-time.After(time.Minute):
		t.Fatal("no reload within a minute")
	}
	if _, body := srv.get("runbooks/00001-bullets/"); strings.Contains(body, "did not build") || !strings.Contains(body, "the front matter parses again") {
		t.Errorf("the fixed note's page, fetched on the reload, shows the error or lacks the fix:\n%.1500s", body)
	}
	srv.next()
	for _, p := range []string{page, "runbooks/00001-bullets/"} {
		if _, body := srv.get(p); strings.Contains(body, "did not build") {
			t.Errorf("the error stays on %s after the note was fixed", p)
		}
	}
	// One reload: a browser navigating on the first is disconnected and
	// would never see a second, so the first must bring the fixed page.
	select {
	case m := <-messages:
		t.Errorf("a second livereload message after the fix: %s", m)
	case <-time.After(200 * time.Millisecond):
	}
}

// TestBrokenLayoutRecovers: a template error fails the rebuild and keeps
// the pages; the fixed template renders the whole site afresh.
func TestBrokenLayoutRecovers(t *testing.T) {
	srv, proj, _ := serveCorpus(t, 6)
	footer := filepath.Join(proj, "layouts", "_partials", "footer.html")
	good, err := os.ReadFile(footer)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(footer, append(append([]byte(nil), good...), []byte("{{ if }}\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	rb := srv.failure()
	if !strings.Contains(rb.Err.Error(), "footer.html") {
		t.Fatalf("a broken layout: error %v, want one naming footer.html", rb.Err)
	}
	if code, body := srv.get("/"); code != 200 || !strings.Contains(body, "did not build") {
		t.Errorf("the home page is not served with the error (%d)", code)
	}
	if err := os.WriteFile(footer, append(append([]byte(nil), good...), []byte("<p>fixed-footer</p>\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	srv.next()
	if _, body := srv.get("/"); strings.Contains(body, "did not build") || !strings.Contains(body, "fixed-footer") {
		t.Error("the fixed layout is not what is served")
	}
}

// TestFirstRenderFailsThenRecovers: gen serve started on a note that does
// not parse keeps running: every page is the error (with the livereload
// script, so it turns into the handbook by itself), and saving the fixed
// note starts the handbook.
func TestFirstRenderFailsThenRecovers(t *testing.T) {
	proj := testsite.New(t)
	dir := t.TempDir()
	if err := corpus.Write(dir, 6, 6); err != nil {
		t.Fatal(err)
	}
	note := filepath.Join(dir, "notes", "00001-bullets.md")
	good, err := os.ReadFile(note)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(note, append([]byte("+++\nid = \"<i>broken\n+++\n"), good...), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := start(t, settings(t, proj, filepath.Join(dir, "fuser"), filepath.Join(dir, "notes")), false)
	code, body := srv.get("runbooks/00000-report/")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "nothing has built yet") || !strings.Contains(body, "00001-bullets.md:2") {
		t.Fatalf("before anything built: %d\n%.1500s", code, body)
	}
	if !strings.Contains(body, `src="/livereload.js?`) || strings.Contains(body, "<i>broken") {
		t.Errorf("the error page lacks the livereload script, or shows the note as markup:\n%s", body)
	}
	if err := os.WriteFile(note, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if rb := srv.next(); rb.Kind != "start" || !rb.Pipeline {
		t.Errorf("the fix: kind %q, whole pipeline %v; want a start", rb.Kind, rb.Pipeline)
	}
	if code, body := srv.get("runbooks/00000-report/"); code != 200 || strings.Contains(body, "did not build") || strings.Contains(body, "nothing has built") {
		t.Errorf("after the fix: %d\n%.800s", code, body)
	}
}

// TestServedPagesCarryLivereload: every HTML page gen serve answers with
// carries Hugo's livereload script exactly once, including one whose file
// on disk lacks it (a page written by anything but the live render, or a
// render that raced the first request): a tab opened on it must still
// reload itself after the next change.
func TestServedPagesCarryLivereload(t *testing.T) {
	srv, proj, _ := serveCorpus(t, 3)
	s, err := config.Load(filepath.Join(proj, "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := preview.Dir(s)
	rendered, err := os.ReadFile(filepath.Join(dir, "runbooks", "00000-report", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	// The same page with Hugo's script taken out, as another writer would
	// leave it.
	bare := regexp.MustCompile(`<script src="[^"]*/livereload\.js\?[^"]*"[^>]*></script>`).ReplaceAll(rendered, nil)
	if strings.Contains(string(bare), "livereload.js") {
		t.Fatalf("could not take the script out of the page: %.300s", bare)
	}
	if err := os.MkdirAll(filepath.Join(dir, "runbooks", "bare"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "runbooks", "bare", "index.html"), bare, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"/runbooks/00000-report/", "/runbooks/bare/", "/runbooks/bare/index.html", "/"} {
		code, body := srv.get(page)
		if code != http.StatusOK {
			t.Errorf("%s: status %d", page, code)
			continue
		}
		if n := strings.Count(body, "/livereload.js?"); n != 1 {
			t.Errorf("%s: the livereload script appears %d times, want 1", page, n)
		}
		if !strings.Contains(body, "<h1") {
			t.Errorf("%s: not the page: %.200s", page, body)
		}
	}
}

// TestNoteEditRefreshesTwinAndLLMsFull: a note's Markdown twin and its
// entry in llms-full.txt, which emit writes in Go (a static file and an
// asset the llms-full.txt template prints), show a saved edit, and an
// unchanged note's twin keeps its own text.
func TestNoteEditRefreshesTwinAndLLMsFull(t *testing.T) {
	srv, _, dir := serveCorpus(t, 6)
	for _, p := range []string{"runbooks/00000-report/index.md", "runbooks/00001-bullets/index.md", "llms-full.txt"} {
		if code, body := srv.get(p); code != 200 || strings.Contains(body, "eleven GPUs") {
			t.Fatalf("GET %s before the edit: %d %.200s", p, code, body)
		}
	}
	note := filepath.Join(dir, "notes", "00000-report.md")
	f, err := os.OpenFile(note, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString("\nSeen again on a machine with eleven GPUs.\n")
	f.Close()
	srv.next()
	for _, c := range []struct {
		path string
		want bool
	}{
		{"runbooks/00000-report/index.md", true},
		{"llms-full.txt", true},
		{"runbooks/00001-bullets/index.md", false},
	} {
		// Opened as a browser opens a page, so that one not rendered
		// since the edit (fast render mode) is rendered first.
		code, body := srv.navigate(c.path)
		if code != 200 || strings.Contains(body, "eleven GPUs") != c.want {
			t.Errorf("GET %s after the edit: %d, shows the edit %v, want %v", c.path, code, !c.want, c.want)
		}
	}
}

// TestPagesReadWhileRebuilding: a page is fetched over and over while
// rebuilds rewrite it (a visited page is rendered again by every rebuild,
// as under hugo server); every answer is the whole page with its
// livereload script, never one cut short by a write in progress.
func TestPagesReadWhileRebuilding(t *testing.T) {
	srv, _, dir := serveCorpus(t, 6)
	page := "runbooks/00000-report/"
	if code, _ := srv.navigate(page); code != 200 {
		t.Fatalf("GET %s: %d", page, code)
	}
	stop := make(chan struct{})
	bad := make(chan string, 1)
	fetched := make(chan int, 1)
	go func() {
		n := 0
		defer func() { fetched <- n }()
		for {
			select {
			case <-stop:
				return
			default:
			}
			_, body := srv.navigate(page)
			n++
			if !strings.Contains(body, "/livereload.js?") || !strings.Contains(body, "</html>") {
				select {
				case bad <- body:
				default:
				}
			}
		}
	}()
	note := filepath.Join(dir, "notes", "00001-bullets.md")
	for i := 0; i < 8; i++ {
		f, err := os.OpenFile(note, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = f.WriteString("\nOne more line " + strings.Repeat("x", i) + ".\n")
		f.Close()
		srv.next()
	}
	close(stop)
	if n := <-fetched; n < 8 {
		t.Errorf("only %d fetches during 8 rebuilds", n)
	}
	select {
	case body := <-bad:
		t.Errorf("a page read during a rebuild was incomplete (%d bytes): %.300s", len(body), body)
	default:
	}
}
