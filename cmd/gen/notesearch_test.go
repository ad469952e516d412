package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/PuerkitoBio/goquery"

	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// headingNote has headings whose ids are easy to get wrong: code, emphasis,
// links, raw HTML and entities, punctuation, letters beyond ASCII,
// repeats, one that is nothing but punctuation, one that is an id of the
// layouts', a setext heading of two lines, an empty one, the title line.
const headingNote = "# Headings, hard ones\n\n" +
	"Text.\n\n" +
	"## `NVFUSER_DUMP=fusion_ir` *and* [the guide](https://example.com/a_b)\n\nx\n\n" +
	"## Café — naïve ünïcode 日本語\n\nx\n\n" +
	"## Repeat\n\nx\n\n## Repeat\n\nx\n\n## Repeat-1\n\nx\n\n" +
	"## !!!\n\nx\n\n" +
	"## main\n\nx\n\n" +
	"## snake_case and 3.14 -- dashes -\n\nx\n\n" +
	"Setext heading\n--------------\n\nx\n\n" +
	"### Closing hashes ###\n\nx\n\n" +
	"# Headings, hard ones\n\nA second title line is a heading too.\n\n" +
	"## <kbd>Ctrl</kbd>+C &amp; more\n\nx\n\n" +
	"Two lines\nof setext\n=========\n\nx\n\n" +
	"##\n\nAn empty heading has no id.\n"

// TestNoteSearchHeadingIDs: the headings of the search documents emit
// writes for notes carry the ids Hugo gives the same headings on the
// pages, so that a search's sub-results lead to them. Every note of the
// example, the seed notes and a note of hard headings.
func TestNoteSearchHeadingIDs(t *testing.T) {
	proj := testsite.New(t)
	notes := t.TempDir()
	if err := os.WriteFile(filepath.Join(notes, "hard-headings.md"), []byte(headingNote), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"build", "--no-search", "--config", filepath.Join(proj, "config.toml"),
		"--notes", notes, "--notes", filepath.Join(testsite.Root(t), "generator", "example", "fuser", "notes")}
	if seeds, _ := filepath.Glob(filepath.Join(testsite.Root(t), "..", "shared", "seeds", "*.txt")); len(seeds) > 0 {
		args = append(args, "--notes", filepath.Join(testsite.Root(t), "..", "shared", "seeds", "*.txt"))
	}
	if code, stdout, stderr := gen(t, "", args...); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	checked := 0
	for _, section := range []string{"runbooks", "guides", "notes"} {
		files, _ := filepath.Glob(filepath.Join(proj, "generated", "content", section, "*.md"))
		for _, f := range files {
			if filepath.Base(f) == "_index.md" {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			front, body, ok := strings.Cut(strings.TrimPrefix(string(data), "+++\n"), "\n+++\n")
			if !ok {
				t.Fatalf("%s: no front matter", f)
			}
			var fm struct{ Title string }
			if _, err := toml.Decode(front, &fm); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			page := filepath.Join(proj, "public", section, strings.TrimSuffix(filepath.Base(f), ".md"), "index.html")
			html, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(html)))
			if err != nil {
				t.Fatal(err)
			}
			// The note's own headings: those render-heading.html gave an
			// anchor link.
			var onPage []string
			doc.Find(".prose h1, .prose h2, .prose h3, .prose h4, .prose h5, .prose h6").Each(func(_ int, h *goquery.Selection) {
				if h.ChildrenFiltered("a.anchor").Length() > 0 {
					onPage = append(onPage, h.AttrOr("id", ""))
				}
			})
			if got := emit.SearchHeadingIDs(body, fm.Title); !slices.Equal(got, onPage) {
				t.Errorf("%s: the search document's heading ids\n %q\nare not the page's\n %q", filepath.Base(f), got, onPage)
			}
			checked++
			if filepath.Base(f) == "hard-headings.md" && len(onPage) < 13 {
				t.Errorf("the hard headings' page has %d headings: %q", len(onPage), onPage)
			}
		}
	}
	if checked < 3 {
		t.Fatalf("only %d note pages compared", checked)
	}
}
