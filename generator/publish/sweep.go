package publish

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Sweep removes what killed runs (kill -9, a power cut) left beside out:
// staging folders (.<out>.new-*) and previous sites moved aside
// (.<out>.old-*). A folder is taken only when both its name and its
// Marker say gen made it, and the process the marker names is gone. A
// previous site moved aside by a run killed mid-swap is put back when out
// is missing, rather than removed.
func Sweep(out string) {
	out = filepath.Clean(out)
	prefix := "." + filepath.Base(out) + "."
	entries, err := os.ReadDir(filepath.Dir(out))
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		kind := ""
		switch {
		case strings.HasPrefix(name, prefix+"new-"):
			kind = "new"
		case strings.HasPrefix(name, prefix+"old-"):
			kind = "old"
		default:
			continue
		}
		dir := filepath.Join(filepath.Dir(out), name)
		if !e.IsDir() || !orphaned(dir) {
			continue
		}
		if kind == "old" {
			if _, err := os.Lstat(out); os.IsNotExist(err) {
				if os.Rename(filepath.Join(dir, "site"), out) != nil {
					continue // keep it: it may be the only copy of the site
				}
			}
		}
		_ = os.RemoveAll(dir)
	}
}

// orphaned reports whether dir carries gen's marker naming a process that
// no longer runs.
func orphaned(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, Marker))
	if err != nil || !bytes.HasPrefix(data, []byte(markerText)) {
		return false
	}
	field, ok := strings.CutPrefix(strings.TrimSpace(string(data[len(markerText):])), "pid ")
	if !ok {
		return false
	}
	pid, err := strconv.Atoi(field)
	if err != nil || pid <= 0 {
		return false
	}
	return pid != os.Getpid() && !alive(pid)
}
