// Package publish swaps a freshly built site into place. The live folder is
// replaced only after everything succeeded, so a failed or interrupted run
// leaves the previous site byte-for-byte as it was.
package publish

import (
	"fmt"
	"os"
	"path/filepath"
)

// Staging returns a new empty folder next to out (same filesystem, so the
// final rename is cheap and atomic per folder).
func Staging(out string) (string, error) {
	out = filepath.Clean(out)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+".new-")
	if err != nil {
		return "", err
	}
	// MkdirTemp makes the folder private; a published site is world-readable.
	return dir, os.Chmod(dir, 0o755)
}

// Swap moves staged into out's place and removes the previous site. If the
// second rename fails, the previous site is put back.
func Swap(staged, out string) error {
	out = filepath.Clean(out)
	old := ""
	if _, err := os.Stat(out); err == nil {
		d, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+".old-")
		if err != nil {
			return err
		}
		old = filepath.Join(d, "site")
		if err := os.Rename(out, old); err != nil {
			os.Remove(d)
			return fmt.Errorf("publish: move previous site aside: %w", err)
		}
	}
	if err := os.Rename(staged, out); err != nil {
		if old != "" {
			_ = os.Rename(old, out)
		}
		return fmt.Errorf("publish: %w", err)
	}
	if old != "" {
		return os.RemoveAll(filepath.Dir(old))
	}
	return nil
}

// Discard removes a staging folder after a failed build.
func Discard(staged string) { _ = os.RemoveAll(staged) }
