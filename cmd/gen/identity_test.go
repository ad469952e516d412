package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/publish"
	"github.com/nvfuser-handbook/handbook/internal/activescan"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

var update = flag.Bool("update", false, "rewrite the site digests in testdata/identity")

// fuserRevision is the nvFuser commit the real-checkout digests were
// recorded from. The test builds from that commit (git archive), not from
// the clone's work tree, so a moved checkout does not change the inputs.
const fuserRevision = "81c4b22fd750d377d69e24928c32233162f6b2bd"

// TestSiteIdentity proves that a refactor leaves the published site
// byte-identical: it builds the embedded example, and a real nvFuser
// checkout with the seed notes, and compares a digest of every published
// file with the one recorded in testdata/identity. After an intended change
// to the output, rerun with -update and review the digest diff (it names
// each file whose bytes changed).
func TestSiteIdentity(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the site twice: not in -short")
	}
	cases := []struct {
		name  string
		build func(t *testing.T, proj string) []string // gen's arguments
	}{
		{"example", func(*testing.T, string) []string { return nil }},
		{"fuser-seeds", func(t *testing.T, proj string) []string {
			seeds := testsite.Shared(t, "seeds")
			src := fuserAt(t, testsite.FuserHistory(t), fuserRevision)
			return []string{"--source", src, "--notes", seeds}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			proj := testsite.New(t)
			out := filepath.Join(proj, "public")
			args := append([]string{"build", "--config", filepath.Join(proj, "config.toml"), "--out", out}, c.build(t, proj)...)
			if code, o, e := gen(t, "", args...); code != 0 {
				t.Fatalf("exit %d\n%s\n%s", code, o, e)
			}
			// The build being there: the independent scan of every
			// published file finds nothing that could run script.
			found, files, err := activescan.Dir(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range found {
				t.Errorf("active content: %s", f)
			}
			if files < 20 {
				t.Errorf("the scan read only %d files", files)
			}
			got := siteDigests(t, out)
			golden := filepath.Join("testdata", "identity", c.name+".sha256")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, formatDigests(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want := readDigests(t, golden)
			if len(want) < 20 {
				t.Fatalf("%s records only %d files: a real build has many more", golden, len(want))
			}
			if diff := diffDigests(want, got); len(diff) > 0 {
				t.Errorf("the site differs from %s in %d file(s) (intended? rerun with -update and list why):\n%s", golden, len(diff), strings.Join(diff, "\n"))
			}
		})
	}
}

// siteDigests hashes every published file except Pagefind's indexes, whose
// filter files come out in a varying order (see docs/architecture.md, Deterministic
// output), and the marker that says gen made the folder (it names the
// building process).
func siteDigests(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for name, data := range testsite.Tree(t, dir) {
		if strings.HasPrefix(name, "pagefind/") || strings.HasPrefix(name, "pagefind-emitted/") || name == publish.Marker {
			continue
		}
		sum := sha256.Sum256(data)
		m[name] = hex.EncodeToString(sum[:digestBytes])
	}
	return m
}

// digestBytes is how much of each file's SHA-256 is recorded: 64 bits
// tell a changed file from an unchanged one as surely as 256 here (this
// is no defence against forgery), and keep the real handbook's record of
// thousands of pages well under the repository's 1 MB file limit.
const digestBytes = 8

func formatDigests(m map[string]string) []byte {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	var b bytes.Buffer
	for _, n := range names {
		fmt.Fprintf(&b, "%s  %s\n", m[n], n)
	}
	return b.Bytes()
}

func readDigests(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (record it with -update)", err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != 2*digestBytes {
			t.Fatalf("%s:%d: not a \"digest  path\" line (%d hex digits of a SHA-256)", path, line, 2*digestBytes)
		}
		m[name] = sum
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

// diffDigests lists, sorted, each file added, removed or changed.
func diffDigests(want, got map[string]string) []string {
	var out []string
	for n, w := range want {
		switch g, ok := got[n]; {
		case !ok:
			out = append(out, "removed "+n)
		case g != w:
			out = append(out, "changed "+n)
		}
	}
	for n := range got {
		if _, ok := want[n]; !ok {
			out = append(out, "added   "+n)
		}
	}
	sort.Strings(out)
	return out
}

// fuserAt extracts the tree of commit rev from the clone into a temporary
// folder. It skips when the clone lacks the commit (a shallow clone): the
// recorded digests describe that revision only.
func fuserAt(t *testing.T, clone, rev string) string {
	t.Helper()
	if err := exec.Command("git", "-C", clone, "cat-file", "-e", rev+"^{commit}").Run(); err != nil {
		t.Skipf("the nvFuser checkout at %s lacks commit %s: %v", clone, rev, err)
	}
	cmd := exec.Command("git", "-C", clone, "archive", "--format=tar", rev)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "Fuser")
	if err := untar(stdout, dir); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("git archive: %v: %s", err, stderr.String())
	}
	return dir
}

func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		p := filepath.Join(dir, filepath.FromSlash(h.Name))
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(p, 0o755)
		case tar.TypeReg:
			err = writeFrom(p, tr)
		case tar.TypeSymlink:
			if err = os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
				err = os.Symlink(h.Linkname, p)
			}
		}
		if err != nil {
			return err
		}
	}
}

func writeFrom(p string, r io.Reader) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.Create(p)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
