package assemble

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/fsutil"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// fixtureTracing is a doc of the checkout, long enough that one changed
// line is a small part of it.
const fixtureTracing = `# Tracing a fusion

Set the dump variable before the run to see what the scheduler decided
for each segment. The output goes to standard output, one block per
kernel, and names the heuristic that was picked and why.

## Reading the output

Each block starts with the fusion's id, then the inputs with their
shapes and strides, then the transforms applied to every tensor. When
two segments share an input, the second block refers to the first by
its id instead of printing the shapes again.

## When the output is empty

An empty dump means the fusion was served from the cache: clear the
cache or change an input's shape, and run again. A dump that stops half
way means the process died while printing; rerun under a debugger to see
where.

## Saving it

Redirect standard output to a file and attach it to the issue; the file
is plain text and compresses well.
`

// TestFoldCopies: a note identical to a doc, or a lightly edited copy,
// is published once, as the doc, which answers at the note's address
// under the note's kind; a note on the same subject written apart is
// its own page.
func TestFoldCopies(t *testing.T) {
	edited := strings.Replace(fixtureTracing, "and compresses well.", "and compresses well.\nKeep the first failing run's dump.", 1)
	edited = strings.Replace(edited, "rerun under a debugger", "run it again under gdb", 1)
	cases := []struct {
		name, note string
		fold       bool
		kind       string // the note's kind, under which its address must answer
	}{
		{"identical", fixtureTracing, true, model.KindGuide},
		{"lightly edited", "---\nkind: notes\n---\n" + edited, true, model.KindNotes},
		{"different", `# Tracing a fusion

My own notes on tracing. The dump prints the segments; I grep it for
the heuristic name and compare two runs side by side. Empty output
happened to me when the cache hit. Nothing else to say.
`, false, ""},
		{"empty", "---\ntitle: Empty\n---\n", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			fuser := filepath.Join(dir, "Fuser")
			notesDir := filepath.Join(dir, "notes")
			if err := fsutil.WriteFiles(fuser, map[string]string{"doc/dev/tracing.md": fixtureTracing}); err != nil {
				t.Fatal(err)
			}
			if err := fsutil.WriteFiles(notesDir, map[string]string{"004_copy.txt": c.note}); err != nil {
				t.Fatal(err)
			}
			in, err := sources.OpenDocs(fuser, []string{notesDir}, defaultDocs)
			if err != nil {
				t.Fatal(err)
			}
			ns, err := Notes(in, Merge(&Facts{}), nil, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			var doc *model.Note
			ids := []string{}
			for _, n := range ns {
				ids = append(ids, n.ID)
				if n.Doc {
					doc = n
				}
			}
			if doc == nil {
				t.Fatalf("no doc among %v", ids)
			}
			if !c.fold {
				if len(ns) != 2 || len(doc.Copies) != 0 || slices.ContainsFunc(doc.Former, func(r model.NoteRef) bool { return r.ID == "004-copy" }) {
					t.Fatalf("a different note was folded: notes %v, copies %+v", ids, doc.Copies)
				}
				return
			}
			if len(ns) != 1 {
				t.Fatalf("the copy still has a page of its own: %v", ids)
			}
			if len(doc.Copies) != 1 || doc.Copies[0].Path != "004_copy.txt" || doc.Copies[0].Percent < CopyThreshold {
				t.Fatalf("copies = %+v", doc.Copies)
			}
			if want := (model.NoteRef{Kind: c.kind, ID: "004-copy"}); !slices.Contains(doc.Former, want) {
				t.Fatalf("former = %+v, want %+v", doc.Former, want)
			}
			if doc.ListTitle != "" {
				t.Errorf("the doc is told apart from a page that is gone: %q", doc.ListTitle)
			}
		})
	}
}

// TestShingleSimilarity pins the rule's figures: formatting counts for
// nothing, one added line of a 150-word text costs a few per cent.
func TestShingleSimilarity(t *testing.T) {
	jaccard := func(a, b string) int {
		x, y := shingles(a), shingles(b)
		k := 0
		for h := range x {
			if _, ok := y[h]; ok {
				k++
			}
		}
		return 100 * k / (len(x) + len(y) - k)
	}
	rewrapped := strings.ReplaceAll(strings.ReplaceAll(fixtureTracing, "\n", " "), "## ", "**")
	added := fixtureTracing + "\nOne more line that the copy does not have.\n"
	for _, c := range []struct {
		name     string
		a, b     string
		min, max int
	}{
		{"same", fixtureTracing, fixtureTracing, 100, 100},
		{"rewrapped and restyled", fixtureTracing, rewrapped, 100, 100},
		{"upper case", fixtureTracing, strings.ToUpper(fixtureTracing), 100, 100},
		{"a line added", fixtureTracing, added, 85, 99},
		{"unrelated", fixtureTracing, "Build nvFuser with the debug flag and run the tests under the sanitizer.", 0, 0},
	} {
		if got := jaccard(c.a, c.b); got < c.min || got > c.max {
			t.Errorf("%s: %d%%, want %d..%d", c.name, got, c.min, c.max)
		}
	}
}

// TestFoldCopiesCached: with a session's note cache (gen serve), a note
// that stops copying the doc after an edit is its own page again, and one
// that starts copying it is folded: the cache's word runs follow each
// text, and it keeps only the texts of the last run.
func TestFoldCopiesCached(t *testing.T) {
	doc := &model.Note{ID: "tracing", Path: "doc/tracing.md", Kind: model.KindGuide, Doc: true, Body: fixtureTracing}
	cache := NewNoteCache()
	for i, c := range []struct {
		body string
		fold bool
	}{
		{fixtureTracing, true},
		{"# Something else\n\nA note of its own, about the segmenter's cache and nothing else.\n", false},
		{fixtureTracing, true},
	} {
		note := &model.Note{ID: "copy", Path: "notes/copy.md", Kind: model.KindNotes, Body: c.body}
		got := foldCopies([]*model.Note{doc, note}, cache)
		fresh := foldCopies([]*model.Note{doc, note}, nil)
		if folded := len(got) == 1; folded != c.fold {
			t.Errorf("edit %d: folded %v, want %v", i, folded, c.fold)
		}
		if len(got) != len(fresh) {
			t.Errorf("edit %d: %d pages with the cache, %d without", i, len(got), len(fresh))
		}
		if n := len(cache.shingled); n > 2 {
			t.Errorf("edit %d: the cache holds %d texts, want at most this run's 2", i, n)
		}
	}
}
