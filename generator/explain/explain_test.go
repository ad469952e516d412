package explain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	for _, c := range []struct {
		name, file, text, err string
	}{
		{"good", "foo-bar-2.md", "## What it means\n\nX.\r\n", ""},
		{"not an id", "Foo_Bar.md", "x", `explanations/Foo_Bar.md: "Foo_Bar" is not a check id`},
		{"empty", "foo.md", " \n", "explanations/foo.md: empty"},
		{"binary", "foo.md", "a\x00b", "explanations/foo.md: not UTF-8 text"},
		{"too large", "foo.md", strings.Repeat("x", MaxSize+1), "explanations/foo.md: 65537 bytes"},
		{"readme skipped", "README.md", "How to write one.", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, c.file), []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			xs, err := Read(dir, "explanations")
			switch {
			case c.err == "" && err != nil:
				t.Fatal(err)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Fatalf("error %v, want %q", err, c.err)
			case c.name == "good" && (len(xs) != 1 || xs[0].ID != "foo-bar-2" || xs[0].File != "explanations/foo-bar-2.md" || xs[0].Body != "## What it means\n\nX."):
				t.Fatalf("read %+v", xs)
			case c.name == "readme skipped" && len(xs) != 0:
				t.Fatalf("README read as an explanation: %+v", xs)
			}
		})
	}
	if xs, err := Read(filepath.Join(t.TempDir(), "none"), "explanations"); err != nil || xs != nil {
		t.Errorf("no folder: %v %v", xs, err)
	}
}

// TestSummary: the first paragraph after the headings, Markdown's marks
// off, cut at a sentence within the limit.
func TestSummary(t *testing.T) {
	long := strings.Repeat("word ", 80)
	for _, c := range []struct{ body, want string }{
		{"### What it means\n\nThe *scheduler* put a `vectorized` axis\non a [computed tensor](https://x.test/a).\n\nMore.", "The scheduler put a vectorized axis on a computed tensor."},
		{"Plain first line.\n### Next", "Plain first line."},
		{"### Only a heading", ""},
		{strings.Repeat("long ", 25) + "end. " + long, strings.Repeat("long ", 25) + "end."},
		{long, strings.TrimSpace(long[:strings.LastIndexByte(long[:300], ' ')]) + " …"},
	} {
		if got := Summary(c.body); got != c.want {
			t.Errorf("Summary(%.40q) = %q, want %q", c.body, got, c.want)
		}
	}
}
