package preview

import (
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
		// A page must be fetched fresh after a reload.
		w.Header().Set("Cache-Control", "no-store")
		files.ServeHTTP(w, r)
	})
	return mux
}
