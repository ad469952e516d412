package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// folder makes dir/in (the folder files are read from) with a regular
// file, links inside and out, a named pipe and an oversized file, and
// dir/out/secret beside it.
func folder(t *testing.T) (in string) {
	t.Helper()
	dir := t.TempDir()
	in = filepath.Join(dir, "in")
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, p string) {
		t.Helper()
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(in, "sub", "note.md"), "# note\n")
	write(filepath.Join(in, "big.md"), strings.Repeat("x", 101))
	write(filepath.Join(dir, "out", "secret"), "SECRET")
	link("sub/note.md", filepath.Join(in, "alias.md"))
	link("../out/secret", filepath.Join(in, "leak.md"))
	link("/dev/zero", filepath.Join(in, "zero.md"))
	link(filepath.Join(in, "sub", "note.md"), filepath.Join(in, "absolute.md"))
	link("sub", filepath.Join(in, "subdir"))
	if err := syscall.Mkfifo(filepath.Join(in, "pipe.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	return in
}

func TestReadFile(t *testing.T) {
	in := folder(t)
	for _, c := range []struct {
		name    string
		want    string // content, when read
		refusal error  // else the reason
		why     string // and what the message says
	}{
		{name: "sub/note.md", want: "# note\n"},
		{name: "alias.md", want: "# note\n"},           // a link inside the folder
		{name: "subdir/note.md", want: "# note\n"},     // through a linked folder inside
		{name: "sub/../sub/note.md", want: "# note\n"}, // ".." that stays inside
		{name: "leak.md", refusal: ErrOutside, why: "leads outside"},
		{name: "zero.md", refusal: ErrOutside, why: "to /dev/zero"},
		{name: "absolute.md", refusal: ErrOutside, why: "cannot be followed"},
		{name: "../out/secret", refusal: ErrOutside, why: "outside"},
		{name: "pipe.md", refusal: ErrNotRegular, why: "a named pipe"},
		{name: "sub", refusal: ErrNotRegular, why: "a folder"},
		{name: "big.md", refusal: ErrTooLarge, why: "larger than 100 bytes"},
		{name: "missing.md", refusal: fs.ErrNotExist, why: "no such file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan struct{})
			var data []byte
			var err error
			go func() { data, err = ReadFile(in, c.name, 100); close(done) }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the read blocks")
			}
			if c.refusal == nil {
				if err != nil || string(data) != c.want {
					t.Fatalf("= %q, %v; want %q", data, err, c.want)
				}
				return
			}
			if !errors.Is(err, c.refusal) {
				t.Fatalf("err = %v, want %v", err, c.refusal)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, filepath.Join(in, c.name)+": ") || !strings.Contains(msg, c.why) {
				t.Errorf("message %q: want the file named, then %q", msg, c.why)
			}
			if strings.Contains(err.Error(), "SECRET") {
				t.Errorf("the message shows the content: %v", err)
			}
		})
	}
}

// A device named directly (--notes /dev/zero) is refused before it is
// read, and the read itself can never take more than the limit.
func TestDevicesAndEndlessReads(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	if _, err := ReadFile("/dev", "zero", 0); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a device") {
		t.Errorf("/dev/zero: %v", err)
	}
	if err := Check("/dev", "null", 0); !errors.Is(err, ErrNotRegular) {
		t.Errorf("Check /dev/null: %v", err)
	}
	endless := io.MultiReader(strings.NewReader("x"), zeros{})
	if _, err := readBounded(endless, 1<<20); !errors.Is(err, ErrTooLarge) {
		t.Errorf("an endless reader: %v", err)
	}
	if data, err := readBounded(strings.NewReader("abc"), 3); err != nil || string(data) != "abc" {
		t.Errorf("exactly the limit: %q, %v", data, err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// The FS view: fs.WalkDir walks it, fs.ReadFile reads by the rule, Stat
// refuses what a read would.
func TestFS(t *testing.T) {
	in := folder(t)
	r, err := OpenRoot(in, 100)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	fsys := r.FS()
	if err := fstest.TestFS(fsys, "sub/note.md", "alias.md"); err != nil {
		// fstest opens every file it lists: the refused ones fail it, and
		// only they may.
		for _, line := range strings.Split(err.Error(), "\n") {
			if line != "" && line != "TestFS found errors:" && !refusedLine(line) {
				t.Errorf("fstest: %s", line)
			}
		}
	}
	var walked []string
	if err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			if _, err := fs.ReadFile(fsys, p); err == nil {
				walked = append(walked, p)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(walked, " "); got != "alias.md sub/note.md" {
		t.Errorf("files read on a walk: %s", got)
	}
	for name, want := range map[string]error{"leak.md": ErrOutside, "pipe.md": ErrNotRegular, "big.md": ErrTooLarge} {
		if _, err := fs.Stat(fsys, name); !errors.Is(err, want) {
			t.Errorf("Stat %s: %v, want %v", name, err, want)
		}
		if _, err := fsys.Open(name); !errors.Is(err, want) {
			t.Errorf("Open %s: %v, want %v", name, err, want)
		}
		if _, err := fs.ReadFile(fsys, name); !errors.Is(err, want) || !strings.HasPrefix(err.Error(), name+": ") {
			t.Errorf("ReadFile %s: %v, want %v naming %s", name, err, want, name)
		}
	}
	if _, err := fs.Stat(fsys, "sub"); err != nil {
		t.Errorf("a folder: %v", err)
	}
}

func refusedLine(line string) bool {
	for _, name := range []string{"pipe.md", "leak.md", "zero.md", "absolute.md", "big.md"} {
		if strings.Contains(line, name) {
			return true
		}
	}
	return false
}

// A file that grows past the limit while it is read through Open is cut
// off with the limit's error.
func TestOpenedFileStopsAtTheLimit(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRoot(dir, 10)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, err := r.FS().Open("f")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("0123456789abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(f); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a file grown past the limit: %v", err)
	}
}

func TestWhy(t *testing.T) {
	err := &Error{Path: "a/b.md", Why: "not a regular file but a named pipe", Err: ErrNotRegular}
	if got := Why(err); got != err.Why {
		t.Errorf("Why = %q", got)
	}
	if got := Why(errors.New("plain")); got != "plain" {
		t.Errorf("Why(plain) = %q", got)
	}
}

func TestValidUTF8(t *testing.T) {
	for _, c := range []struct {
		in, want string
		line     int
	}{
		{"plain\n", "plain\n", 0},
		{"caf\u00e9 ok\n", "caf\u00e9 ok\n", 0},
		{"a\nb\n  \"caf\xe9\"\n", "a\nb\n  \"caf\uFFFD\"\n", 3},
		{"\xff\xfe\n\xe9", "\uFFFD\n\uFFFD", 1},
		{"x\n\xe2\x82\n", "x\n\uFFFD\n", 2}, // a cut-off sequence
	} {
		got, line := ValidUTF8([]byte(c.in))
		if string(got) != c.want || line != c.line {
			t.Errorf("ValidUTF8(%q) = %q, %d; want %q, %d", c.in, got, line, c.want, c.line)
		}
	}
}
