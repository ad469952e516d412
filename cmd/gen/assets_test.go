package main

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/example"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// figsNote is a doc inside the checkout, as nvFuser's doc/ folder has
// them: figures beside it and in another doc's folder, links to another
// doc (with a section), to a source file and to a folder, and references
// that must not resolve: an escape out of every allowed folder, missing
// files, a symbolic link out of the checkout.
const figsNote = `# Figures

![Box and tile](figs/box.svg)

![Shared](../reading/shared/ss.png)

See [the reading](../reading/read.md#part-two), [the segmenter](../../csrc/fusion_segmenter.cpp) and [csrc](../../csrc/).

![Secret](../../../secret.png)

[gone](gone.md) and ![gone](figs/gone.svg)

![Escape](figs/escape.png)
`

// TestNoteImagesAndRelativeLinks builds a checkout whose docs are notes,
// through the real render: each figure is published beside the page and
// the page's <img> points at it (an SVG stays an <img>, never inlined);
// relative links lead to the other note's section, to pinned source and
// folder links; what does not resolve is a warning naming the note's file
// and line and flagged text on the page, and nothing outside the allowed
// folders is ever published. gen check then names the note's lines.
func TestNoteImagesAndRelativeLinks(t *testing.T) {
	proj := testsite.New(t)
	base := t.TempDir()
	src := filepath.Join(base, "Fuser")
	if err := os.CopyFS(src, example.Tree()); err != nil {
		t.Fatal(err)
	}
	const svgMarker = "inline-marker-7f3a"
	writeFile(t, filepath.Join(src, "doc/dev/figs.md"), figsNote)
	writeFile(t, filepath.Join(src, "doc/dev/figs/box.svg"), `<svg xmlns="http://www.w3.org/2000/svg"><text>`+svgMarker+`</text></svg>`)
	writeFile(t, filepath.Join(src, "doc/reading/read.md"), "# Reading\n\n## Part two\n\nSome text.\n")
	writeFile(t, filepath.Join(src, "doc/reading/shared/ss.png"), "\x89PNG\r\n\x1a\nfixture")
	writeFile(t, filepath.Join(base, "secret.png"), "\x89PNG\r\n\x1a\nsecret-bytes")
	if err := os.Symlink(filepath.Join(base, "secret.png"), filepath.Join(src, "doc/dev/figs/escape.png")); err != nil {
		t.Skipf("symbolic links unavailable: %v", err)
	}
	note := filepath.Join(src, "doc", "dev", "figs.md")
	args := []string{"--config", filepath.Join(proj, "config.toml"), "--source", src, "--notes", filepath.Join(src, "doc")}

	code, stdout, stderr := gen(t, "", append([]string{"build"}, args...)...)
	if code != 0 {
		t.Fatalf("build: exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, w := range []string{
		note + `:9: image "../../../secret.png": outside the note's folder and the nvFuser checkout`,
		note + `:11: link "gone.md": no such file`,
		note + `:11: image "figs/gone.svg": no such file`,
		note + `:13: image "figs/escape.png": a symbolic link that leads outside`,
	} {
		if !strings.Contains(stdout, "warning: "+w) {
			t.Errorf("no warning %q in:\n%s", w, stdout)
		}
	}
	if n := strings.Count(stdout, "warning: "+note); n != 4 {
		t.Errorf("%d warnings about the note, want 4:\n%s", n, stdout)
	}

	tree := testsite.Tree(t, filepath.Join(proj, "public"))
	// The checkout's docs are read as docs (the --notes copies of them
	// are the same files): their ids come from their checkout paths.
	figs, read := notePageDir(t, tree, "dev-figs"), notePageDir(t, tree, "reading-read")
	html := string(tree[figs+"index.html"])
	for file, want := range map[string]string{
		figs + "figs/box.svg":                            `<svg xmlns="http://www.w3.org/2000/svg"><text>` + svgMarker + `</text></svg>`,
		figs + "_/doc/reading/shared/ss.png":             "\x89PNG\r\n\x1a\nfixture",
		figs + "figs/escape.png":                         "",
		figs + "_/secret.png":                            "",
		strings.TrimSuffix(figs, "figs/") + "secret.png": "",
	} {
		got, ok := tree[file]
		switch {
		case want == "" && ok:
			t.Errorf("%s was published", file)
		case want != "" && string(got) != want:
			t.Errorf("%s: published %q, want the figure's bytes", file, got)
		}
	}
	for name, data := range tree {
		if strings.Contains(string(data), "secret-bytes") {
			t.Errorf("%s holds the secret outside the allowed folders", name)
		}
	}
	for _, want := range []string{
		`<img src="/` + figs + `figs/box.svg" alt="Box and tile"`,
		`<img src="/` + figs + `_/doc/reading/shared/ss.png" alt="Shared"`,
		`<a href="/` + read + `#part-two">the reading</a>`,
		`/blob/main/csrc/fusion_segmenter.cpp" rel="noopener">the segmenter</a>`,
		`/tree/main/csrc" rel="noopener">csrc</a>`,
		`title="Image not shown: outside the note&#39;s folder and the nvFuser checkout">Secret`,
		`title="Not linked: no such file">gone`,
		`title="Image not shown: a symbolic link that leads outside the note&#39;s folder and the nvFuser checkout">Escape`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(html, svgMarker) || strings.Contains(html, "<svg") && strings.Contains(html, "<text>") {
		t.Errorf("the SVG figure was inlined into the page")
	}
	if !strings.Contains(string(tree[read+"index.html"]), `id="part-two"`) {
		t.Errorf("the linked section has no anchor part-two")
	}

	// gen check reports what did not resolve at the note's lines, and no
	// broken link at the generated page's.
	code, _, stderr = gen(t, "", append([]string{"check"}, args...)...)
	if code != 1 {
		t.Fatalf("check: exit %d, want 1\n%s", code, stderr)
	}
	for _, line := range []string{":9: image", ":11: link", ":11: image", ":13: image"} {
		if !strings.Contains(stderr, note+line) {
			t.Errorf("check does not name %s%s:\n%s", note, line, stderr)
		}
	}
	if strings.Contains(stderr, figs+"index.html:") {
		t.Errorf("check names the generated page, not the note:\n%s", stderr)
	}
}

// notePageDir is the site folder ("guides/figs/") of the note with id, in
// whatever section its kind put it.
func notePageDir(t *testing.T, tree map[string][]byte, id string) string {
	t.Helper()
	for _, section := range []string{"runbooks", "guides", "notes"} {
		p := path.Join(section, id) + "/"
		if _, ok := tree[p+"index.html"]; ok {
			return p
		}
	}
	t.Fatalf("no page for note %s", id)
	return ""
}
