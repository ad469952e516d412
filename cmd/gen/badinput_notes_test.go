package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/PuerkitoBio/goquery"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// Hostile and mistaken note content: URLs that would run code, text that
// looks like a template, dates that look like publishing switches. Each
// case is a script in testdata/badinput (no panic, refusals name the note's
// file:line and leave the site as it was, accepted sites carry no active
// content), plus its own check of the rendered page.

// noteDoc parses the page of note id.
func noteDoc(t reporter, e *badEnv, id string) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(pageOf(t, e.Out, id)))
	if err != nil {
		t.Fatalf("%v", err)
	}
	return doc
}

// inert checks that each text is shown in an .unsafe-url span and that no
// link or image on the page points at any of urls.
func inert(id string, texts []string, urls ...string) func(t reporter, e *badEnv) {
	return func(t reporter, e *badEnv) {
		doc := noteDoc(t, e, id)
		shown := map[string]bool{}
		doc.Find("span.unsafe-url").Each(func(_ int, s *goquery.Selection) { shown[s.Text()] = true })
		for _, txt := range texts {
			if !shown[txt] {
				t.Errorf("%q is not shown as inert text (inert: %v)", txt, shown)
			}
		}
		doc.Find("a[href], img[src]").Each(func(_ int, s *goquery.Selection) {
			v := s.AttrOr("href", s.AttrOr("src", ""))
			for _, u := range urls {
				if strings.Contains(strings.ToLower(v), strings.ToLower(u)) {
					t.Errorf("<%s> still points at %q", goquery.NodeName(s), v)
				}
			}
			if strings.Contains(v, "ZgotmplZ") {
				t.Errorf("a link the generator did not judge reached the page: %q", v)
			}
		})
	}
}

// articleText is the visible text of a note's article.
func articleText(t reporter, e *badEnv, id string) string {
	t.Helper()
	return noteDoc(t, e, id).Find("article").Text()
}

// TestNoBuildMachinePaths builds notes kept in a temporary folder (in
// subfolders, with notes_edit_url set) and greps every output file —
// pages, feeds, the JSON API, the search index, decompressed — for the
// absolute paths of the notes and of the project.
func TestNoBuildMachinePaths(t *testing.T) {
	proj := testsite.New(t)
	src := t.TempDir()
	notes := t.TempDir()
	writeTree(t, src, goodTree, map[string]string{"notes/good.md": deleteFile})
	writeFile(t, filepath.Join(notes, "team", "crash.md"), "# Crash in the segmenter\n\nSIGSEGV in `nvfuser::A::b`; rerun with `NVFUSER_DUMP=fusion_ir,no_such_option`.\n")
	writeFile(t, filepath.Join(notes, "howto.md"), "# How to dump the fusion\n\nSet `NVFUSER_DUMP=fusion_ir`.\n")
	cfgData, err := os.ReadFile(filepath.Join(proj, "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(proj, "config-edit.toml")
	writeFile(t, cfg, strings.Replace(string(cfgData), "[params.handbook]\n", "[params.handbook]\nnotes_edit_url = \"https://git.example/notes/edit/main/\"\n", 1))
	out := filepath.Join(t.TempDir(), "site")
	if code, stdout, stderr := runGen(t, "--config", cfg, "--source", src, "--notes", notes, "--out", out); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	var runbooks []struct{ ID, Source string }
	readJSON(t, filepath.Join(out, "api", "runbooks.json"), &runbooks)
	sources := map[string]string{}
	for _, r := range runbooks {
		sources[r.ID] = r.Source
	}
	if sources["crash"] != "team/crash.md" || sources["howto"] != "howto.md" {
		t.Errorf("api/runbooks.json sources %v, want paths relative to the notes folder", sources)
	}
	if !strings.Contains(pageOf(t, out, "crash"), `href="https://git.example/notes/edit/main/team/crash.md"`) {
		t.Error("the edit link is not notes_edit_url + the note's relative path")
	}
	files := 0
	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		for _, text := range [][]byte{data, gunzipped(data)} {
			for _, abs := range []string{notes, src, proj, testsite.Root(t)} {
				if bytes.Contains(text, []byte(abs)) {
					rel, _ := filepath.Rel(out, p)
					t.Errorf("%s contains the build machine's path %s", rel, abs)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("only %d files published", files)
	}
}

// gunzipped is data decompressed when it is gzip (Pagefind's index files
// are, behind an 8-byte header of their own), else nil.
func gunzipped(data []byte) []byte {
	for _, off := range []int{0, 8} {
		if len(data) > off+2 && data[off] == 0x1f && data[off+1] == 0x8b {
			r, err := gzip.NewReader(bytes.NewReader(data[off:]))
			if err != nil {
				return nil
			}
			out, _ := io.ReadAll(r)
			return out
		}
	}
	return nil
}

// TestDatesPublishEverything: a note's date never unpublishes it. (That
// raw HTML reaches Hugo only sanitized is generator/emit's job; that
// config.toml renders Markdown as the notes parser reads it,
// generator/internal/mdconf's test.)
func TestDatesPublishEverything(t *testing.T) {
	var cfg struct {
		BuildFuture  bool
		BuildExpired bool
	}
	if _, err := toml.DecodeFile(filepath.Join(testsite.Root(t), "config.toml"), &cfg); err != nil {
		t.Fatal(err)
	}
	if !cfg.BuildFuture || !cfg.BuildExpired {
		t.Error("config.toml must set buildFuture and buildExpired: a note's date never unpublishes it")
	}
}

var htmlConstructs = []struct {
	name, selector string
	kept           bool
}{
	{"details and summary", "details > summary", true},
	{"markdown inside details", "details em", true},
	{"kbd", "kbd", true},
	{"sup", "sup", true},
	{"sub", "sub", true},
	{"br", "br", true},
	{"img with a relative src", `img[src="figure.png"][alt="a figure"]`, true},
	{"link with an https href", `a[href="https://example.com/doc"]`, true},
	{"table with colspan", `table td[colspan="2"]`, true},
	{"definition list", "dl dt + dd", true},
	{"p align", `p[align="center"]`, true},
	{"picture and source", "picture source[srcset]", true},
	{"event attributes", "[onerror], [onclick], [onload]", false},
	{"style attribute", "[style]", false},
	{"img with a javascript: src", `img[alt="js"][src]`, false},
	{"javascript: and data: links", `a[href^="javascript"], a[href^="data"]`, false},
	{"script", "script", false},
	{"style", "style", false},
	{"iframe", "iframe", false},
	{"object and embed", "object, embed", false},
	{"form and input", "form, input", false},
	{"svg", "svg, circle", false},
}
