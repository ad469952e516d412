// Package project copies the handbook's Hugo project (config, layouts,
// hand-written content, static files, npm manifests) to another folder, so
// tests and benchmarks can build sites without writing into the repository.
package project

import (
	"errors"
	"os"
	"path/filepath"
)

// Files are what a Hugo project of the handbook consists of.
var Files = []string{"config.toml", "layouts", "content", "static", "archetypes", "explanations", "assets", "package.json", "package-lock.json"}

// Root finds the repository root (the folder with go.mod) above dir.
func Root(dir string) (string, error) {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod not found")
		}
		dir = parent
	}
}

// Copy copies the project at root into dst and links root's node_modules.
func Copy(root, dst string) error {
	for _, name := range Files {
		src := filepath.Join(root, name)
		if _, err := os.Stat(src); err != nil {
			continue
		}
		if err := copyTree(src, filepath.Join(dst, name)); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	return os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dst, "node_modules"))
}

// copyTree copies the file or folder src to dst, which does not exist yet.
func copyTree(src, dst string) error {
	info, err := os.Stat(src)
	if err != nil {
		return err
	}
	if info.IsDir() {
		return os.CopyFS(dst, os.DirFS(src))
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}
