package e2e

import (
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/nvfuser-handbook/handbook/generator/config"
)

const maxCrawl = 2000

// crawled is one fetched URL.
type crawled struct {
	status int
	err    error
	isHTML bool
	ids    map[string]bool
	links  []string // absolute, internal, with fragments
}

var reRefresh = regexp.MustCompile(`(?i)^\s*\d+\s*;\s*url\s*=\s*['"]?([^'"]+)`)

// TestInternalLinks crawls the served site from the home page over plain
// HTTP: every same-origin link, resource and form action (and every link to
// the site's own baseURL, as in alias redirects) must answer 200, and every #fragment must name an id on its page.
func TestInternalLinks(t *testing.T) {
	s := site(t)
	cfg, err := config.Load(filepath.Join(s.Project, "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	local, _ := url.Parse(s.URL + "/")
	published, _ := url.Parse(cfg.BaseURL)
	// internal maps a link to the served site, or "" for an external one.
	internal := func(from *url.URL, href string) string {
		u, err := from.Parse(strings.TrimSpace(href))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			return ""
		}
		switch u.Host {
		case local.Host:
		case published.Host:
			u.Scheme, u.Host = local.Scheme, local.Host
		default:
			return ""
		}
		return u.String()
	}

	client := &http.Client{Timeout: 20 * time.Second}
	fetch := func(u string) *crawled {
		c := &crawled{ids: map[string]bool{}}
		resp, err := client.Get(u)
		if err != nil {
			c.err = err
			return c
		}
		defer resp.Body.Close()
		c.status = resp.StatusCode
		if c.status != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			io.Copy(io.Discard, resp.Body)
			return c
		}
		c.isHTML = true
		doc, err := goquery.NewDocumentFromReader(resp.Body)
		if err != nil {
			c.err = err
			return c
		}
		doc.Find("[id]").Each(func(_ int, e *goquery.Selection) { c.ids[e.AttrOr("id", "")] = true })
		doc.Find("a[name]").Each(func(_ int, e *goquery.Selection) { c.ids[e.AttrOr("name", "")] = true })
		add := func(href string) {
			if l := internal(resp.Request.URL, href); l != "" {
				c.links = append(c.links, l)
			}
		}
		doc.Find("a[href], area[href], link[href]").Each(func(_ int, e *goquery.Selection) { add(e.AttrOr("href", "")) })
		doc.Find("script[src], img[src], source[src], iframe[src]").Each(func(_ int, e *goquery.Selection) { add(e.AttrOr("src", "")) })
		doc.Find("form[action]").Each(func(_ int, e *goquery.Selection) { add(e.AttrOr("action", "")) })
		doc.Find(`meta[http-equiv="refresh" i]`).Each(func(_ int, e *goquery.Selection) {
			if m := reRefresh.FindStringSubmatch(e.AttrOr("content", "")); m != nil {
				add(m[1])
			}
		})
		return c
	}

	pages := map[string]*crawled{}
	referrer := map[string]string{} // first page linking to each URL
	type fragRef struct{ from, page, id string }
	var frags []fragRef
	queue := []string{local.String()}
	referrer[local.String()] = "(start)"
	for len(queue) > 0 {
		if len(pages) >= maxCrawl {
			t.Fatalf("more than %d URLs reachable from the home page; stopped", maxCrawl)
		}
		u := queue[0]
		queue = queue[1:]
		c := fetch(u)
		pages[u] = c
		for _, l := range c.links {
			target, frag, _ := strings.Cut(l, "#")
			if frag != "" {
				if id, err := url.PathUnescape(frag); err == nil {
					frag = id
				}
				frags = append(frags, fragRef{u, target, frag})
			}
			if _, ok := referrer[target]; !ok {
				referrer[target] = u
				queue = append(queue, target)
			}
		}
	}

	var broken []string
	for u, c := range pages {
		switch {
		case c.err != nil:
			broken = append(broken, u+" (linked from "+referrer[u]+"): "+c.err.Error())
		case c.status != 200:
			broken = append(broken, u+" (linked from "+referrer[u]+"): HTTP "+http.StatusText(c.status))
		}
	}
	seenFrag := map[fragRef]bool{}
	for _, f := range frags {
		if seenFrag[f] {
			continue
		}
		seenFrag[f] = true
		if c := pages[f.page]; c != nil && c.isHTML && !c.ids[f.id] {
			broken = append(broken, f.page+"#"+f.id+" (linked from "+f.from+"): no element with that id")
		}
	}
	sort.Strings(broken)
	for _, b := range broken {
		t.Error(strings.ReplaceAll(b, s.URL, ""))
	}
	nHTML := 0
	for _, c := range pages {
		if c.isHTML {
			nHTML++
		}
	}
	t.Logf("crawled %d URLs (%d HTML pages), checked %d fragment links", len(pages), nHTML, len(seenFrag))
	if nHTML < 40 {
		t.Errorf("only %d HTML pages reachable from the home page; the crawl is not seeing the site", nHTML)
	}
}
