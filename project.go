// Package handbook is the handbook's Hugo project — config.toml, layouts,
// hand-written content, static files, archetypes and the npm manifests
// that pin Pagefind — embedded in the gen binary, so that gen run outside
// this repository (no config.toml in the folder) still has the project it
// renders with. Unpack writes it to disk once, where Hugo and npm can read
// it.
package handbook

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Project is the repository's Hugo project, as built into this binary.
//
//go:embed config.toml all:layouts all:content all:static all:archetypes all:explanations package.json package-lock.json
var Project embed.FS

// complete marks an unpacked project whose every file was written.
const complete = ".unpacked"

// Digest names this binary's project: a hash of every file's path and
// bytes, so that a gen built from other layouts unpacks beside it rather
// than over it.
func Digest() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(Project, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := Project.ReadFile(p)
		if err != nil {
			return err
		}
		h.Write([]byte(p + "\x00"))
		h.Write(data)
		h.Write([]byte{0})
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

// Unpack writes the embedded project into cacheDir/project-<digest> unless
// a complete copy is already there, and returns that folder. The project
// keeps what gen writes beside it between runs (generated/, with the
// history caches, and Pagefind's node_modules). Concurrent runs each
// write a private copy and the first to finish wins.
func Unpack(cacheDir string) (string, error) {
	digest, err := Digest()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cacheDir, "project-"+digest)
	if _, err := os.Stat(filepath.Join(dir, complete)); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(cacheDir, ".project-"+digest+"-*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // gone once renamed; what a failed run wrote otherwise
	err = fs.WalkDir(Project, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(tmp, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := Project.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, complete), []byte(digest+"\n"), 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another run finished first, or a broken copy is in the way.
		if _, serr := os.Stat(filepath.Join(dir, complete)); serr == nil {
			return dir, nil
		}
		if rerr := os.RemoveAll(dir); rerr != nil {
			return "", errors.Join(err, rerr)
		}
		if err := os.Rename(tmp, dir); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// CacheDir is where Unpack keeps projects: the user's cache folder
// ($XDG_CACHE_HOME, ~/.cache, ~/Library/Caches, %LocalAppData%), else the
// temporary folder.
func CacheDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "nvfuser-handbook")
	}
	return filepath.Join(os.TempDir(), "nvfuser-handbook")
}
