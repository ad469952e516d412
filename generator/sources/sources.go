// Package sources finds the generator's inputs: an nvFuser checkout (or the
// embedded example) and the note files. It reads bytes and reports what is
// missing; it interprets nothing.
package sources

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/example"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Inputs is everything a run reads.
type Inputs struct {
	// Tree is the nvFuser checkout root; nil when the configured source does
	// not exist (a warning says so and the rest still builds).
	Tree     fs.FS
	TreeName string // for messages: a path, or "embedded example"
	Embedded bool
	Notes    []File
	Warnings []model.Diagnostic

	seen   map[string]bool  // note paths already read
	byBase map[string][]int // indexes in Notes by file name, to skip copies
	exists sync.Map         // path -> bool: FileExists answers
}

// File is one note: its path as given, and its bytes.
type File struct {
	Path string
	// Rel is Path relative to the notes folder, or glob base, or (for a
	// file named alone) its own folder: the name a published page shows
	// instead of a path of the build machine.
	Rel  string
	Data []byte
}

// noteExts are the file endings read as notes when a folder is given.
var noteExts = map[string]bool{".md": true, ".markdown": true, ".txt": true}

// Open locates the checkout and reads the notes. source "" selects the
// embedded example, whose notes are used when no notes are given.
func Open(source string, notes []string) (*Inputs, error) {
	in := &Inputs{}
	switch {
	case source == "":
		in.Tree, in.TreeName, in.Embedded = example.Tree(), "embedded example", true
	default:
		st, err := os.Stat(source)
		if err != nil || !st.IsDir() {
			in.warn(model.Location{File: source}, "nvFuser source checkout not found; building without it")
		} else {
			in.Tree, in.TreeName = os.DirFS(source), source
		}
	}
	if len(notes) == 0 && in.Embedded {
		if err := in.readEmbeddedNotes(); err != nil {
			return nil, err
		}
		return in, nil
	}
	for _, n := range notes {
		if err := in.readNotes(n); err != nil {
			return nil, err
		}
	}
	sort.Slice(in.Notes, func(i, j int) bool { return in.Notes[i].Path < in.Notes[j].Path })
	return in, nil
}

// ReadTreeFile returns a checkout file, or ok=false with a warning recorded
// when it is missing.
func (in *Inputs) ReadTreeFile(name string) ([]byte, bool) {
	if in.Tree == nil {
		return nil, false
	}
	data, err := fs.ReadFile(in.Tree, name)
	if err != nil {
		in.warn(model.Location{File: name}, fmt.Sprintf("missing in %s; skipped", in.TreeName))
		return nil, false
	}
	return data, true
}

// FileExists reports whether a repo-relative path exists in the checkout;
// checked is false when there is no checkout to ask.
func (in *Inputs) FileExists(p string) (exists, checked bool) {
	if in.Tree == nil {
		return false, false
	}
	p = path.Clean(strings.TrimPrefix(p, "/"))
	if !fs.ValidPath(p) {
		return false, true
	}
	// Notes name the same files many times, and both parsing and linking
	// ask (from parallel workers): stat each path once.
	if known, ok := in.exists.Load(p); ok {
		return known.(bool), true
	}
	_, err := fs.Stat(in.Tree, p)
	in.exists.Store(p, err == nil)
	return err == nil, true
}

func (in *Inputs) warn(where model.Location, msg string) {
	in.Warnings = append(in.Warnings, model.Diagnostic{Where: where, Message: msg})
}

func (in *Inputs) readEmbeddedNotes() error {
	return fs.WalkDir(in.Tree, example.NotesDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !noteExts[path.Ext(p)] {
			return err
		}
		data, err := fs.ReadFile(in.Tree, p)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, example.NotesDir+"/")
		in.Notes = append(in.Notes, File{Path: "example/" + p, Rel: rel, Data: data})
		return nil
	})
}

// readNotes expands one --notes argument: a file, a folder (recursively,
// note endings only) or a glob.
func (in *Inputs) readNotes(arg string) error {
	matches := []string{arg}
	glob := strings.ContainsAny(arg, "*?[")
	if glob {
		m, err := filepath.Glob(arg)
		if err != nil {
			return fmt.Errorf("--notes %q: %w", arg, err)
		}
		if len(m) == 0 {
			in.warn(model.Location{File: arg}, "notes pattern matched no file")
		}
		matches = m
	}
	for _, p := range matches {
		st, err := os.Stat(p)
		if err != nil {
			in.warn(model.Location{File: p}, "notes path not found; skipped")
			continue
		}
		if !st.IsDir() {
			base := filepath.Dir(p)
			if glob {
				base = globBase(arg)
			}
			if err := in.addNote(p, base); err != nil {
				return err
			}
			continue
		}
		err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") && q != p {
				return filepath.SkipDir
			}
			if d.IsDir() || !noteExts[strings.ToLower(filepath.Ext(q))] {
				return nil
			}
			return in.addNote(q, p)
		})
		if err != nil {
			return fmt.Errorf("--notes %s: %w", p, err)
		}
	}
	return nil
}

// addNote reads one note unless it was read already: named twice (a folder
// and a glob overlapping), or the same file reached by two paths (same name,
// same bytes). Lookups are by map, so large note folders stay linear.
func (in *Inputs) addNote(p, dir string) error {
	if in.seen == nil {
		in.seen = map[string]bool{}
	}
	if in.seen[p] {
		return nil
	}
	in.seen[p] = true
	data, err := os.ReadFile(p)
	if err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	// The same note reached twice (a copy under another folder, two
	// globs) is read once: same file name and the same bytes.
	base := filepath.Base(p)
	for _, i := range in.byBase[base] {
		if bytes.Equal(in.Notes[i].Data, data) {
			return nil
		}
	}
	if in.byBase == nil {
		in.byBase = map[string][]int{}
	}
	in.byBase[base] = append(in.byBase[base], len(in.Notes))
	in.Notes = append(in.Notes, File{Path: p, Rel: relTo(dir, p), Data: data})
	return nil
}

// globBase is the folder part of a glob before its first wildcard:
// "../Fuser/doc/*/x*.md" -> "../Fuser/doc".
func globBase(pattern string) string {
	i := strings.IndexAny(pattern, "*?[")
	return filepath.Dir(pattern[:i] + "x")
}

// relTo is p relative to base, slash-separated; the file name when p is
// not under base.
func relTo(base, p string) string {
	r, err := filepath.Rel(base, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) || filepath.IsAbs(r) {
		return filepath.Base(p)
	}
	return filepath.ToSlash(r)
}

// ReadOptional reads a checkout file that may legitimately be absent; no
// warning is recorded.
func (in *Inputs) ReadOptional(name string) ([]byte, error) {
	if in.Tree == nil {
		return nil, fs.ErrNotExist
	}
	return fs.ReadFile(in.Tree, name)
}

// CheckGiven fails when a path named on the command line (flag is its
// flag, for the message) does not exist: a typo must not build an empty
// handbook. A source must be a folder; a note argument may be a file, a
// folder, or a glob that matches something. (Missing defaults from
// config.toml are warnings instead, recorded by Open.)
func CheckGiven(flag, p string, note bool) error {
	if note && strings.ContainsAny(p, "*?[") {
		m, err := filepath.Glob(p)
		if err != nil {
			return fmt.Errorf("%s %s: %w", flag, p, err)
		}
		if len(m) == 0 {
			return fmt.Errorf("%s %s: the pattern matches no file", flag, p)
		}
		return nil
	}
	st, err := os.Stat(p)
	switch {
	case err != nil && os.IsNotExist(err):
		return fmt.Errorf("%s %s: no such file or folder", flag, p)
	case err != nil:
		return fmt.Errorf("%s %s: %w", flag, p, err)
	case !note && !st.IsDir():
		return fmt.Errorf("%s %s: not a folder (give the root of an nvFuser checkout)", flag, p)
	}
	return nil
}
