// Package fsutil holds the file helpers of the generator: copying a tree
// (the render stage's static files), writing a map of files on every core
// (the twins and search documents, WriteAll) and plainly (tests).
// Tools and tests outside generator/ cannot import it (Go's internal
// rule): they use os.CopyFS, which does the same for a fresh destination.
package fsutil

import (
	"io/fs"
	"os"
	"path/filepath"
)

// CopyTree copies the file or folder src to dst, creating folders as
// needed. A missing src copies nothing.
func CopyTree(src, dst string) error {
	if _, err := os.Stat(src); os.IsNotExist(err) {
		return nil
	}
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// WriteFiles writes each file of files (slash-separated paths relative to
// root, and their contents) under root, making folders as needed.
func WriteFiles(root string, files map[string]string) error {
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return err
		}
	}
	return nil
}
