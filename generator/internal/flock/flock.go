// Package flock serialises processes that share a folder (two gen runs on
// one project, parallel test packages installing npm packages) with an
// advisory lock file. The lock itself is go-internal's lockedfile (the one
// the go command uses, and Hugo links in), so gen builds and locks on
// Linux, macOS and Windows alike.
package flock

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// Lock takes an exclusive lock on file, creating it (and its folder) if
// needed, and returns the function that releases it. It waits while
// another process holds the lock.
func Lock(file string) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	unlock, err := lockedfile.MutexAt(file).Lock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", file, err)
	}
	return unlock, nil
}
