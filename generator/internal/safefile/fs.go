package safefile

import (
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
)

// FS is the folder as an fs.FS (with ReadFile, Stat and ReadDir), for the
// readers that walk a checkout: fs.ReadFile and fs.WalkDir on it read by
// the package's rule. Errors name files by their path in the folder.
func (r *Root) FS() fs.FS { return rootFS{r} }

type rootFS struct{ r *Root }

func (f rootFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	st, err := f.r.root.Stat(name)
	if err != nil {
		return nil, f.r.explain(name, name, err)
	}
	if st.IsDir() {
		return f.r.root.Open(name)
	}
	if err := f.r.admit(st, name); err != nil {
		return nil, err
	}
	file, err := f.r.root.OpenFile(name, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, f.r.explain(name, name, err)
	}
	if st, err := file.Stat(); err != nil || !st.Mode().IsRegular() {
		file.Close()
		if err == nil {
			err = f.r.admit(st, name)
		}
		return nil, err
	}
	return &limitedFile{File: file, left: f.r.limit, name: name, r: f.r}, nil
}

func (f rootFS) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrInvalid}
	}
	return f.r.readFile(name, name)
}

// Stat refuses what ReadFile would refuse for a file; a folder is a
// folder.
func (f rootFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	st, err := f.r.root.Stat(name)
	if err != nil {
		return nil, f.r.explain(name, name, err)
	}
	if st.IsDir() {
		return st, nil
	}
	if err := f.r.admit(st, name); err != nil {
		return nil, err
	}
	return st, nil
}

// ReadDir lists a folder sorted by name, as fs.ReadDir does; each entry's
// type is the entry's own (a symbolic link is a link).
func (f rootFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	d, err := f.r.root.Open(name)
	if err != nil {
		return nil, f.r.explain(name, name, err)
	}
	defer d.Close()
	entries, err := d.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// limitedFile is an open regular file that refuses to read past the
// limit (a file that grows while it is read).
type limitedFile struct {
	*os.File
	left int64
	name string
	r    *Root
}

func (l *limitedFile) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, l.r.tooLarge(l.name)
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.File.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n, l.r.tooLarge(l.name)
	}
	if err == io.EOF {
		return n, io.EOF
	}
	return n, err
}
