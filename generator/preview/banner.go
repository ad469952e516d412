package preview

import (
	"bytes"
	"html"
	"io"
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/gohugoio/hugo/transform"
	"github.com/gohugoio/hugo/transform/livereloadinject"
)

// lastError is the error of the last rebuild, nil once one succeeds.
func (p *preview) lastError() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.failed
}

// servePage serves an HTML page of the rendered folder, with the last
// rebuild's error at its top when failed is not nil, so a note author
// sees why the page did not change without reading the terminal. The
// error is text (a note's path and line, Hugo's or the parser's words,
// possibly quoting the note): it is escaped, never markup.
//
// Every page goes out with Hugo's livereload script, added here when the
// file lacks it, as hugo server adds it to the pages it serves itself: a
// tab opened on a page without it would never reload. Hugo writes the
// script into every page it renders, but gen serve must not depend on
// which writer and which render a file on disk came from.
// It reports false when the request is not for an HTML page on disk.
func (p *preview) servePage(w http.ResponseWriter, r *http.Request, failed error) bool {
	name := r.URL.Path
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	} else if path.Base(name) == "index.html" {
		return false // the file server redirects it to its folder
	}
	if path.Ext(name) != ".html" {
		return false
	}
	page, err := p.readPage(name)
	if err != nil {
		return false
	}
	page = p.withLivereload(page)
	if failed != nil {
		banner := bannerHTML("the last change did not build", "this page is from before it", failed)
		if i := bodyStart(page); i >= 0 {
			page = append(page[:i:i], append([]byte(banner), page[i:]...)...)
		} else {
			page = append([]byte(banner), page...)
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if r.Method != http.MethodHead {
		_, _ = w.Write(page)
	}
	return true
}

// readPage reads a page of the rendered folder; through the live site
// when there is one, so that it never meets a page a rebuild is writing.
func (p *preview) readPage(name string) ([]byte, error) {
	if live := p.current(); live != nil {
		return live.ReadFile(name)
	}
	f, err := http.Dir(Dir(p.s)).Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// withLivereload is page with Hugo's livereload script at the start of
// its head, added by Hugo's own transformer when it is not there yet.
func (p *preview) withLivereload(page []byte) []byte {
	if bytes.Contains(page, []byte(livereloadSrc)) {
		return page
	}
	u, err := url.Parse(p.url)
	if err != nil {
		return page
	}
	var b bytes.Buffer
	chain := transform.Chain{livereloadinject.New(u)}
	if err := chain.Apply(&b, bytes.NewReader(page)); err != nil {
		return page
	}
	return b.Bytes()
}

// livereloadSrc is how the script's address starts in a page.
const livereloadSrc = "/livereload.js?"

// bodyStart is the index just after the page's <body ...> tag, or -1.
func bodyStart(page []byte) int {
	i := bytes.Index(page, []byte("<body"))
	if i < 0 {
		return -1
	}
	j := bytes.IndexByte(page[i:], '>')
	if j < 0 {
		return -1
	}
	return i + j + 1
}

// bannerHTML is the error box; the error is escaped text.
func bannerHTML(what, note string, failed error) string {
	return `<div role="alert" style="position:sticky;top:0;z-index:1000;margin:0;padding:.75rem 1rem;background:#fdecea;color:#611a15;border-bottom:2px solid #b3261e;font:14px/1.4 system-ui,sans-serif;white-space:pre-wrap">` +
		`<strong>gen serve: ` + what + `</strong> (` + note + `)` + "\n" +
		html.EscapeString(failed.Error()) + `</div>`
}

// serveErrorPage answers every page while nothing has built yet: the
// error, and Hugo's livereload script, so that the page turns into the
// handbook by itself once a change fixes the error.
func (p *preview) serveErrorPage(w http.ResponseWriter, failed error) {
	port := "80"
	if u, err := url.Parse(p.url); err == nil && u.Port() != "" {
		port = u.Port()
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = io.WriteString(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>gen serve: nothing built yet</title>`+
		`<script src="/livereload.js?mindelay=10&amp;v=2&amp;port=`+port+`&amp;path=livereload" data-no-instant defer></script></head><body>`+
		bannerHTML("nothing has built yet", "fix the error and save: this page reloads by itself", failed)+`</body></html>`)
}
