// Package publish swaps a freshly built site into place. The live folder is
// replaced only after everything succeeded, so a failed or interrupted run
// leaves the previous site byte-for-byte as it was.
//
// It also decides where gen may publish at all (see out.go): only into a
// folder gen made itself (it carries a Marker file) or one that does not
// exist yet. Every folder this package creates beside the site — staging
// (.<out>.new-*) and the previous site moved aside (.<out>.old-*) — carries
// the marker too, with the process id of the run that made it, so a later
// run can tell its own leftovers from anything else (see sweep.go).
package publish

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// ErrInterrupted is returned by work on a staged site after Abort removed it.
var ErrInterrupted = errors.New("publish: interrupted; the published site is unchanged")

var (
	// gate serialises the end of a run: writes into a staging folder (see
	// WhileStaged) hold it shared, Swap and Abort hold it exclusively, so
	// an interrupt never sees half a swap and nothing writes into a staging
	// folder once Abort removed it.
	gate sync.RWMutex
	// staging maps each live staged site to its container (the marked
	// .<out>.new-* folder); guarded by gate.
	staging = map[string]string{}
)

// Staging returns a new empty folder to render into, inside a marked
// container next to out (same filesystem, so the final rename is cheap and
// atomic). Leftovers of killed runs beside out are removed first.
func Staging(out string) (string, error) {
	out = filepath.Clean(out)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return "", err
	}
	Sweep(out)
	container, err := markedTemp(out, "new")
	if err != nil {
		return "", err
	}
	site := filepath.Join(container, "site")
	if err := os.Mkdir(site, 0o755); err != nil {
		os.RemoveAll(container)
		return "", err
	}
	gate.Lock()
	staging[site] = container
	gate.Unlock()
	return site, nil
}

// markedTemp makes .<out>.<kind>-XXXX beside out, world-readable, with the
// marker naming this process.
func markedTemp(out, kind string) (string, error) {
	dir, err := os.MkdirTemp(filepath.Dir(out), "."+filepath.Base(out)+"."+kind+"-")
	if err != nil {
		return "", err
	}
	// MkdirTemp makes the folder private; a published site is world-readable.
	if err := os.Chmod(dir, 0o755); err != nil {
		os.Remove(dir)
		return "", err
	}
	if err := writeMarker(dir); err != nil {
		os.Remove(dir)
		return "", err
	}
	return dir, nil
}

// WhileStaged runs op, which writes into staged, unless Abort removed
// staged; Abort waits for a running op to finish. Render and the hooks run
// their writes through it so an interrupt cannot race them.
func WhileStaged(staged string, op func() error) error {
	gate.RLock()
	defer gate.RUnlock()
	if _, ok := staging[staged]; !ok {
		return ErrInterrupted
	}
	return op()
}

// Swap moves staged into out's place and removes the previous site. If the
// second rename fails, the previous site is put back. out is checked again
// first: it must still be absent, empty, marked, or an unmarked site of an
// older gen whose top-level entries this build also produces.
func Swap(staged, out string) error {
	out = filepath.Clean(out)
	gate.Lock()
	defer gate.Unlock()
	container, ok := staging[staged]
	if !ok {
		return ErrInterrupted
	}
	st, err := state(out)
	if err != nil {
		return err
	}
	if st == legacySite {
		if err := sameShape(out, staged); err != nil {
			return err
		}
	}
	if err := writeMarker(staged); err != nil {
		return err
	}
	old := ""
	if st != absent {
		d, err := markedTemp(out, "old")
		if err != nil {
			return err
		}
		old = filepath.Join(d, "site")
		if err := os.Rename(out, old); err != nil {
			os.RemoveAll(d)
			return fmt.Errorf("publish: move previous site aside: %w", err)
		}
	}
	if err := os.Rename(staged, out); err != nil {
		if old != "" {
			_ = os.Rename(old, out)
			_ = os.RemoveAll(filepath.Dir(old))
		}
		return fmt.Errorf("publish: %w", err)
	}
	delete(staging, staged)
	// Both containers hold only what this run put there: its marker, the
	// search documents, the previous site that gen published.
	err = os.RemoveAll(container)
	if old != "" {
		if e := os.RemoveAll(filepath.Dir(old)); err == nil {
			err = e
		}
	}
	return err
}

// Discard removes a staging folder after a failed build. It removes only a
// folder Staging made in this process.
func Discard(staged string) {
	gate.Lock()
	defer gate.Unlock()
	if container, ok := staging[staged]; ok {
		delete(staging, staged)
		_ = os.RemoveAll(container)
	}
}

// Abort removes every staging folder of this process, after any write or
// swap in progress finished; later writes into them fail with
// ErrInterrupted. A signal handler calls it: the published site stays as
// it was (or, if a swap had begun, is the complete new one).
func Abort() {
	gate.Lock()
	defer gate.Unlock()
	for site, container := range staging {
		delete(staging, site)
		_ = os.RemoveAll(container)
	}
}
