package pipeline

import (
	"runtime/debug"

	"github.com/nvfuser-handbook/handbook/generator/emit"
)

// GeneratorVersion describes the running gen binary from the build
// information Go embeds in it: the module version and, for a binary built
// from a git work tree, the commit (and whether it had local changes).
// Nothing here depends on when or where it runs.
func GeneratorVersion() emit.Generator {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return emit.Generator{Version: "unknown"}
	}
	// The Go toolchain's version is left out: a site must not change
	// because the same generator was compiled by a newer Go.
	g := emit.Generator{Module: bi.Main.Path, Version: bi.Main.Version}
	if g.Version == "" {
		g.Version = "(devel)"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			g.Revision = s.Value
		case "vcs.modified":
			g.Modified = s.Value == "true"
		}
	}
	return g
}
