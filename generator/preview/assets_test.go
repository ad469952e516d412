package preview_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// TestImageEditRepublishes: a figure a note shows is served beside the
// note's page, and saving a new version of it (the note unchanged)
// serves the new one, as saving the note would.
func TestImageEditRepublishes(t *testing.T) {
	proj := testsite.New(t)
	notes := filepath.Join(t.TempDir(), "notes")
	fig := filepath.Join(notes, "img", "fig.svg")
	for name, text := range map[string]string{
		filepath.Join(notes, "figure-note.md"): "# Figure note\n\n![The figure](img/fig.svg)\n",
		fig:                                    `<svg xmlns="http://www.w3.org/2000/svg"><text>first</text></svg>`,
	} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := start(t, settings(t, proj, "", notes), false)
	const img = "notes/figure-note/img/fig.svg"
	if code, body := srv.get("notes/figure-note/"); code != 200 || !strings.Contains(body, `<img src="/`+img+`"`) {
		t.Fatalf("GET the note: %d, no <img> of the figure:\n%.3000s", code, body)
	}
	if code, body := srv.get(img); code != 200 || !strings.Contains(body, "first") {
		t.Fatalf("GET %s: %d %q", img, code, body)
	}
	if err := os.WriteFile(fig, []byte(`<svg xmlns="http://www.w3.org/2000/svg"><text>second</text></svg>`), 0o644); err != nil {
		t.Fatal(err)
	}
	if rb := srv.next(); rb.Kind != "notes" {
		t.Errorf("rebuild kind %q, want notes", rb.Kind)
	}
	if code, body := srv.get(img); code != 200 || !strings.Contains(body, "second") {
		t.Errorf("after the edit, GET %s: %d %q", img, code, body)
	}

	// A saved note whose image is missing: the rebuild warns once, at the
	// note's line, and the page shows the alt text flagged.
	note := filepath.Join(notes, "figure-note.md")
	if err := os.WriteFile(note, []byte("# Figure note\n\n![The figure](img/fig.svg)\n\n![Gone](img/gone.svg)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rb := srv.next()
	want := note + `:5: image "img/gone.svg": no such file; shown as flagged text`
	if len(rb.Warnings) != 1 || rb.Warnings[0] != want {
		t.Errorf("rebuild warnings %q, want [%q]", rb.Warnings, want)
	}
	if !strings.Contains(srv.out.String(), "warning: "+want) {
		t.Errorf("gen serve did not print the warning:\n%s", srv.out.String())
	}
	if _, body := srv.get("notes/figure-note/"); !strings.Contains(body, `title="Image not shown: no such file">Gone`) {
		t.Errorf("the page does not flag the missing image")
	}
}
