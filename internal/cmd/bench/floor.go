package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/BurntSushi/toml"
)

// floorLayouts are the floor's bare layouts: a title and the page's
// Markdown, a section lists its pages; no taxonomies, feeds or sitemap.
var floorLayouts = map[string]string{
	"config.toml":         "baseURL = \"https://floor.test/\"\ntitle = \"floor\"\ndisableKinds = [\"taxonomy\", \"term\", \"rss\", \"sitemap\"]\n",
	"layouts/baseof.html": "<!doctype html><html lang=\"en\"><head><title>{{ .Title }}</title></head><body>{{ block \"main\" . }}{{ end }}</body></html>\n",
	"layouts/single.html": "{{ define \"main\" }}<main>{{ .Content }}</main>{{ end }}\n",
	"layouts/list.html":   "{{ define \"main\" }}{{ .Content }}{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}{{ end }}\n",
}

// writeSiteFloor writes the floor's Hugo project for a whole handbook:
// every page gen renders from generated Markdown (runbooks, guides and
// nvFuser's docs, error-index pages, option and variable pages), with
// its title and its Markdown body as gen wrote them, under the bare
// layouts. So the floor grows with the site: a new kind of page adds as
// many pages to the floor as to gen. It is the same-words floor: a check
// page's words are in its front matter, not its body, so they are added
// to its body as plain Hugo would be given them (checkWords): the
// message, the condition and the code, fenced so that Hugo highlights it
// as gen's page shows it highlighted. Other front matter data (lists,
// links, what gen's templates render around the words) is dropped: plain
// Hugo would not know what to do with it.
func writeSiteFloor(dir, generatedContent string) (pages int, err error) {
	files := map[string]string{}
	for k, v := range floorLayouts {
		files[k] = v
	}
	err = filepath.WalkDir(generatedContent, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".md" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(generatedContent, p)
		title, body, words, err := floorPage(data)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		files["content/"+filepath.ToSlash(rel)] = "+++\ntitle = " + strconv.Quote(title) + "\n+++\n" + body + words
		pages++
		return nil
	})
	if err != nil {
		return 0, err
	}
	return pages, writeFiles(dir, files)
}

// floorPage reads a generated page: its title, its Markdown body and,
// for a check page, the words it shows beside its body (checkWords). The
// front matter is decoded, not matched as text: its quoting is the
// encoder's business.
func floorPage(data []byte) (title, body, words string, err error) {
	s := string(data)
	end := strings.Index(s[min(4, len(s)):], "\n+++\n")
	if !strings.HasPrefix(s, "+++\n") || end < 0 {
		return "", s, "", nil
	}
	var front struct {
		Title  string `toml:"title"`
		Params struct {
			Kind      string `toml:"kind"`
			Message   string `toml:"message"`
			Condition string `toml:"condition"`
			Code      string `toml:"code"`
		} `toml:"params"`
	}
	if _, err := toml.Decode(s[4:4+end+1], &front); err != nil {
		return "", "", "", err
	}
	return front.Title, s[4+end+5:], checkWords(front.Params.Kind, front.Params.Message, front.Params.Condition, front.Params.Code), nil
}

// checkWords are the words a check page shows beside its body, as
// Markdown: its message, its condition and its code (fenced as C++);
// "" for any other page.
func checkWords(kind, message, condition, code string) string {
	if kind != "check" {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\n" + message + "\n")
	if condition != "" {
		b.WriteString("\nCondition: `" + condition + "`\n")
	}
	if code != "" {
		fence := "```"
		for strings.Contains(code, fence) {
			fence += "`"
		}
		b.WriteString("\n" + fence + "cpp\n" + strings.TrimRight(code, "\n") + "\n" + fence + "\n")
	}
	return b.String()
}

// writeFiles writes files (slash-separated paths under dir, and their
// text) into dir, which holds none of them yet.
func writeFiles(dir string, files map[string]string) error {
	fsys := fstest.MapFS{}
	for name, body := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(body)}
	}
	return os.CopyFS(dir, fsys)
}
