package publish

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Marker is the file gen leaves in every folder it makes: the published
// site and the staging folders beside it. Its presence is what lets gen
// replace a folder; gen never replaces or removes a folder without it
// (except an older gen's site, see legacySignature).
const Marker = ".handbook-site"

const markerText = "This folder was made by the nvFuser handbook generator (gen).\n" +
	"gen replaces its whole content on every build: keep nothing else here.\n"

func writeMarker(dir string) error {
	return os.WriteFile(filepath.Join(dir, Marker), fmt.Appendf(nil, "%spid %d\n", markerText, os.Getpid()), 0o644)
}

// legacySignature are files every site gen published before the marker
// existed has; a folder with all of them and nothing this build does not
// also produce is taken for such a site (see sameShape).
var legacySignature = []string{"index.html", "api/lookup.json", "pagefind/pagefind.js"}

// outState is what is at the output path now.
type outState int

const (
	absent     outState = iota
	emptyDir            // an empty folder: nothing in it to lose
	markedSite          // a folder gen made: it has the Marker
	legacySite          // an older gen's site: legacySignature, no Marker
)

// Guard is a path gen must never publish over: neither the path itself nor
// any folder containing it is a valid --out. With Inside set, no folder
// inside it is valid either (gen reads or rewrites that whole tree).
type Guard struct {
	Path   string
	What   string // for the message: "the project", "a notes folder", ...
	Inside bool
}

// OutError is a refusal to publish into a folder.
type OutError struct {
	Out    string
	Reason string
}

func (e *OutError) Error() string {
	return fmt.Sprintf("refusing to publish into %s: %s; nothing was changed (choose a new folder, or one gen made before, for --out or [params.handbook] out)", e.Out, e.Reason)
}

// CheckOut reports whether gen may publish into out: out must not be any
// guarded path or contain one, must not be a symbolic link, and must be
// absent, an empty folder, a folder with gen's Marker, or an older gen's
// site. It only reads.
func CheckOut(out string, guards []Guard) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	if fi, err := os.Lstat(abs); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return &OutError{abs, "it is a symbolic link (gen would replace the link, not the folder it points to); give the folder itself"}
	}
	real := resolve(abs)
	for _, g := range guards {
		if g.Path == "" {
			continue
		}
		gp := resolve(g.Path)
		switch {
		case gp == real:
			return &OutError{abs, "it is " + g.What}
		case within(gp, real):
			return &OutError{abs, fmt.Sprintf("it contains %s (%s)", g.What, g.Path)}
		case g.Inside && within(real, gp):
			return &OutError{abs, fmt.Sprintf("it is inside %s (%s)", g.What, g.Path)}
		}
	}
	_, err = state(abs)
	return err
}

// state says what is at out, or why gen must not touch it.
func state(out string) (outState, error) {
	fi, err := os.Lstat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return absent, nil
	case err != nil:
		return absent, &OutError{out, err.Error()}
	case fi.Mode()&fs.ModeSymlink != 0:
		return absent, &OutError{out, "it is a symbolic link; give the folder itself"}
	case !fi.IsDir():
		return absent, &OutError{out, "it is a file, not a folder"}
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return absent, &OutError{out, err.Error()}
	}
	if len(entries) == 0 {
		return emptyDir, nil
	}
	if m, err := os.Lstat(filepath.Join(out, Marker)); err == nil && m.Mode().IsRegular() {
		return markedSite, nil
	}
	for _, f := range legacySignature {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(f))); err != nil {
			return absent, &OutError{out, fmt.Sprintf("it is a folder gen did not make (no %s marker) and it is not empty", Marker)}
		}
	}
	return legacySite, nil
}

// sameShape accepts an older gen's unmarked site only if each of its
// top-level entries is also in the new site, as the same kind (file or
// folder): a folder holding anything else is not just a site, and is kept.
func sameShape(out, staged string) error {
	entries, err := os.ReadDir(out)
	if err != nil {
		return &OutError{out, err.Error()}
	}
	for _, e := range entries {
		fi, err := os.Lstat(filepath.Join(staged, e.Name()))
		if err != nil || fi.IsDir() != e.IsDir() || e.Type()&fs.ModeSymlink != 0 {
			return &OutError{out, fmt.Sprintf("it has no %s marker and holds %q, which gen does not write", Marker, e.Name())}
		}
	}
	return nil
}

// within reports whether p is inside dir (not dir itself).
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// resolve makes p absolute and follows symbolic links in the part of it
// that exists, so a link to the project is caught like the project.
func resolve(p string) string {
	p, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	rest := ""
	for cur := p; ; {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}
