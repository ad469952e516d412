package history

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/gitcmd"
)

// commit is one revision of the walked paths, with the blobs it changed.
type commit struct {
	Hash, Date, Subject string
	Changes             []change
}

// change is one line of `git log --raw`: a path and its new blob ("" when
// the commit deleted it).
type change struct {
	Path, Blob string
}

func git(dir string, args ...string) ([]byte, error) { return gitcmd.Run(dir, args...) }

// Head returns the commit checked out in dir, or ok=false when dir is not
// the top of a git work tree (see gitcmd.Head).
func Head(dir string) (head string, ok bool) {
	head, _, ok = gitcmd.Head(dir)
	return head, ok
}

// commitMark starts each commit's header in the log output.
const commitMark = "\x00C "

// log lists the first-parent commits up to head that touch paths, oldest
// first, with the blobs each one changed. First parent: a merge counts as
// the one change it brought to the main line.
func log(dir, head string, paths []string) ([]commit, error) {
	args := []string{"log", "--first-parent", "--diff-merges=first-parent", "--reverse", "--raw", "--no-renames",
		"--no-abbrev", "--format=%x00C %H %cs %s", head, "--"}
	out, err := git(dir, append(args, paths...)...)
	if err != nil {
		return nil, err
	}
	var commits []commit
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(line, commitMark):
			// "<hash> <date> <subject>": the subject may be empty.
			f := strings.SplitN(line[len(commitMark):], " ", 3)
			if len(f) < 2 || f[0] == "" || f[1] == "" {
				return nil, fmt.Errorf("git log: unexpected line %q", line)
			}
			c := commit{Hash: f[0], Date: f[1]}
			if len(f) == 3 {
				c.Subject = strings.TrimSpace(f[2])
			}
			commits = append(commits, c)
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

// mainline lists the first-parent commits up to head, oldest first.
func mainline(dir, head string) ([]string, error) {
	out, err := git(dir, "rev-list", "--first-parent", "--reverse", head)
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(out)), nil
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
