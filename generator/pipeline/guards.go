package pipeline

import (
	"os"
	"path/filepath"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/publish"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// OutGuards are the paths a run reads or owns, which its output folder must
// never be, contain, or (for generated/ and notes) sit inside: publishing
// replaces the whole folder.
func OutGuards(s *config.Settings) []publish.Guard {
	g := []publish.Guard{
		{Path: s.ProjectDir, What: "the project (the folder of " + filepath.Base(s.ConfigFile) + ")"},
		{Path: s.ConfigFile, What: "the config file"},
		{Path: s.GeneratedDir(), What: "the generated content folder", Inside: true},
		{Path: s.Source, What: "the nvFuser source checkout"},
		{Path: s.URLManifest, What: "the URL manifest"},
	}
	for _, n := range s.Notes {
		g = append(g, publish.Guard{Path: sources.NotesRoot(n), What: "a notes path", Inside: true})
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		g = append(g, publish.Guard{Path: home, What: "the home folder"})
	}
	if wd, err := os.Getwd(); err == nil {
		// gen run from inside a checkout of the handbook: its root.
		for d := wd; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				g = append(g, publish.Guard{Path: d, What: "a Go module (the folder of go.mod)"})
				break
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return g
}
