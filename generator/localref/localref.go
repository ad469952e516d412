// Package localref resolves the relative destinations a note links to or
// shows ("tma/box.svg", "../reading/iterdomain.md#x",
// "../../tests/cpp/tutorial_tmem.cpp"), as GitHub does: relative to the
// note's own file. A destination becomes another note's page, a pinned
// link into the nvFuser checkout (a file or a folder), an image published
// beside the note's page, or, when none of these, flagged text and a
// warning naming the note's file and line.
//
// Only files under the note's notes folder (the --notes folder or glob
// base it was read from) or the checkout are ever published or linked:
// a destination that climbs out of both ("../../../../etc/passwd"), or a
// symbolic link that leads out of both, is refused.
package localref

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/internal/safefile"
	"github.com/nvfuser-handbook/handbook/generator/internal/urlsafe"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// MaxImageBytes caps an image published beside a page: figures in docs
// are tens of kilobytes; anything this large is a mistake (a data file
// named .png) that would bloat every copy of the site.
const MaxImageBytes = 5 << 20

// PageFiles are the files a page's own folder holds (config.toml's
// outputs: the HTML page and its Markdown twin): no image may be
// published under one of these names used as a folder.
var PageFiles = map[string]bool{"index.html": true, "index.md": true}

// imageExts are the image formats published (as <img>, never inlined).
var imageExts = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true}

// IsImage reports whether a file's name says it is an image a note may
// show (gen serve republishes one that changes under a notes folder).
func IsImage(name string) bool { return imageExts[strings.ToLower(filepath.Ext(name))] }

// Resolver resolves notes' relative destinations against the files on
// disk. It is built once per run, after every note is parsed.
type Resolver struct {
	checkout     string // the checkout folder, absolute; "" when none on disk
	realCheckout string // the same, symbolic links resolved
	all          []*model.Note
	once         sync.Once
	notes        map[string]*model.Note // by real absolute path of the note's file (see byFile)
}

// New returns a resolver for the notes of one run. checkoutDir is the
// nvFuser checkout on disk ("" when there is none, as for the embedded
// example).
func New(checkoutDir string, notes []*model.Note) *Resolver {
	r := &Resolver{all: notes}
	if checkoutDir != "" {
		r.checkout, r.realCheckout = absReal(checkoutDir)
	}
	return r
}

// byFile is the note read from the file at real, or nil. The index is
// built on first use: most notes link to no other.
func (r *Resolver) byFile(real string) *model.Note {
	r.once.Do(func() {
		r.notes = map[string]*model.Note{}
		for _, n := range r.all {
			if _, real := absReal(n.Source); real != "" {
				r.notes[real] = n
			}
		}
	})
	return r.notes[real]
}

// Notes fills in the Target of every local destination of every note and
// returns a warning, at the note's file and line, for each one that does
// not resolve.
//
// Notes are resolved on every core: an SVG is read whole to be judged
// (svgActive), and nvFuser's docs hold figures of a megabyte, tens of
// milliseconds each.
func (r *Resolver) Notes(notes []*model.Note) []model.Diagnostic {
	each := make([][]model.Diagnostic, len(notes))
	parallel.For(len(notes), func(j int) {
		n := notes[j]
		for i := range n.Local {
			ref := &n.Local[i]
			ref.Target = r.Resolve(n, ref.Dest, ref.Image)
			if ref.Target.Kind == model.LocalUnresolved {
				each[j] = append(each[j], Warning(n, *ref))
			}
		}
	})
	var warnings []model.Diagnostic
	for _, w := range each {
		warnings = append(warnings, w...)
	}
	return warnings
}

// Warning is the build warning for an unresolved destination.
func Warning(n *model.Note, ref model.LocalRef) model.Diagnostic {
	what := "link"
	if ref.Image {
		what = "image"
	}
	return model.Diagnostic{Where: model.Location{File: n.Source, Line: ref.Line},
		Message: fmt.Sprintf("%s %q: %s; shown as flagged text", what, ref.Dest, ref.Target.Why)}
}

// Resolve says where dest, written in note n, leads. image is true for an
// image's source (Markdown ![..](dest) or HTML <img src>): only an image
// file resolves then, to be published beside the page.
func (r *Resolver) Resolve(n *model.Note, dest string, image bool) model.LocalTarget {
	var t model.LocalTarget
	rest, frag, _ := strings.Cut(strings.TrimSpace(dest), "#")
	t.Fragment = frag
	rest, _, _ = strings.Cut(rest, "?")                           // "?raw=true" and the like
	p, err := url.PathUnescape(urlsafe.UnescapeBackslashes(rest)) // kept as the render hook receives them, escapes and all
	if err != nil || p == "" || strings.ContainsRune(p, 0) {
		return unresolved(t, "not a file path")
	}
	noteFile, realNote := absReal(n.Source)
	if realNote == "" {
		return unresolved(t, "the note is not a file on disk to resolve it from")
	}
	root := notesRoot(noteFile, n.Path)
	target := filepath.Join(filepath.Dir(noteFile), filepath.FromSlash(p))
	inCheckout := r.checkout != "" && within(r.checkout, target)
	if !inCheckout && !within(root, target) {
		return unresolved(t, "outside the note's folder and the nvFuser checkout")
	}
	real, err := filepath.EvalSymlinks(target)
	if err != nil {
		if os.IsNotExist(err) {
			return unresolved(t, "no such file")
		}
		return unresolved(t, "cannot be read")
	}
	_, realRoot := absReal(root)
	realInCheckout := r.realCheckout != "" && within(r.realCheckout, real)
	if !realInCheckout && (realRoot == "" || !within(realRoot, real)) {
		return unresolved(t, "a symbolic link that leads outside the note's folder and the nvFuser checkout")
	}
	st, err := os.Stat(real)
	if err != nil {
		return unresolved(t, "cannot be read")
	}
	switch {
	case st.IsDir() && image:
		return unresolved(t, "a folder, not an image")
	case st.IsDir() && realInCheckout:
		t.Kind, t.Path = model.LocalSourceDir, repoPath(r.realCheckout, real)
		return t
	case st.IsDir():
		return unresolved(t, "a folder outside the nvFuser checkout")
	case !st.Mode().IsRegular():
		return unresolved(t, "not a regular file")
	}
	if other := r.byFile(real); other != nil && !image {
		t.Kind, t.NoteKind, t.NoteID = model.LocalNote, other.Kind, other.ID
		return t
	}
	isImage := IsImage(p)
	if image || (isImage && !realInCheckout) {
		if why := checkImage(real, st.Size()); why != "" {
			return unresolved(t, why)
		}
		t.Kind, t.File = model.LocalAsset, real
		t.Name = assetName(p, target, root, r.checkout, inCheckout)
		if first, _, _ := strings.Cut(t.Name, "/"); PageFiles[first] {
			// Published beside the page, the image would need a folder
			// where the page's own file is: the render could not write
			// either, and would say only "not a directory".
			return unresolved(t, fmt.Sprintf("would be published inside the page's own %s (a folder of that name in the note's folder); rename the folder", first))
		}
		return t
	}
	if realInCheckout {
		t.Kind, t.Path = model.LocalSource, repoPath(r.realCheckout, real)
		return t
	}
	return unresolved(t, "not a note, an image or a file of the nvFuser checkout")
}

func unresolved(t model.LocalTarget, why string) model.LocalTarget {
	return model.LocalTarget{Kind: model.LocalUnresolved, Fragment: t.Fragment, Why: why}
}

// checkImage returns why the file at real cannot be published as an
// image, or "": its name must say PNG, JPEG, GIF or SVG, it must be
// smaller than MaxImageBytes, a PNG's, JPEG's or GIF's first bytes must
// agree, and an SVG must be a plain drawing whose root element is svg (see
// svgActive, which reads the whole file).
func checkImage(real string, size int64) string {
	ext := strings.ToLower(filepath.Ext(real))
	if !IsImage(real) {
		return "not a PNG, JPEG, GIF or SVG image"
	}
	if size > MaxImageBytes {
		return fmt.Sprintf("larger than %d MiB", MaxImageBytes>>20)
	}
	data, err := ReadImage(real)
	if err != nil {
		return safefile.Why(err)
	}
	if ext == ".svg" {
		return svgVerdict(data)
	}
	if !looksLike(ext, data[:min(len(data), 16)]) {
		return fmt.Sprintf("named %s but its content is not that kind of image", ext)
	}
	return ""
}

// ReadImage reads an image Resolve accepted (real: its path, links
// resolved) by safefile's rule: a regular file, under MaxImageBytes, and
// not swapped since for a link or a named pipe (the emit stage reads it
// again to publish it).
func ReadImage(real string) ([]byte, error) {
	return safefile.ReadFile(filepath.Dir(real), filepath.Base(real), MaxImageBytes)
}

// looksLike checks an image's first bytes against its file ending, so a
// file of another kind is never published under an image's name.
func looksLike(ext string, head []byte) bool {
	switch ext {
	case ".png":
		return bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n"))
	case ".jpg", ".jpeg":
		return bytes.HasPrefix(head, []byte("\xff\xd8\xff"))
	case ".gif":
		return bytes.HasPrefix(head, []byte("GIF87a")) || bytes.HasPrefix(head, []byte("GIF89a"))
	}
	return false // an SVG is told by its root element (svgActive)
}

// assetName is where an image is published, relative to the note's page:
// the destination itself when it stays in the note's folder
// ("tma/box.svg"), so that the page's relative link and the Markdown
// twin's work as written; else "_/" and its path in the checkout or the
// notes folder ("_/doc/reading/iterdomain/split-split.svg").
func assetName(p, target, root, checkout string, inCheckout bool) string {
	if c := path.Clean(p); c != ".." && !strings.HasPrefix(c, "../") {
		return strings.TrimPrefix(c, "./")
	}
	base := root
	if inCheckout {
		base = checkout
	}
	rel, _ := filepath.Rel(base, target)
	return "_/" + filepath.ToSlash(rel)
}

// notesRoot is the folder the note was read from: its file path without
// its path relative to that folder (n.Path), else its own folder.
func notesRoot(noteFile, rel string) string {
	rel = filepath.FromSlash(rel)
	if rel != "" && strings.HasSuffix(noteFile, string(filepath.Separator)+rel) {
		return strings.TrimSuffix(noteFile, string(filepath.Separator)+rel)
	}
	return filepath.Dir(noteFile)
}

// absReal returns p made absolute and cleaned, and the same with symbolic
// links resolved ("" when p does not exist).
func absReal(p string) (abs, real string) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", ""
	}
	real, err = filepath.EvalSymlinks(abs)
	if err != nil {
		return abs, ""
	}
	return abs, real
}

// within reports whether p is root or inside it (both absolute, clean).
func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// repoPath is real's slash path inside the checkout ("" for its root).
func repoPath(checkout, real string) string {
	rel, _ := filepath.Rel(checkout, real)
	if rel == "." {
		return ""
	}
	return filepath.ToSlash(rel)
}
