// Package safefile reads the files the handbook is built from: notes,
// nvFuser's docs, C++ sources, env_options.yaml, build scripts, images
// and the configuration. Every one is read by the same rule, so that no
// input can hang a build, exhaust its memory or publish a file from
// outside the inputs:
//
//   - only regular files: a named pipe, a device or a socket is refused
//     from its metadata, before it is opened, and the file is opened
//     without blocking, so a pipe swapped in between cannot hang the read;
//   - symbolic links are followed only while they stay inside the folder
//     the file was given from (the notes folder, the checkout): a note
//     that is a link to /etc/passwd, or a csrc/ file linked out of the
//     checkout, is refused (os.Root enforces it at each step, so a link
//     swapped in after the check is refused too);
//   - a size limit, checked before reading and enforced while reading
//     (a file that grows, /dev/zero behind any disguise), named in the
//     error.
//
// Which of these refusals fails a build and which only skips the file
// with a warning is the reader's decision (docs/notes-and-docs.md).
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// MaxTextBytes is the limit on a text input: a note, a doc, a C++ file,
// a YAML or TOML file. nvFuser's largest source file is under 300 KB;
// a file of this size is a mistake (a log saved as a note, a generated
// table) that would make every page that shows it unreadable.
const MaxTextBytes = 8 << 20

// The reasons a file is refused; errors.Is finds them in an *Error.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrOutside    = errors.New("a symbolic link that leads outside")
	ErrTooLarge   = errors.New("larger than the limit")
)

// Error is a refused or unreadable file: the path as the caller named it
// and why.
type Error struct {
	Path string
	// Why says what is wrong, for a message that already names the file.
	Why string
	Err error // ErrNotRegular, ErrOutside, ErrTooLarge or the system's error
}

func (e *Error) Error() string { return e.Path + ": " + e.Why }
func (e *Error) Unwrap() error { return e.Err }

// Why is what err says about its file, without the file's name: for a
// diagnostic whose location already names it. Other errors are given
// whole.
func Why(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Why
	}
	return err.Error()
}

// ReadFile reads the file name (a path relative to dir, either
// separator) by the rule of the package, with limit bytes at most (0:
// MaxTextBytes). Errors name the file as filepath.Join(dir, name).
func ReadFile(dir, name string, limit int64) ([]byte, error) {
	r, err := OpenRoot(dir, limit)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.readFile(filepath.ToSlash(name), filepath.Join(dir, name))
}

// Check is ReadFile without the reading: nil when the file would be
// read. It is for a file another library reads (the configuration, read
// by Hugo's loader).
func Check(dir, name string, limit int64) error {
	r, err := OpenRoot(dir, limit)
	if err != nil {
		return err
	}
	defer r.Close()
	_, err = r.stat(filepath.ToSlash(name), filepath.Join(dir, name))
	return err
}

// Root is a folder whose files are read by the rule: every path asked of
// it must stay inside it, symbolic links resolved. Its methods are safe
// for concurrent use.
type Root struct {
	dir   string // as given, for messages
	root  *os.Root
	limit int64
}

// OpenRoot opens the folder dir. limit caps each file read (0:
// MaxTextBytes).
func OpenRoot(dir string, limit int64) (*Root, error) {
	if limit <= 0 {
		limit = MaxTextBytes
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, &Error{Path: dir, Why: reason(err), Err: err}
	}
	return &Root{dir: dir, root: root, limit: limit}, nil
}

// Close releases the folder.
func (r *Root) Close() error { return r.root.Close() }

// Dir is the folder as given.
func (r *Root) Dir() string { return r.dir }

// ReadFile reads name, a slash-separated path relative to the folder.
// Errors name the file by name.
func (r *Root) ReadFile(name string) ([]byte, error) { return r.readFile(name, name) }

// stat is the metadata of name, symbolic links followed inside the
// folder, when it is a regular file within the limit; else an *Error
// naming it as shown.
func (r *Root) stat(name, shown string) (fs.FileInfo, error) {
	st, err := r.root.Stat(name)
	if err != nil {
		return nil, r.explain(name, shown, err)
	}
	if err := r.admit(st, shown); err != nil {
		return nil, err
	}
	return st, nil
}

// admit refuses what is not a regular file within the limit.
func (r *Root) admit(st fs.FileInfo, shown string) error {
	if !st.Mode().IsRegular() {
		return &Error{Path: shown, Why: fmt.Sprintf("not a regular file but %s", kind(st.Mode())), Err: ErrNotRegular}
	}
	if st.Size() > r.limit {
		return r.tooLarge(shown)
	}
	return nil
}

func (r *Root) tooLarge(shown string) error {
	return &Error{Path: shown, Why: fmt.Sprintf("larger than %s", size(r.limit)), Err: ErrTooLarge}
}

func (r *Root) readFile(name, shown string) ([]byte, error) {
	if _, err := r.stat(name, shown); err != nil {
		return nil, err
	}
	// Non-blocking: had a named pipe been put in the file's place since
	// the check, opening it would wait for a writer; this way it opens at
	// once, and the check of the open file below refuses it.
	f, err := r.root.OpenFile(name, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, r.explain(name, shown, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, &Error{Path: shown, Why: reason(err), Err: err}
	}
	if err := r.admit(st, shown); err != nil {
		return nil, err
	}
	data, err := readBounded(f, r.limit)
	if errors.Is(err, ErrTooLarge) {
		return nil, r.tooLarge(shown)
	}
	if err != nil {
		return nil, &Error{Path: shown, Why: reason(err), Err: err}
	}
	return data, nil
}

// readBounded reads all of rd, but never more than limit+1 bytes: more
// than limit is ErrTooLarge, whatever the file claimed its size was.
func readBounded(rd io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(rd, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, ErrTooLarge
	}
	return data, nil
}

// explain turns an error of os.Root into one that says why: a link that
// leads out of the folder is told apart from a file that is missing.
func (r *Root) explain(name, shown string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		if _, lerr := r.root.Lstat(name); lerr != nil {
			return &Error{Path: shown, Why: "no such file", Err: err}
		}
	}
	abs, aerr := filepath.Abs(r.dir)
	if aerr != nil {
		return &Error{Path: shown, Why: reason(err), Err: err}
	}
	if real, rerr := filepath.EvalSymlinks(filepath.Join(abs, filepath.FromSlash(name))); rerr == nil {
		if realDir, derr := filepath.EvalSymlinks(abs); derr == nil && !within(realDir, real) {
			return &Error{Path: shown, Why: fmt.Sprintf("a symbolic link that leads outside %s (to %s): only files inside the folder they are read from are read", r.dir, real), Err: ErrOutside}
		}
	}
	if strings.Contains(err.Error(), "escapes") {
		// Inside after all, but by a way os.Root does not follow (an
		// absolute link, or one changed while being read).
		return &Error{Path: shown, Why: "a symbolic link that cannot be followed inside " + r.dir + " (write it relative to its own folder)", Err: ErrOutside}
	}
	return &Error{Path: shown, Why: reason(err), Err: err}
}

// reason is a system error without the path it repeats.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// kind names a file type that is not a regular file.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

// size is n bytes in the unit a reader expects.
func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	if n >= 1<<10 && n%(1<<10) == 0 {
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// within reports whether p is root or inside it (both absolute or both
// relative, clean).
func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
