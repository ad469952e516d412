package emit

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/nvfuser-handbook/handbook/generator/internal/mdconf"
	"github.com/nvfuser-handbook/handbook/generator/internal/urlsafe"
	"github.com/nvfuser-handbook/handbook/generator/localref"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// noteLocal is one relative destination of a note's body as the render
// hooks use it (render-link.html, render-image.html): the destination as
// written, and the URL it becomes or why it is shown flagged instead.
type noteLocal struct {
	Dest  string `toml:"dest"`
	Image bool   `toml:"image,omitempty"` // an image source, not a link
	// URL is a page path ("/guides/tma#x", resolved with site.GetPage so
	// a wrong one fails the build), a pinned source link, or the path of
	// an image published beside the page.
	URL     string `toml:"url,omitempty"`
	Missing string `toml:"missing,omitempty"` // why it did not resolve
}

// localLinks turns a note's resolved relative destinations into the
// front matter the render hooks read, one entry per destination (and per
// image or link use of it), in the order first written.
func (e *emitter) localLinks(n *model.Note) []noteLocal {
	var out []noteLocal
	seen := map[noteLocal]bool{}
	for _, r := range n.Local {
		l := noteLocal{Dest: r.Dest, Image: r.Image}
		key := l
		if seen[key] {
			continue
		}
		seen[key] = true
		l.URL = e.localURL(n, r.Target)
		if l.URL == "" {
			l.Missing = r.Target.Why
			if l.Missing == "" {
				l.Missing = "not resolved"
			}
		}
		out = append(out, l)
	}
	return out
}

// localURL is where a resolved destination of note n leads, "" when it
// did not resolve. The HTML path (an <img src> the sanitizer keeps) uses
// it too, so both kinds of image reach the same published file.
func (e *emitter) localURL(n *model.Note, t model.LocalTarget) string {
	frag := ""
	if t.Fragment != "" {
		frag = "#" + t.Fragment
	}
	switch t.Kind {
	case model.LocalNote:
		return urls.PagePath(urls.Note(t.NoteKind, t.NoteID)) + frag
	case model.LocalSource:
		return urls.SourceFile(e.site.RepoURL, e.site.RepoRef, t.Path, t.Fragment)
	case model.LocalSourceDir:
		return urls.SourceTree(e.site.RepoURL, e.site.RepoRef, t.Path)
	case model.LocalAsset:
		return urls.NoteFile(n.Kind, n.ID, t.Name)
	}
	return ""
}

// htmlImageURL is the URL an <img src="dest"> in note n's raw HTML
// becomes: the image the notes stage recorded for that src, published
// beside the page; "" when dest is not one or did not resolve (show the
// alt text instead). The HTML sanitizer rewrites src with it, so an HTML
// image and a Markdown one of the same file reach the same URL.
func (e *emitter) htmlImageURL(n *model.Note, dest string) string {
	for _, r := range n.Local {
		if r.Image && r.HTML && r.Dest == dest {
			return e.localURL(n, r.Target)
		}
	}
	return ""
}

// noteAssets copies the images note n shows into the generated static
// tree at the note's page path, where Hugo publishes them beside the page
// (a copy per page: the page and its Markdown twin link them relatively).
// Only files the model stage resolved (inside the notes folder or the
// checkout, under the size cap) are ever read.
func (e *emitter) noteAssets(n *model.Note) error {
	files := map[string]string{} // published name -> file on disk
	for _, r := range n.Local {
		if r.Target.Kind == model.LocalAsset {
			files[r.Target.Name] = r.Target.File
		}
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		data, err := localref.ReadImage(files[name])
		if err != nil {
			return fmt.Errorf("%s: image %s: %w", n.Source, name, err)
		}
		rel := path.Join(StaticDir, urls.Note(n.Kind, n.ID), name)
		if err := e.w.Write(rel, data); err != nil {
			return fmt.Errorf("%s: image %s: %w", n.Source, name, err)
		}
	}
	return nil
}

// twinLinks gives the Markdown twin what the render hooks give the page:
// each relative destination of md becomes the URL it resolved to (a page
// path, made absolute by the twin's template; a pinned source link; a
// published image), and one that did not resolve is left as written.
// Destinations are matched as Markdown writes them, "](dest)" or
// "](dest "title")" (the title kept), the way the twin template already treats
// not_in_checkout.
func twinLinks(md string, locals []noteLocal) string {
	for _, l := range locals {
		if l.URL == "" || !strings.Contains(md, "]("+l.Dest) {
			continue
		}
		re := regexp.MustCompile(`\]\(<?` + regexp.QuoteMeta(l.Dest) + `>?((?:\s+"[^"]*")?\))`)
		md = re.ReplaceAllString(md, "]("+strings.ReplaceAll(l.URL, "$", "$$")+"${1}")
	}
	return md
}

// unsafeDests are the destinations of md's links, images and autolinks
// that urlsafe refuses (javascript:, data:, ...), for twinUnsafe.
func unsafeDests(md string) []string {
	if !strings.Contains(md, ":") {
		return nil
	}
	src := []byte(md)
	var out []string
	_ = ast.Walk(mdconf.Parse(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest string
		switch n := n.(type) {
		case *ast.Link:
			dest = string(n.Destination)
		case *ast.Image:
			dest = string(n.Destination)
		case *ast.AutoLink:
			dest = string(n.URL(src))
		default:
			return ast.WalkContinue, nil
		}
		if safe, _ := urlsafe.Check(dest); !safe && dest != "" {
			out = append(out, dest)
		}
		return ast.WalkContinue, nil
	})
	return out
}

// notLinked is where a twin's link to a destination the page shows as
// inert text (unsafe_urls) leads instead: nowhere.
const notLinked = "#not-linked"

// twinUnsafe applies the pages' link policy to the twin: each
// destination the notes stage judged unsafe (javascript:, data:, ...;
// the page's unsafe_urls, which the render hooks show as text) is
// replaced wherever Markdown reads a destination: an inline link or image
// "](dest" or "](<dest", a reference definition "]: dest" or "]: <dest",
// and an autolink "<dest>", which becomes code.
func twinUnsafe(md string, unsafe []string) string {
	for _, u := range unsafe {
		if u == "" || !strings.Contains(md, u) {
			continue
		}
		for _, open := range []string{"](", "](<", "]: ", "]:", "]: <", "]:<"} {
			md = strings.ReplaceAll(md, open+u, open+notLinked)
		}
		md = strings.ReplaceAll(md, "<"+u+">", "`"+strings.ReplaceAll(u, "`", "")+"`")
	}
	return md
}
