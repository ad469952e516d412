// Package search builds the site's full-text index with Pagefind, from npm,
// pinned in package.json and package-lock.json. gen installs it with `npm ci`
// on first use, so the README's one command still does all the set-up.
package search

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/flock"
)

// Pagefind returns the path of the pinned pagefind binary, installing the
// project's npm packages when it is missing.
func Pagefind(projectDir string) (string, error) {
	bin := filepath.Join(projectDir, "node_modules", ".bin", "pagefind")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	// Tests and builds may start at once in a fresh clone: one installs,
	// the others wait for it and find the binary.
	unlock, err := flock.Lock(filepath.Join(projectDir, ".npm-install.lock"))
	if err != nil {
		return "", err
	}
	defer unlock()
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", fmt.Errorf("search: pagefind is not installed and npm is not on PATH; install Node.js and npm, then rerun")
	}
	cmd := exec.Command(npm, "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = projectDir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("search: npm ci in %s: %v\n%s", projectDir, err, strings.TrimSpace(out.String()))
	}
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("search: npm ci did not install %s", bin)
	}
	return bin, nil
}

// Index runs Pagefind over siteDir, writing siteDir/pagefind/. It returns
// Pagefind's summary line ("Indexed N pages").
func Index(bin, siteDir string) (string, error) {
	cmd := exec.Command(bin, "--site", siteDir, "--quiet")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("search: pagefind: %v\n%s", err, strings.TrimSpace(out.String()))
	}
	entries, err := os.ReadDir(filepath.Join(siteDir, "pagefind"))
	if err != nil || len(entries) == 0 {
		return "", fmt.Errorf("search: pagefind wrote no index under %s", siteDir)
	}
	return fmt.Sprintf("pagefind index with %d files", countFiles(filepath.Join(siteDir, "pagefind"))), nil
}

func countFiles(dir string) int {
	n := 0
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}
