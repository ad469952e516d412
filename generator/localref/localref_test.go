package localref

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>`

// fixture writes a checkout (with docs, some of them notes), a notes
// folder outside it, and a secret beside both, and returns the folder
// holding them.
func fixture(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"Fuser/csrc/ops/alias.h":              "// header\n",
		"Fuser/tests/cpp/tutorial_tmem.cpp":   "// test\n",
		"Fuser/doc/dev/tma.md":                "# TMA\n",
		"Fuser/doc/dev/tma/box.svg":           svg,
		"Fuser/doc/dev/tma/not-really.png":    "just text\n",
		"Fuser/doc/dev/tma/notes.txt":         "text\n",
		"Fuser/doc/dev/tma/a b.svg":           svg,
		"Fuser/doc/dev/tma/x_y.svg":           svg,
		"Fuser/doc/dev/tma/active.svg":        `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`,
		"Fuser/doc/reading/iterdomain.md":     "# IterDomain\n",
		"Fuser/doc/reading/iterdomain/ss.svg": svg,
		"Fuser/doc/README.md":                 "# docs\n",
		"notes/seed.md":                       "# seed\n",
		"notes/img/shot.gif":                  "GIF89a....",
		"notes/img/photo.JPG":                 "\xff\xd8\xff\xe0....",
		"notes/sub/deep.md":                   "# deep\n",
		"notes/log.txt":                       "a log\n",
		"secret.png":                          "\x89PNG\r\n\x1a\nsecret",
	}
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Symbolic links: one out of every allowed folder, one that stays in
	// the checkout.
	links := map[string]string{
		"Fuser/doc/dev/tma/escape.png": filepath.Join(root, "secret.png"),
		"notes/img/escape.png":         filepath.Join(root, "secret.png"),
		"Fuser/doc/dev/tma/inside.svg": filepath.Join(root, "Fuser/doc/dev/tma/box.svg"),
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(name))); err != nil {
			t.Skipf("symbolic links unavailable: %v", err)
		}
	}
	// An image just over the cap, sparse so the test stays cheap.
	big := filepath.Join(root, "Fuser/doc/dev/tma/big.png")
	if err := os.WriteFile(big, []byte("\x89PNG\r\n\x1a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, MaxImageBytes+1); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestResolve(t *testing.T) {
	root := fixture(t)
	note := func(rel, notesDir, kind, id string) *model.Note {
		return &model.Note{Source: filepath.Join(root, notesDir, filepath.FromSlash(rel)), Path: rel, Kind: kind, ID: id}
	}
	tma := note("dev/tma.md", "Fuser/doc", model.KindGuide, "tma")
	iter := note("reading/iterdomain.md", "Fuser/doc", model.KindNotes, "iterdomain")
	seed := note("seed.md", "notes", model.KindRunbook, "seed")
	deep := note("sub/deep.md", "notes", model.KindNotes, "deep")
	r := New(filepath.Join(root, "Fuser"), []*model.Note{tma, iter, seed, deep})

	tests := []struct {
		name  string
		from  *model.Note
		dest  string
		image bool
		want  model.LocalTarget
	}{
		{"image beside the note", tma, "tma/box.svg", true,
			model.LocalTarget{Kind: model.LocalAsset, Name: "tma/box.svg", File: "Fuser/doc/dev/tma/box.svg"}},
		{"image with ./ and a query", tma, "./tma/box.svg?raw=true", true,
			model.LocalTarget{Kind: model.LocalAsset, Name: "tma/box.svg", File: "Fuser/doc/dev/tma/box.svg"}},
		{"escaped name", tma, "tma/a%20b.svg", true,
			model.LocalTarget{Kind: model.LocalAsset, Name: "tma/a b.svg", File: "Fuser/doc/dev/tma/a b.svg"}},
		{"Markdown escape", tma, `tma/x\_y.svg`, true,
			model.LocalTarget{Kind: model.LocalAsset, Name: "tma/x_y.svg", File: "Fuser/doc/dev/tma/x_y.svg"}},
		{"image of another doc folder", tma, "../reading/iterdomain/ss.svg", true,
			model.LocalTarget{Kind: model.LocalAsset, Name: "_/doc/reading/iterdomain/ss.svg", File: "Fuser/doc/reading/iterdomain/ss.svg"}},
		{"symbolic link inside the checkout", tma, "tma/inside.svg", true,
			model.LocalTarget{Kind: model.LocalAsset, Name: "tma/inside.svg", File: "Fuser/doc/dev/tma/box.svg"}},
		{"image in a notes folder", seed, "img/shot.gif", true,
			model.LocalTarget{Kind: model.LocalAsset, Name: "img/shot.gif", File: "notes/img/shot.gif"}},
		{"upper-case ending", seed, "img/photo.JPG", true,
			model.LocalTarget{Kind: model.LocalAsset, Name: "img/photo.JPG", File: "notes/img/photo.JPG"}},
		{"image up the notes folder", deep, "../img/shot.gif", true,
			model.LocalTarget{Kind: model.LocalAsset, Name: "_/img/shot.gif", File: "notes/img/shot.gif"}},
		{"link to an image outside the checkout is published", seed, "img/shot.gif", false,
			model.LocalTarget{Kind: model.LocalAsset, Name: "img/shot.gif", File: "notes/img/shot.gif"}},

		{"link to a note", tma, "../reading/iterdomain.md", false,
			model.LocalTarget{Kind: model.LocalNote, NoteKind: model.KindNotes, NoteID: "iterdomain"}},
		{"link to a note's section", iter, "../dev/tma.md#swizzle", false,
			model.LocalTarget{Kind: model.LocalNote, NoteKind: model.KindGuide, NoteID: "tma", Fragment: "swizzle"}},
		{"link to a note in a notes folder", deep, "../seed.md", false,
			model.LocalTarget{Kind: model.LocalNote, NoteKind: model.KindRunbook, NoteID: "seed"}},
		{"link to a checkout file", tma, "../../tests/cpp/tutorial_tmem.cpp", false,
			model.LocalTarget{Kind: model.LocalSource, Path: "tests/cpp/tutorial_tmem.cpp"}},
		{"link to a line", tma, "../../csrc/ops/alias.h#L1", false,
			model.LocalTarget{Kind: model.LocalSource, Path: "csrc/ops/alias.h", Fragment: "L1"}},
		{"link to a doc that is not a note", tma, "../README.md", false,
			model.LocalTarget{Kind: model.LocalSource, Path: "doc/README.md"}},
		{"link to a checkout image is a source link", tma, "tma/box.svg", false,
			model.LocalTarget{Kind: model.LocalSource, Path: "doc/dev/tma/box.svg"}},
		{"link to a folder", tma, "../reading/", false,
			model.LocalTarget{Kind: model.LocalSourceDir, Path: "doc/reading"}},
		{"link to a folder without slash", tma, "../../csrc/ops", false,
			model.LocalTarget{Kind: model.LocalSourceDir, Path: "csrc/ops"}},
		{"link to the checkout's root", tma, "../..", false,
			model.LocalTarget{Kind: model.LocalSourceDir}},

		{"missing image", tma, "tma/gone.svg", true,
			model.LocalTarget{Why: "no such file"}},
		{"missing note", tma, "../reading/gone.md#x", false,
			model.LocalTarget{Why: "no such file", Fragment: "x"}},
		{"escape from the checkout", tma, "../../../secret.png", true,
			model.LocalTarget{Why: "outside the note's folder and the nvFuser checkout"}},
		{"escape from a notes folder", seed, "../secret.png", true,
			model.LocalTarget{Why: "outside the note's folder and the nvFuser checkout"}},
		{"deep escape", seed, "../../../../../../../../etc/passwd", false,
			model.LocalTarget{Why: "outside the note's folder and the nvFuser checkout"}},
		{"notes folder into the checkout by path", seed, "../Fuser/csrc/ops/alias.h", false,
			model.LocalTarget{Kind: model.LocalSource, Path: "csrc/ops/alias.h"}},
		{"symbolic link out of the checkout", tma, "tma/escape.png", true,
			model.LocalTarget{Why: "a symbolic link that leads outside the note's folder and the nvFuser checkout"}},
		{"symbolic link out of a notes folder", seed, "img/escape.png", true,
			model.LocalTarget{Why: "a symbolic link that leads outside the note's folder and the nvFuser checkout"}},
		{"content is not the image its name says", tma, "tma/not-really.png", true,
			model.LocalTarget{Why: "named .png but its content is not that kind of image"}},
		{"SVG that could run", tma, "tma/active.svg", true,
			model.LocalTarget{Why: "an SVG with an event attribute (onload), which could run in a reader's browser"}},
		{"not an image", tma, "tma/notes.txt", true,
			model.LocalTarget{Why: "not a PNG, JPEG, GIF or SVG image"}},
		{"too large", tma, "tma/big.png", true,
			model.LocalTarget{Why: "larger than 5 MiB"}},
		{"a folder as an image", tma, "tma", true,
			model.LocalTarget{Why: "a folder, not an image"}},
		{"a notes folder's folder", seed, "img/", false,
			model.LocalTarget{Why: "a folder outside the nvFuser checkout"}},
		{"a notes file of no known kind", seed, "log.txt", false,
			model.LocalTarget{Why: "not a note, an image or a file of the nvFuser checkout"}},
		{"bad escape", tma, "tma/%zz.svg", true,
			model.LocalTarget{Why: "not a file path"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			if want.File != "" {
				want.File = filepath.Join(root, filepath.FromSlash(want.File))
				if real, err := filepath.EvalSymlinks(want.File); err == nil {
					want.File = real
				}
			}
			if got := r.Resolve(tc.from, tc.dest, tc.image); got != want {
				t.Errorf("Resolve(%q)\n got %+v\nwant %+v", tc.dest, got, want)
			}
		})
	}
}

// Without a checkout on disk (the embedded example), links into it do not
// resolve, and notes beside each other still do.
func TestResolveWithoutCheckout(t *testing.T) {
	root := fixture(t)
	seed := &model.Note{Source: filepath.Join(root, "notes", "seed.md"), Path: "seed.md", ID: "seed", Kind: model.KindRunbook}
	deep := &model.Note{Source: filepath.Join(root, "notes", "sub", "deep.md"), Path: "sub/deep.md", ID: "deep", Kind: model.KindNotes}
	r := New("", []*model.Note{seed, deep})
	if got := r.Resolve(seed, "sub/deep.md", false); got.Kind != model.LocalNote || got.NoteID != "deep" {
		t.Errorf("note beside: %+v", got)
	}
	if got := r.Resolve(seed, "../Fuser/csrc/ops/alias.h", false); got.Kind != model.LocalUnresolved {
		t.Errorf("a checkout file with no checkout given resolved: %+v", got)
	}
	embedded := &model.Note{Source: "example/notes/x.md", Path: "x.md"}
	if got := r.Resolve(embedded, "a.svg", true); got.Kind != model.LocalUnresolved || !strings.Contains(got.Why, "not a file on disk") {
		t.Errorf("embedded note: %+v", got)
	}
}

// Notes fills every target and warns about each unresolved one at the
// note's file and line.
func TestNotesWarnAtTheLine(t *testing.T) {
	root := fixture(t)
	tma := &model.Note{Source: filepath.Join(root, "Fuser/doc/dev/tma.md"), Path: "dev/tma.md", ID: "tma", Kind: model.KindGuide,
		Local: []model.LocalRef{{Dest: "tma/box.svg", Line: 3, Image: true}, {Dest: "../missing.md", Line: 7}, {Dest: "../../../secret.png", Line: 9, Image: true}}}
	ws := New(filepath.Join(root, "Fuser"), []*model.Note{tma}).Notes([]*model.Note{tma})
	if tma.Local[0].Target.Kind != model.LocalAsset {
		t.Errorf("the image did not resolve: %+v", tma.Local[0].Target)
	}
	want := []string{
		tma.Source + `:7: link "../missing.md": no such file; shown as flagged text`,
		tma.Source + `:9: image "../../../secret.png": outside the note's folder and the nvFuser checkout; shown as flagged text`,
	}
	if len(ws) != len(want) {
		t.Fatalf("warnings: %v", ws)
	}
	for i, w := range ws {
		if w.String() != want[i] {
			t.Errorf("warning %d:\n got %s\nwant %s", i, w, want[i])
		}
	}
}
