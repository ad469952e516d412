package history

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// commit is one revision of the walked paths, with the blobs it changed.
type commit struct {
	Hash, Date string
	Changes    []change
}

// change is one line of `git log --raw`: a path and its new blob ("" when
// the commit deleted it).
type change struct {
	Path, Blob string
}

// git runs git in dir and returns its standard output.
func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// Head returns the commit checked out in dir, or ok=false when dir is not
// the top of a git work tree (a plain copy, or a folder inside some other
// repository: its history is not nvFuser's).
func Head(dir string) (head string, ok bool) {
	if _, err := exec.LookPath("git"); err != nil {
		return "", false
	}
	top, err := git(dir, "rev-parse", "--show-toplevel", "HEAD")
	if err != nil {
		return "", false
	}
	lines := strings.Fields(string(top))
	if len(lines) != 2 || !samePath(lines[0], dir) {
		return "", false
	}
	return lines[1], true
}

func samePath(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return false
	}
	aa, _ := filepath.Abs(ra)
	ab, _ := filepath.Abs(rb)
	return aa == ab
}

// commitMark starts each commit's header in the log output.
const commitMark = "\x00C "

// log lists the first-parent commits up to head that touch paths, oldest
// first, with the blobs each one changed. First parent: a merge counts as
// the one change it brought to the main line.
func log(dir, head string, paths []string) ([]commit, error) {
	args := []string{"log", "--first-parent", "--diff-merges=first-parent", "--reverse", "--raw", "--no-renames",
		"--no-abbrev", "--format=%x00C %H %cs", head, "--"}
	out, err := git(dir, append(args, paths...)...)
	if err != nil {
		return nil, err
	}
	var commits []commit
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(line, commitMark):
			f := strings.Fields(line[len(commitMark):])
			if len(f) != 2 {
				return nil, fmt.Errorf("git log: unexpected line %q", line)
			}
			commits = append(commits, commit{Hash: f[0], Date: f[1]})
		case strings.HasPrefix(line, ":") && len(commits) > 0:
			// :100644 100644 <old> <new> M<TAB>path
			meta, p, ok := strings.Cut(line, "\t")
			f := strings.Fields(meta)
			if !ok || len(f) < 5 {
				continue
			}
			if f[1] == "160000" || f[1] == "120000" { // submodules and symlinks hold no source
				continue
			}
			blob := f[3]
			if strings.Trim(blob, "0") == "" {
				blob = ""
			}
			c := &commits[len(commits)-1]
			c.Changes = append(c.Changes, change{Path: p, Blob: blob})
		}
	}
	return commits, nil
}

// readBlobs streams the given blobs through one `git cat-file --batch` and
// calls fn with each one's bytes, in the order asked.
func readBlobs(dir string, blobs []string, fn func(sha string, data []byte)) error {
	if len(blobs) == 0 {
		return nil
	}
	cmd := exec.Command("git", "-C", dir, "cat-file", "--batch")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	// The writer runs beside the reader: git answers as it reads, and a
	// full pipe on either side would otherwise stop both.
	go func() {
		w := bufio.NewWriter(stdin)
		for _, b := range blobs {
			w.WriteString(b + "\n")
		}
		w.Flush()
		stdin.Close()
	}()
	r := bufio.NewReaderSize(stdout, 1<<20)
	var buf []byte
	for range blobs {
		header, err := r.ReadString('\n')
		if err != nil {
			cmd.Wait()
			return fmt.Errorf("git cat-file: %w", err)
		}
		f := strings.Fields(header)
		if len(f) != 3 {
			cmd.Wait()
			return fmt.Errorf("git cat-file: %s", strings.TrimSpace(header))
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			cmd.Wait()
			return fmt.Errorf("git cat-file: %s", strings.TrimSpace(header))
		}
		if cap(buf) < n+1 {
			buf = make([]byte, n+1)
		}
		buf = buf[:n+1]
		if _, err := io.ReadFull(r, buf); err != nil {
			cmd.Wait()
			return fmt.Errorf("git cat-file: %w", err)
		}
		fn(f[0], buf[:n])
	}
	return cmd.Wait()
}
