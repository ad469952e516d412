// Package golden compares test output with committed golden files, the way
// goldmark keeps its case files: a change in output shows up as a diff of
// files under testdata, reviewed like any other change. `go test -update`
// rewrites the files instead of comparing.
package golden

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// update is registered once here so every test binary that uses the
// package gets the same -update flag.
var update = flag.Bool("update", false, "rewrite golden files instead of comparing with them")

// Updating reports whether the test run was asked to rewrite golden files.
func Updating() bool { return *update }

// Check compares got with the golden file at path, or writes it with
// -update. A missing golden file is a failure, never a skip.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	check(t, path, got, *update)
}

func check(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%v (run go test -update to create it)", err)
		return
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs from the output (go test -update to accept, then review the diff):\n%s", path, FirstDiff(want, got))
	}
}

// JSON is Check for a value, marshalled as indented JSON with a final
// newline so the golden files diff line by line.
func JSON(t testing.TB, path string, v any) {
	t.Helper()
	Check(t, path, marshal(t, v))
}

func marshal(t testing.TB, v any) []byte {
	t.Helper()
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(data, '\n')
}

// Dir runs facts on every file matching pattern (e.g. "*.md") in dir and
// compares each result, as JSON, with goldenDir/<file name>.json. It fails
// when dir holds no such file, and when a golden file has no input (a
// renamed or deleted fixture); -update removes those.
func Dir(t *testing.T, dir, pattern, goldenDir string, facts func(t *testing.T, path string, data []byte) any) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no %s files in %s", pattern, dir)
	}
	sort.Strings(files)
	want := map[string]bool{}
	for _, f := range files {
		name := filepath.Base(f) + ".json"
		want[name] = true
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			JSON(t, filepath.Join(goldenDir, name), facts(t, f, data))
		})
	}
	stale, _ := filepath.Glob(filepath.Join(goldenDir, "*.json"))
	for _, g := range stale {
		if want[filepath.Base(g)] {
			continue
		}
		if *update {
			if err := os.Remove(g); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s has no input in %s (go test -update removes it)", g, dir)
	}
}

// FirstDiff shows the first differing line of two texts, with its number.
func FirstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g || i >= len(wl) || i >= len(gl) {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(same lines)"
}
