package emit

import (
	"reflect"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Each resolved destination becomes its URL (a page path for a note, a
// pinned source or folder link, the image's published path) or the
// reason it is shown flagged; an <img src> of the raw HTML reaches the
// same URL as a Markdown image would.
func TestLocalLinks(t *testing.T) {
	e := &emitter{site: Site{RepoURL: "https://github.com/NVIDIA/Fuser", RepoRef: "81c4b22"}}
	n := &model.Note{ID: "tma", Kind: model.KindGuide, Local: []model.LocalRef{
		{Dest: "tma/box.svg", Image: true, Target: model.LocalTarget{Kind: model.LocalAsset, Name: "tma/box.svg"}},
		{Dest: "tma/box.svg", Image: true, Target: model.LocalTarget{Kind: model.LocalAsset, Name: "tma/box.svg"}}, // twice: one entry
		{Dest: "tma/box.svg", Target: model.LocalTarget{Kind: model.LocalSource, Path: "doc/dev/tma/box.svg"}},
		{Dest: "../reading/iterdomain.md#split", Target: model.LocalTarget{Kind: model.LocalNote, NoteKind: model.KindNotes, NoteID: "iterdomain", Fragment: "split"}},
		{Dest: "../../csrc/ops/alias.h#L10", Target: model.LocalTarget{Kind: model.LocalSource, Path: "csrc/ops/alias.h", Fragment: "L10"}},
		{Dest: "../../csrc/", Target: model.LocalTarget{Kind: model.LocalSourceDir, Path: "csrc"}},
		{Dest: "../x/a b.png", Image: true, HTML: true, Target: model.LocalTarget{Kind: model.LocalAsset, Name: "_/doc/x/a b.png"}},
		{Dest: "gone.md", Target: model.LocalTarget{Why: "no such file"}},
	}}
	want := []noteLocal{
		{Dest: "tma/box.svg", Image: true, URL: "/guides/tma/tma/box.svg"},
		{Dest: "tma/box.svg", URL: "https://github.com/NVIDIA/Fuser/blob/81c4b22/doc/dev/tma/box.svg"},
		{Dest: "../reading/iterdomain.md#split", URL: "/notes/iterdomain#split"},
		{Dest: "../../csrc/ops/alias.h#L10", URL: "https://github.com/NVIDIA/Fuser/blob/81c4b22/csrc/ops/alias.h#L10"},
		{Dest: "../../csrc/", URL: "https://github.com/NVIDIA/Fuser/tree/81c4b22/csrc"},
		{Dest: "../x/a b.png", Image: true, URL: "/guides/tma/_/doc/x/a%20b.png"},
		{Dest: "gone.md", Missing: "no such file"},
	}
	if got := e.localLinks(n); !reflect.DeepEqual(got, want) {
		t.Errorf("localLinks\n got %+v\nwant %+v", got, want)
	}
	for dest, want := range map[string]string{"../x/a b.png": "/guides/tma/_/doc/x/a%20b.png", "tma/box.svg": "", "other.png": ""} {
		if got := e.htmlImageURL(n, dest); got != want {
			t.Errorf("htmlImageURL(%q) = %q, want %q", dest, got, want)
		}
	}
}
