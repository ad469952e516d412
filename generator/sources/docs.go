package sources

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/pathglob"
	"github.com/nvfuser-handbook/handbook/generator/internal/safefile"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Docs says which files of the checkout are read as docs: nvFuser's own
// documentation, published as guides beside the notes (config.toml's
// docs, docs_include, docs_exclude).
type Docs struct {
	// Include and Exclude are globs of checkout paths (pathglob): a file
	// is read when it matches an Include and no Exclude.
	Include, Exclude []string
	// Required says a checkout without any such file is worth a warning
	// (docs = "on"); otherwise it is simply a checkout without docs.
	Required bool
}

// readDocs reads the docs of the checkout into in.Notes, each with Doc
// set and Rel its path in the checkout, before the notes are read, so
// that a note that is a copy of a doc (--notes ../Fuser/doc/dev/*.md) is
// skipped as a copy and the doc keeps its checkout identity.
func (in *Inputs) readDocs(d *Docs) error {
	if d == nil || in.Tree == nil || len(d.Include) == 0 {
		return nil
	}
	include, err := compileAll(d.Include)
	if err != nil {
		return fmt.Errorf("docs_include: %w", err)
	}
	exclude, err := compileAll(d.Exclude)
	if err != nil {
		return fmt.Errorf("docs_exclude: %w", err)
	}
	found := map[string]bool{}
	for _, g := range include {
		root := g.Root()
		if _, err := fs.Stat(in.Tree, root); err != nil {
			continue // no such folder in this checkout
		}
		err := fs.WalkDir(in.Tree, root, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() {
				if p != root && strings.HasPrefix(e.Name(), ".") || matchesAny(exclude, p) && p != "." {
					return fs.SkipDir
				}
				return nil
			}
			if !IsNoteFile(p) || !g.Match(p) || matchesAny(exclude, p) {
				return nil
			}
			if !e.Type().IsRegular() {
				// A link that stays in the checkout is a second path to a
				// doc read under its own (nvFuser's doc/sphinx/source
				// links into doc/): skipped. Anything else that is not a
				// plain file is said.
				if _, err := fs.Stat(in.Tree, p); err != nil || e.Type()&fs.ModeSymlink == 0 {
					why := "not a regular file; skipped"
					if err != nil {
						why = safefile.Why(err) + "; skipped"
					}
					in.warn(model.Location{File: p}, why)
				}
				return nil
			}
			found[p] = true
			return nil
		})
		if err != nil {
			return fmt.Errorf("docs of %s: %w", in.TreeName, err)
		}
	}
	paths := make([]string, 0, len(found))
	for p := range found {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	if len(paths) == 0 && d.Required {
		in.warn(model.Location{File: in.TreeName}, fmt.Sprintf("docs = \"on\" but no file matches %s in the checkout", strings.Join(d.Include, ", ")))
	}
	for _, p := range paths {
		data, err := fs.ReadFile(in.Tree, p)
		if err != nil {
			// A file of the checkout, not the handbook's own: one that
			// cannot be read (swapped for a pipe, over the size limit) is
			// skipped, as the other readers of the checkout skip theirs.
			in.warn(model.Location{File: in.docPath(p)}, safefile.Why(err)+"; skipped")
			continue
		}
		in.addFile(File{Path: in.docPath(p), Rel: p, Data: data, Doc: true})
	}
	return nil
}

// docPath is where a doc is, for messages: the file on disk, or its place
// in the embedded example.
func (in *Inputs) docPath(rel string) string {
	if in.Dir != "" {
		return filepath.Join(in.Dir, filepath.FromSlash(rel))
	}
	return path.Join("example", "fuser", rel)
}

func compileAll(patterns []string) ([]*pathglob.Glob, error) {
	var out []*pathglob.Glob
	for _, p := range patterns {
		g, err := pathglob.Compile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

func matchesAny(globs []*pathglob.Glob, p string) bool {
	for _, g := range globs {
		if g.Match(p) {
			return true
		}
	}
	return false
}
