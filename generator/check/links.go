// Package check inspects a built site before it is published: every
// internal link and anchor must resolve, and no URL published before may
// disappear. It reads the HTML Hugo wrote (with goquery), so it checks what
// users will click, whatever template or note produced it.
package check

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/PuerkitoBio/goquery"

	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/search"
)

// Problem is one thing wrong with the built site.
type Problem struct {
	File string // site-relative file, or the input that caused it
	Line int
	Msg  string
	// Ref is the href or src a link problem is about, as the page has it
	// (InNotes finds it again in the note the page came from).
	Ref string
}

func (p Problem) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg)
	}
	return fmt.Sprintf("%s: %s", p.File, p.Msg)
}

// page is what one HTML file offers to links: its anchors.
type page struct {
	ids map[string]bool
}

// Links checks every internal href and src in siteDir's HTML. basePath is
// the path part of the site's baseURL ("/" or "/handbook/"); host is the
// baseURL's host, so absolute links to the site itself are checked too.
func Links(siteDir, baseURL string) ([]Problem, error) {
	base, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("check: baseURL %q: %w", baseURL, err)
	}
	basePath := "/" + strings.Trim(base.Path, "/")
	if basePath != "/" {
		basePath += "/"
	}
	files, err := htmlFiles(siteDir)
	if err != nil {
		return nil, err
	}
	// One pass reads each file once and keeps only its anchors and its
	// references, never the parsed documents: memory stays proportional to
	// the links, not to the site's HTML. Files are parsed on every CPU.
	parsed := make([]*page, len(files))
	links := make([][]string, len(files))
	failed := make([]error, len(files))
	parallel.For(len(files), func(i int) {
		parsed[i], links[i], failed[i] = readPage(filepath.Join(siteDir, files[i]))
	})
	pages := map[string]*page{}
	for i, f := range files {
		if failed[i] != nil {
			return nil, fmt.Errorf("check: %s: %w", f, failed[i])
		}
		pages[f] = parsed[i]
	}
	var problems []Problem
	for i, f := range files {
		var data []byte // read again only for a problem's line: rare
		for _, target := range links[i] {
			if msg := checkRef(siteDir, f, target, base, basePath, pages); msg != "" {
				if data == nil {
					data, _ = os.ReadFile(filepath.Join(siteDir, f))
				}
				problems = append(problems, Problem{File: f, Line: lineOf(data, target), Msg: msg, Ref: target})
			}
		}
	}
	sort.SliceStable(problems, func(i, j int) bool {
		if problems[i].File != problems[j].File {
			return problems[i].File < problems[j].File
		}
		return problems[i].Line < problems[j].Line
	})
	return problems, nil
}

// readPage parses one HTML file for its anchors and the references it
// makes (href and src).
func readPage(file string) (*page, []string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(data))
	if err != nil {
		return nil, nil, err
	}
	p := &page{ids: map[string]bool{}}
	doc.Find("[id]").Each(func(_ int, s *goquery.Selection) { p.ids[s.AttrOr("id", "")] = true })
	doc.Find("a[name]").Each(func(_ int, s *goquery.Selection) { p.ids[s.AttrOr("name", "")] = true })
	var refs []string
	doc.Find("a[href], link[href], script[src], img[src], iframe[src]").Each(func(_ int, s *goquery.Selection) {
		target, ok := s.Attr("href")
		if !ok {
			target = s.AttrOr("src", "")
		}
		refs = append(refs, target)
	})
	return p, refs, nil
}

// checkRef returns "" when ref resolves, else what is wrong.
func checkRef(siteDir, from, ref string, base *url.URL, basePath string, pages map[string]*page) string {
	if msg := unsafeRef(ref); msg != "" {
		return msg
	}
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return fmt.Sprintf("unparsable link %q", ref)
	}
	if u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
		return "" // mailto: (unsafeRef refused every other scheme)
	}
	if u.Host != "" && u.Host != base.Host {
		return "" // external
	}
	target := u.Path
	switch {
	case target == "" && u.Fragment == "":
		return ""
	case target == "":
		target = from
	case strings.HasPrefix(target, "/"):
		if !strings.HasPrefix(target+"/", basePath) && target != strings.TrimSuffix(basePath, "/") {
			return fmt.Sprintf("link %q is outside the site's base path %s", ref, basePath)
		}
		target = strings.TrimPrefix(target, basePath)
	default:
		target = path.Join(path.Dir(from), target)
		if strings.HasSuffix(u.Path, "/") {
			target += "/"
		}
	}
	file, ok := resolved(siteDir, target, pages)
	if !ok {
		return fmt.Sprintf("broken link %q: no %s in the site", ref, target)
	}
	if u.Fragment != "" && strings.HasSuffix(file, ".html") {
		p := pages[file]
		if p != nil && !p.ids[u.Fragment] {
			return fmt.Sprintf("broken anchor %q: %s has no id %q", ref, file, u.Fragment)
		}
	}
	return ""
}

// resolved is resolveFile, answered from the parsed pages when the target
// is an HTML page already read (the common case: no file system call).
func resolved(siteDir, target string, pages map[string]*page) (string, bool) {
	for _, c := range candidates(target) {
		if _, ok := pages[c]; ok {
			return c, true
		}
	}
	return resolveFile(siteDir, target)
}

// resolveFile maps a site path to the file a static server would send.
func resolveFile(siteDir, target string) (string, bool) {
	for _, c := range candidates(target) {
		st, err := os.Stat(filepath.Join(siteDir, filepath.FromSlash(c)))
		if err == nil && !st.IsDir() {
			return c, true
		}
	}
	return "", false
}

// candidates are the site-relative files that may answer a site path:
// the file itself, or the index.html of the folder it names ("" is the
// site's root folder).
func candidates(target string) []string {
	t := strings.TrimPrefix(path.Clean("/"+target), "/")
	return []string{t, path.Join(t, "index.html")}
}

func htmlFiles(siteDir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(siteDir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() != "." {
			if rel, _ := filepath.Rel(siteDir, p); search.IsIndexDir(filepath.ToSlash(rel)) {
				return filepath.SkipDir // the search indexes' own files
			}
		}
		if !d.IsDir() && strings.HasSuffix(p, ".html") {
			rel, _ := filepath.Rel(siteDir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// lineOf finds the first line of data that holds the reference, so a
// problem can be found in the HTML file.
func lineOf(data []byte, ref string) int {
	for _, needle := range []string{`"` + ref + `"`, ref} {
		if i := bytes.Index(data, []byte(needle)); i >= 0 {
			return bytes.Count(data[:i], []byte("\n")) + 1
		}
	}
	return 0
}
