package inputs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/project"
)

// TestHistoryParsers: the history walk runs, on each path, the parsers
// the table gives it, a file's own before its folder's, and none on what
// only Extract reads.
func TestHistoryParsers(t *testing.T) {
	for _, c := range []struct {
		path string
		want []Parser
	}{
		{"csrc/options.cpp", []Parser{OptionTables, Code}},
		{"csrc/options.h", []Parser{OptionHeader, Code}},
		{"tools/env-config/env_options.yaml", []Parser{EnvYAML}},
		{"csrc/scheduler/pointwise.cu", []Parser{Code}},
		{"csrc/ir/base_nodes.hpp", []Parser{Code}},
		{"python/python_frontend/bindings.cpp", []Parser{Code}},
		{"python/version.txt", []Parser{Version}},
		{"version.txt", []Parser{Version}},
		{"csrc/README.md", nil},
		{"csrc", nil},
		{"csrcx/a.cpp", nil},
		{"tests/cpp/test_gpu.cpp", nil}, // Extract reads the tests; the history does not
		{"setup.py", nil},
		{"python/setup.py", nil},
		{"doc/dev/tma.md", nil},
	} {
		if got := HistoryParsers(c.path); !reflect.DeepEqual(got, c.want) {
			t.Errorf("HistoryParsers(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

// TestRoots: what the history asks git about and what gen serve watches,
// each path once, none inside another.
func TestRoots(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want []string
	}{
		{"history", HistoryRoots(), []string{EnvYAMLFile, "csrc", "python", "version.txt"}},
		{"tree", TreeRoots(), []string{EnvYAMLFile, "csrc", "python", "tests", "setup.py", "CMakeLists.txt"}},
		{"build scripts", Paths(BuildScript), []string{"setup.py", "python/setup.py", "python/utils.py", "CMakeLists.txt"}},
		{"code", Paths(Code), []string{"csrc", "python"}},
		{"tests", Paths(Tests), []string{"tests"}},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, c.got, c.want)
		}
	}
}

// TestTable: every input is a clean relative slash path with a parser and
// a reader (Extract, the history or both), and appears once per parser.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, in := range Table {
		key := in.Path + " " + string(in.Parser)
		if seen[key] {
			t.Errorf("%s twice", key)
		}
		seen[key] = true
		if in.Path == "" || strings.HasPrefix(in.Path, "/") || strings.Contains(in.Path, `\`) || filepath.ToSlash(filepath.Clean(in.Path)) != in.Path || strings.HasPrefix(in.Path, "..") {
			t.Errorf("%q is not a clean path relative to the checkout root", in.Path)
		}
		if in.Parser == "" || (!in.Tree && !in.History) {
			t.Errorf("%q: no parser, or nothing reads it", in.Path)
		}
		if !in.Dir && len(in.Exts) > 0 {
			t.Errorf("%q: a file with extensions", in.Path)
		}
	}
	for _, name := range []string{"a.cpp", "a.cu", "a.h", "a.hpp", "a.cuh"} {
		if !IsCode(name) {
			t.Errorf("IsCode(%q) = false", name)
		}
	}
	for _, name := range []string{"a.py", "a.txt", "cpp", "a.cpp.orig"} {
		if IsCode(name) {
			t.Errorf("IsCode(%q) = true", name)
		}
	}
}

// allowedLiterals are the places that spell a table file's name for
// another reason than reading it from nvFuser's checkout.
var allowedLiterals = map[string]string{
	"generator/lookup/features.go setup.py":         "a file name too common in stack traces to rank a match",
	"generator/linkscan/linkscan.go CMakeLists.txt": "a text file that may hold a handbook URL, like any other",
}

// TestPathsDeclaredOnce: no package but this one spells the path of a
// file of the table as a Go string: the others read it here, so that a
// file nvFuser moves is moved in one place (tests, which name fixture
// files, and the embedded example aside).
func TestPathsDeclaredOnce(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := project.Root(wd)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for _, in := range Table {
		if !in.Dir {
			files[in.Path] = true
		}
	}
	read := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules" || d.Name() == "generated" || rel == "generator/example" || rel == "generator/inputs") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		read++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !files[s] {
				return true
			}
			if _, ok := allowedLiterals[rel+" "+s]; !ok {
				t.Errorf("%s spells %q: read it from generator/inputs", rel, s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if read < 100 {
		t.Fatalf("read only %d Go files under %s", read, root)
	}
}
