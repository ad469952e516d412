package preview

import (
	"fmt"
	"net/http"
	"path"
	"strings"

	"github.com/gohugoio/hugo/livereload"

	"github.com/nvfuser-handbook/handbook/generator/search"
)

// reload tells the open pages what changed, as hugo server does: a change
// of stylesheets only is swapped in place, anything else reloads the page.
func reload(pages []string) {
	if len(pages) == 0 {
		return
	}
	var css []string
	for _, p := range pages {
		if strings.HasPrefix(p, "/"+search.DocsDir+"/") {
			continue // read by the search indexer, never by a browser
		}
		if path.Ext(p) != ".css" {
			livereload.ForceRefresh()
			return
		}
		css = append(css, p)
	}
	for _, p := range css {
		livereload.RefreshPath(p)
	}
}

// touchesSearch reports whether a rebuild changed a search document.
func touchesSearch(pages []string) bool {
	for _, p := range pages {
		if strings.HasPrefix(p, "/"+search.DocsDir+"/") || p == "/" {
			return true
		}
	}
	return false
}

// handler serves the rendered folder, Hugo's livereload script and its
// websocket. The search documents stay private, as in a published site.
func (p *preview) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/livereload.js", livereload.ServeJS)
	mux.HandleFunc("/livereload", livereload.Handler)
	files := http.FileServer(http.Dir(Dir(p.s)))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/"+search.DocsDir+"/") {
			http.NotFound(w, r)
			return
		}
		if isNavigation(r) {
			if err := p.visit(r.URL.EscapedPath()); err != nil {
				fmt.Fprintf(p.opt.Errors, "gen serve: rendering %s: %v\n", r.URL.Path, err)
			}
		}
		// A page must be fetched fresh after a reload.
		w.Header().Set("Cache-Control", "no-store")
		if isNavigation(r) {
			err := p.lastError()
			if err != nil && p.current() == nil {
				p.serveErrorPage(w, err)
				return
			}
			if p.servePage(w, r, err) {
				return
			}
		}
		files.ServeHTTP(w, r)
	})
	return mux
}

// isNavigation tells a page request from one for an asset: what the
// browser says, else the path's look (hugo server's rule).
func isNavigation(r *http.Request) bool {
	p := r.URL.Path
	return r.Header.Get("Sec-Fetch-Mode") == "navigate" || strings.HasSuffix(p, "/") || strings.HasSuffix(p, ".html") || !strings.Contains(path.Base(p), ".")
}
