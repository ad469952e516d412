package site

import (
	"os"

	"github.com/spf13/afero"
)

// gatedFs is Hugo's destination file system with every operation that
// creates a file or folder run through a gate (Options.Gate). Hugo makes
// missing parent folders as it writes, so without it a render still
// running after an interrupt removed its staging folder would create that
// folder again.
type gatedFs struct {
	afero.Fs
	gate func(op func() error) error
}

func (g gatedFs) Create(name string) (f afero.File, err error) {
	err = g.gate(func() error { f, err = g.Fs.Create(name); return err })
	return f, err
}

func (g gatedFs) OpenFile(name string, flag int, perm os.FileMode) (f afero.File, err error) {
	if flag&(os.O_CREATE|os.O_WRONLY|os.O_RDWR|os.O_TRUNC|os.O_APPEND) == 0 {
		return g.Fs.OpenFile(name, flag, perm)
	}
	err = g.gate(func() error { f, err = g.Fs.OpenFile(name, flag, perm); return err })
	return f, err
}

func (g gatedFs) Mkdir(name string, perm os.FileMode) error {
	return g.gate(func() error { return g.Fs.Mkdir(name, perm) })
}

func (g gatedFs) MkdirAll(path string, perm os.FileMode) error {
	return g.gate(func() error { return g.Fs.MkdirAll(path, perm) })
}

func (g gatedFs) Rename(oldname, newname string) error {
	return g.gate(func() error { return g.Fs.Rename(oldname, newname) })
}
