package check

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/search"
)

// PublishedURLs lists the URLs of siteDir that others may have linked to:
// pages ("/x/" for x/index.html), feeds and the JSON API. Stylesheets,
// scripts and Pagefind's bundle are left out: their names carry content
// hashes and change by design.
func PublishedURLs(siteDir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(siteDir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(siteDir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if search.IsIndexDir(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case rel == "index.html":
			out = append(out, "/")
		case strings.HasSuffix(rel, "/index.html"):
			out = append(out, "/"+strings.TrimSuffix(rel, "index.html"))
		case strings.HasSuffix(rel, ".html") || strings.HasSuffix(rel, ".xml") || strings.HasPrefix(rel, "api/"):
			out = append(out, "/"+rel)
		}
		return nil
	})
	if os.IsNotExist(err) {
		return nil, nil
	}
	sort.Strings(out)
	return out, err
}

// ReadManifest reads a URL manifest: one site path per line, # comments.
func ReadManifest(file string) ([]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return out, sc.Err()
}

// WriteManifest writes urls as a manifest file.
func WriteManifest(file string, urls []string) error {
	var b strings.Builder
	b.WriteString("# URLs published by the nvFuser handbook. `gen check` fails if one disappears\n# without an alias. Regenerate with `gen check --write-manifest`.\n")
	for _, u := range urls {
		b.WriteString(u + "\n")
	}
	return os.WriteFile(file, []byte(b.String()), 0o644)
}

// LostURLs returns the previously published URLs that the new site no
// longer serves. An alias keeps a URL alive: Hugo writes a redirect page at
// the old path, so it is still served.
func LostURLs(previous []string, newSite string, source string) []Problem {
	var problems []Problem
	for _, u := range previous {
		if _, ok := resolveFile(newSite, strings.TrimPrefix(u, "/")); !ok {
			problems = append(problems, Problem{File: source, Msg: fmt.Sprintf("published URL %s would disappear (add an alias in the note's front matter, or pin its id)", u)})
		}
	}
	return problems
}

// Inbound checks the handbook URLs written in nvFuser's tree (see package
// linkscan) against the new site: each must answer, as a page, a redirect
// or a file. A problem names the file and line in the checkout, like an
// error code in a compiler that must never point at a missing explanation.
func Inbound(siteDir string, links []model.InboundLink) []Problem {
	var out []Problem
	for _, l := range links {
		if _, ok := resolveFile(siteDir, l.Path); !ok {
			out = append(out, Problem{File: l.Where.File, Line: l.Where.Line,
				Msg: fmt.Sprintf("nvFuser links to %s, which the new site does not have (%s)", l.URL, l.Path)})
		}
	}
	return out
}
