package checks

import (
	"bufio"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// readTree extracts a whole tree's checks the way csrcscan does: every
// file's definitions first, then each file's checks knowing them all.
func readTree(t *testing.T, root string) []model.Check {
	t.Helper()
	fsys := os.DirFS(root)
	var files []string
	toks := map[string][]cpplex.Token{}
	defs := NewDefs()
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || (path.Ext(p) != ".cpp" && path.Ext(p) != ".h") {
			return err
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		ts, err := cpplex.Lex(src)
		if err != nil {
			return err
		}
		files, toks[p] = append(files, p), ts
		defs.Merge(ReadDefs(p, ts))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	defs.Resolve()
	var out []model.Check
	for _, p := range files {
		out = append(out, FromTokensWith(p, toks[p], defs)...)
	}
	AssignIDs(out)
	return out
}

// TestTreeAgainstHandReading compares the extractor with the checks of
// testdata/tree written out by hand (expected.txt): wrappers defined in
// one file and used in another, stringizing and pasting bodies, a
// checking function reached through a macro, semicolon-less macro
// invocations, lambdas with trailing return types, operator[], a default
// argument elsewhere, a printer object.
func TestTreeAgainstHandReading(t *testing.T) {
	got := readTree(t, "testdata/tree")
	f, err := os.Open("testdata/tree/expected.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	var have []string
	for _, c := range got {
		have = append(have, strings.Join([]string{c.Where.String(), c.Macro, c.Kind, c.Via, c.InMacro, c.Function, c.Within,
			c.Condition, c.Message(), c.ID, c.Legacy}, " | "))
	}
	sort.Strings(want)
	sort.Strings(have)
	norm := func(s string) string {
		f := strings.Split(s, "|")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		return strings.TrimRight(strings.Join(f, " | "), " |")
	}
	for i := 0; i < max(len(want), len(have)); i++ {
		var w, h string
		if i < len(want) {
			w = norm(want[i])
		}
		if i < len(have) {
			h = norm(have[i])
		}
		if w != h {
			t.Errorf("check %d:\n got  %s\n want %s", i, h, w)
		}
	}
}
