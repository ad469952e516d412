package site

import (
	"os"
	"sync"

	"github.com/spf13/afero"
)

// gatedFs is Hugo's destination file system with every operation that
// creates a file or folder run through a gate (Options.Gate). Hugo makes
// missing parent folders as it writes, so without it a render still
// running after an interrupt removed its staging folder would create that
// folder again.
//
// Once the gate refuses, writes go nowhere instead of failing: Hugo 0.165
// stops collecting render errors after the tenth and its workers then
// block for ever, so failing every write would hang the render (and gen
// serve with it). The render finishes untouched on disk, and the caller
// learns of the interruption from the gate on its next step.
type gatedFs struct {
	afero.Fs
	gate    func(op func() error) error
	nowhere afero.Fs // receives writes refused by the gate
	// made are the folders MkdirAll made or found in this render: Hugo
	// asks for the folder of every file it writes, and on this project's
	// VM each ask (a stat) cost a third of a millisecond, 5 CPU-seconds
	// of a real-handbook build. Nothing removes a folder during a render
	// but an interrupt, after which the gate refuses every write anyway.
	made *sync.Map
}

func newGatedFs(fs afero.Fs, gate func(op func() error) error) gatedFs {
	return gatedFs{Fs: fs, gate: gate, nowhere: afero.NewMemMapFs(), made: &sync.Map{}}
}

func (g gatedFs) Create(name string) (afero.File, error) {
	var f afero.File
	err := g.gate(func() (err error) { f, err = g.Fs.Create(name); return err })
	if f == nil && err != nil && g.refused(err) {
		return g.nowhere.Create(name)
	}
	return f, err
}

func (g gatedFs) OpenFile(name string, flag int, perm os.FileMode) (afero.File, error) {
	if flag&(os.O_CREATE|os.O_WRONLY|os.O_RDWR|os.O_TRUNC|os.O_APPEND) == 0 {
		return g.Fs.OpenFile(name, flag, perm)
	}
	var f afero.File
	err := g.gate(func() (err error) { f, err = g.Fs.OpenFile(name, flag, perm); return err })
	if f == nil && err != nil && g.refused(err) {
		return g.nowhere.OpenFile(name, flag|os.O_CREATE, perm)
	}
	return f, err
}

func (g gatedFs) Mkdir(name string, perm os.FileMode) error {
	return g.quiet(g.gate(func() error { return g.Fs.Mkdir(name, perm) }))
}

func (g gatedFs) MkdirAll(path string, perm os.FileMode) error {
	if _, ok := g.made.Load(path); ok {
		return nil
	}
	ran := false
	err := g.gate(func() error { ran = true; return g.Fs.MkdirAll(path, perm) })
	if err == nil && ran {
		g.made.Store(path, true)
	}
	return g.quiet(err)
}

func (g gatedFs) Rename(oldname, newname string) error {
	g.made.Clear() // a folder may have moved
	return g.quiet(g.gate(func() error { return g.Fs.Rename(oldname, newname) }))
}

func (g gatedFs) Remove(name string) error {
	g.made.Clear() // the folder may have been one
	return g.Fs.Remove(name)
}

func (g gatedFs) RemoveAll(path string) error {
	g.made.Clear()
	return g.Fs.RemoveAll(path)
}

// refused reports whether err came from the gate itself rather than from
// the operation it let through: the gate did not run it.
func (g gatedFs) refused(err error) bool {
	ran := false
	_ = g.gate(func() error { ran = true; return nil })
	return !ran
}

// quiet turns a refusal into success (the write goes nowhere); an error
// of the operation itself is kept.
func (g gatedFs) quiet(err error) error {
	if err != nil && g.refused(err) {
		return nil
	}
	return err
}
