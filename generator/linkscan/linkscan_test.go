package linkscan

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

func TestNewPrefix(t *testing.T) {
	for _, c := range []struct {
		base, want string
		ok         bool
	}{
		{"https://nvidia.github.io/Fuser-handbook/", "nvidia.github.io/fuser-handbook/", true},
		{"https://handbook.example", "handbook.example/", true},
		{"/", "", false},
		{"", "", false},
	} {
		p, ok := NewPrefix(c.base)
		if ok != c.ok || p.hostPath != c.want {
			t.Errorf("NewPrefix(%q) = %q, %v; want %q, %v", c.base, p.hostPath, ok, c.want, c.ok)
		}
	}
}

// TestScan: URLs under the base URL are found in every kind of file
// nvFuser keeps text in, with file and line; other sites, longer host
// names, vendored code and other file kinds are not.
func TestScan(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	tree := fstest.MapFS{
		"csrc/fusion.cpp": file("int a;\n// See https://hb.example/docs/r/serde-crash/ for this.\n" +
			`NVF_ERROR(ok, "Look it up: http://HB.example/docs/lookup/?q=", msg);` + "\n"),
		"python/nvfuser/__init__.py": file("raise RuntimeError('see https://hb.example/docs/env/nvfuser_dump/.')\n"),
		"doc/dev/debug.md":           file("[options](https://hb.example/docs/options/dump/fusion_ir) and https://hb.example/docs\n"),
		"CMakeLists.txt":             file("message(STATUS \"https://hb.example/docs/r/build-fails/\")\n"),
		"cmake/Deps.cmake":           file("# https://hb.example/docsother/r/x/ is another site\n"),
		"csrc/other.h":               file("// https://nothb.example/docs/r/y/ and https://hb.example/elsewhere/\n"),
		"third_party/lib/x.cpp":      file("// https://hb.example/docs/r/vendored/\n"),
		"csrc/img.png":               file("https://hb.example/docs/r/binary/\n"),
	}
	pre, ok := NewPrefix("https://hb.example/docs/")
	if !ok {
		t.Fatal("prefix")
	}
	got, skipped := Scan(tree, pre)
	if len(skipped) > 0 {
		t.Errorf("skipped: %v", skipped)
	}
	loc := func(f string, l int) model.Location { return model.Location{File: f, Line: l} }
	want := []model.InboundLink{
		{URL: "https://hb.example/docs/r/build-fails/", Path: "/r/build-fails/", Where: loc("CMakeLists.txt", 1)},
		{URL: "http://HB.example/docs/lookup/?q=", Path: "/lookup/", Where: loc("csrc/fusion.cpp", 3)},
		{URL: "https://hb.example/docs/r/serde-crash/", Path: "/r/serde-crash/", Where: loc("csrc/fusion.cpp", 2)},
		{URL: "https://hb.example/docs/options/dump/fusion_ir", Path: "/options/dump/fusion_ir/", Where: loc("doc/dev/debug.md", 1)},
		{URL: "https://hb.example/docs", Path: "/", Where: loc("doc/dev/debug.md", 1)},
		{URL: "https://hb.example/docs/env/nvfuser_dump/", Path: "/env/nvfuser_dump/", Where: loc("python/nvfuser/__init__.py", 1)},
	}
	// Scan sorts by file and line; within a line, by position.
	want[1], want[2] = want[2], want[1]
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Scan:\n got %+v\nwant %+v", got, want)
	}
}

// FuzzFile: any text scans without panicking; every link found starts
// with the base URL's host and has a site path starting with "/".
func FuzzFile(f *testing.F) {
	f.Add("see https://hb.example/docs/r/x/.")
	f.Add("hb.example/docs?q=1 http://hb.example/docs")
	f.Add("xhb.example/docs/ https://hb.example/docs%zz")
	pre, _ := NewPrefix("https://hb.example/docs/")
	f.Fuzz(func(t *testing.T, text string) {
		for _, l := range File("f.cpp", []byte(text), pre) {
			if l.Path == "" || l.Path[0] != '/' || l.Where.Line < 1 {
				t.Errorf("bad link %+v in %q", l, text)
			}
		}
	})
}

// TestScanFuser scans a real nvFuser checkout with its own repository as
// the "site", since nvFuser links to it from its docs: the scan finds those
// links with file and line, and stays quick on the whole tree.
func TestScanFuser(t *testing.T) {
	root := testsite.Fuser(t)
	pre, _ := NewPrefix("https://github.com/NVIDIA/Fuser/")
	start := time.Now()
	links, skipped := Scan(os.DirFS(root), pre)
	took := time.Since(start)
	t.Logf("%d links in %s", len(links), took)
	if len(skipped) > 0 {
		t.Errorf("skipped: %v", skipped)
	}
	found := false
	for _, l := range links {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(l.Where.File)))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		if l.Where.Line > len(lines) || !strings.Contains(lines[l.Where.Line-1], l.URL) {
			t.Errorf("%s: line does not hold %s", l.Where, l.URL)
		}
		if strings.HasPrefix(l.Where.File, "third_party/") {
			t.Errorf("%s: vendored code scanned", l.Where)
		}
		found = found || strings.HasPrefix(l.Path, "/blob/") && strings.HasSuffix(l.Where.File, ".md")
	}
	if !found {
		t.Errorf("no /blob/ link found in the checkout's docs among %d links", len(links))
	}
}
