// Package sources finds the generator's inputs: an nvFuser checkout (or the
// embedded example) and the note files. It reads bytes and reports what is
// missing; it interprets nothing.
package sources

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/example"
	"github.com/nvfuser-handbook/handbook/generator/internal/gitcmd"
	"github.com/nvfuser-handbook/handbook/generator/internal/safefile"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Inputs is everything a run reads.
type Inputs struct {
	// Tree is the nvFuser checkout root; nil when the configured source does
	// not exist (a warning says so and the rest still builds).
	Tree     fs.FS
	TreeName string // for messages: a path, or "embedded example"
	// Dir is the checkout's folder on disk; "" for the embedded example.
	// The history stage reads its git history from there.
	Dir      string
	Embedded bool
	// Revision is the checkout's HEAD commit; zero for a plain tree.
	Revision model.Revision
	// Shallow: the checkout is a shallow clone (git clone --depth 1), with
	// HEAD but no history to read.
	Shallow  bool
	Notes    []File
	Warnings []model.Diagnostic

	docs         *Docs            // what OpenDocs was asked to read
	seen         map[string]bool  // note paths already read
	treeWarnings int              // how many of Warnings are about the checkout
	readWarnings int              // how many of Warnings reading gave (checkout and notes)
	prev         map[string]File  // notes of an earlier run, by path (RereadNotes)
	stamps       map[string]stamp // size and time of each note read, by path
	byBase       map[string][]int // indexes in Notes by file name, to skip copies
	exists       sync.Map         // path -> bool: FileExists answers
}

// File is one note: its path as given, and its bytes.
type File struct {
	Path string
	// Rel is Path relative to the notes folder, or glob base, or (for a
	// file named alone) its own folder: the name a published page shows
	// instead of a path of the build machine.
	Rel  string
	Data []byte
	// Doc says the file is one of nvFuser's docs, read from the checkout
	// (see Docs): Rel is its path in the checkout.
	Doc bool
}

// noteExts are the file endings read as notes when a folder is given.
var noteExts = map[string]bool{".md": true, ".markdown": true, ".txt": true}

// IsNoteFile reports whether a file in a notes folder is read as a note,
// by its ending (gen serve asks it of the files that change).
func IsNoteFile(name string) bool { return noteExts[strings.ToLower(path.Ext(filepath.ToSlash(name)))] }

// Open locates the checkout and reads the notes. source "" selects the
// embedded example, whose notes are used when no notes are given.
func Open(source string, notes []string) (*Inputs, error) { return OpenDocs(source, notes, nil) }

// OpenDocs is Open that also reads the checkout's docs (nil: none).
func OpenDocs(source string, notes []string, docs *Docs) (*Inputs, error) {
	in := &Inputs{docs: docs}
	switch {
	case source == "":
		in.Tree, in.TreeName, in.Embedded = example.Tree(), "embedded example", true
	default:
		st, err := os.Stat(source)
		if err != nil || !st.IsDir() {
			in.warn(model.Location{File: source}, "nvFuser source checkout not found; building without it")
		} else {
			// Every file of the checkout is read through safefile's rule:
			// regular files only, links only while they stay inside the
			// checkout, a size limit (a file refused is skipped with a
			// warning by each reader).
			root, err := safefile.OpenRoot(source, safefile.MaxTextBytes)
			if err != nil {
				return nil, err
			}
			in.Tree, in.TreeName, in.Dir = root.FS(), source, source
			in.Revision = HeadRevision(source)
			if !in.Revision.IsZero() && gitcmd.Shallow(source) {
				in.Shallow = true
				in.warn(model.Location{File: source}, "a shallow clone (git clone --depth, actions/checkout fetch-depth: 1): no option history and no freshness of notes' code references; clone in full, or git fetch --unshallow")
			}
		}
	}
	in.treeWarnings = len(in.Warnings)
	err := in.readAllNotes(notes)
	in.readWarnings = len(in.Warnings)
	return in, err
}

// LaterWarnings are the warnings added to in after reading: those of the
// stages that extract from the checkout.
func (in *Inputs) LaterWarnings() []model.Diagnostic {
	return append([]model.Diagnostic(nil), in.Warnings[in.readWarnings:]...)
}

// RereadNotes reads the notes again for a later run against the same
// checkout (gen serve, after a note changed): the checkout is not looked
// at again, and a note file whose size and modification time are those it
// had in in is not read again either.
func (in *Inputs) RereadNotes(notes []string) (*Inputs, error) {
	next := &Inputs{Tree: in.Tree, TreeName: in.TreeName, Dir: in.Dir, Embedded: in.Embedded, Revision: in.Revision, docs: in.docs,
		Warnings: append([]model.Diagnostic(nil), in.Warnings[:in.treeWarnings]...), treeWarnings: in.treeWarnings,
		prev: map[string]File{}}
	next.Shallow = in.Shallow
	for _, f := range in.Notes {
		next.prev[f.Path] = f
	}
	next.stamps = cloneStamps(in.stamps)
	// The docs are part of the checkout, which is not read again.
	for _, f := range in.Notes {
		if f.Doc {
			next.addFile(f)
		}
	}
	err := next.readNotesOnly(notes)
	next.readWarnings = len(next.Warnings)
	next.prev = nil
	return next, err
}

// ChangedNotes are the paths of next's notes that in did not have, or
// had with other bytes, and of in's notes that next no longer has.
func (in *Inputs) ChangedNotes(next *Inputs) []string {
	old := map[string][]byte{}
	for _, f := range in.Notes {
		old[f.Path] = f.Data
	}
	var changed []string
	for _, f := range next.Notes {
		if data, ok := old[f.Path]; !ok || !bytes.Equal(data, f.Data) {
			changed = append(changed, f.Path)
		}
		delete(old, f.Path)
	}
	for p := range old {
		changed = append(changed, p)
	}
	sort.Strings(changed)
	return changed
}

// stamp is what tells a note file unchanged without reading it.
type stamp struct {
	size    int64
	modTime int64
}

// readAllNotes reads the checkout's docs, then the notes.
func (in *Inputs) readAllNotes(notes []string) error {
	if err := in.readDocs(in.docs); err != nil {
		return err
	}
	return in.readNotesOnly(notes)
}

func (in *Inputs) readNotesOnly(notes []string) error {
	defer in.sortNotes()
	if len(notes) == 0 && in.Embedded {
		if err := in.readEmbeddedNotes(); err != nil {
			return err
		}
		return nil
	}
	for _, n := range notes {
		if err := in.readNotes(n); err != nil {
			return err
		}
	}
	return nil
}

func (in *Inputs) sortNotes() {
	sort.Slice(in.Notes, func(i, j int) bool { return in.Notes[i].Path < in.Notes[j].Path })
}

// ReadTreeFile returns a checkout file, or ok=false with a warning recorded
// when it is missing.
func (in *Inputs) ReadTreeFile(name string) ([]byte, bool) {
	if in.Tree == nil {
		return nil, false
	}
	data, err := fs.ReadFile(in.Tree, name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		in.warn(model.Location{File: name}, fmt.Sprintf("missing in %s; skipped", in.TreeName))
		return nil, false
	case err != nil:
		in.warn(model.Location{File: name}, safefile.Why(err)+"; skipped")
		return nil, false
	}
	// What these files say reaches pages and JSON, which must be UTF-8.
	data, bad := safefile.ValidUTF8(data)
	if bad > 0 {
		in.warn(model.Location{File: name, Line: bad}, "not valid UTF-8 here; read with the bytes replaced by U+FFFD")
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
		if err != nil || d.IsDir() || !IsNoteFile(p) {
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
				base = NotesRoot(arg)
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
			if d.IsDir() || !IsNoteFile(q) {
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
	data, err := in.readNote(p, dir)
	if err != nil {
		return err
	}
	// The same note reached twice (a copy under another folder, two
	// globs) is read once: same file name and the same bytes.
	// A note that is a copy of a doc read from the checkout is that doc.
	for _, i := range in.byBase[filepath.Base(p)] {
		if bytes.Equal(in.Notes[i].Data, data) {
			return nil
		}
	}
	in.addFile(File{Path: p, Rel: relTo(dir, p), Data: data})
	return nil
}

// addFile adds a note or doc, indexed by file name for addNote's copies.
func (in *Inputs) addFile(f File) {
	if in.byBase == nil {
		in.byBase = map[string][]int{}
	}
	base := path.Base(filepath.ToSlash(f.Path))
	in.byBase[base] = append(in.byBase[base], len(in.Notes))
	in.Notes = append(in.Notes, f)
}

// readNote reads a note file, or takes the bytes an earlier run read when
// the file's size and modification time have not moved since. dir is the
// folder the note was given from (the --notes folder, the glob's base, a
// file's own folder): the note is read by safefile's rule inside it, so
// a named pipe, a device, a note over the size limit or a link that
// leads out of dir fails the build, naming the note.
func (in *Inputs) readNote(p, dir string) ([]byte, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	now := stamp{size: st.Size(), modTime: st.ModTime().UnixNano()}
	if f, ok := in.prev[p]; ok && in.stamps[p] == now && st.Mode().IsRegular() {
		return f.Data, nil
	}
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		dir, rel = filepath.Dir(p), filepath.Base(p)
	}
	data, err := safefile.ReadFile(dir, rel, safefile.MaxTextBytes)
	if err != nil {
		return nil, err
	}
	if in.stamps == nil {
		in.stamps = map[string]stamp{}
	}
	in.stamps[p] = now
	return data, nil
}

func cloneStamps(m map[string]stamp) map[string]stamp {
	c := make(map[string]stamp, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	return c
}

// NotesRoot is the folder or file a --notes argument names: the argument
// itself, or for a glob the folder before its first wildcard
// ("../Fuser/doc/*/x*.md" -> "../Fuser/doc"). Note names are relative to
// it, and gen serve watches below it.
func NotesRoot(arg string) string {
	i := strings.IndexAny(arg, "*?[")
	if i < 0 {
		return arg
	}
	return filepath.Dir(arg[:i] + "x")
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
	data, err := fs.ReadFile(in.Tree, name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		// There, but refused (a named pipe, a link out of the checkout):
		// worth saying, unlike a file this checkout does not have.
		in.warn(model.Location{File: name}, safefile.Why(err)+"; skipped")
	}
	return data, err
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
