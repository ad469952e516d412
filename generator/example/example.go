// Package example embeds a small nvFuser-shaped source tree, written for the
// handbook, so that `go run ./cmd/gen` builds a working site with no checkout
// configured. Its files use nvFuser's real formats; their text is our own.
package example

import (
	"embed"
	"io/fs"
)

//go:embed all:fuser
var files embed.FS

// Tree is the example checkout root (csrc/, tools/, python/, notes/).
func Tree() fs.FS {
	sub, err := fs.Sub(files, "fuser")
	if err != nil {
		panic(err) // the embed pattern guarantees the directory exists
	}
	return sub
}

// NotesDir is the folder of Tree holding the example notes.
const NotesDir = "notes"
