package lookup

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
)

// fixtureIndex parses testdata/notes with the real note parser and indexes
// them, as gen does.
func fixtureIndex(t testing.TB) *Index {
	t.Helper()
	files, err := filepath.Glob("testdata/notes/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixture notes: %v", err)
	}
	var ns []*model.Note
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n, err := notes.Parse(f, data, notes.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ns = append(ns, n)
	}
	idx := Build(ns, func(n *model.Note) string { return "/runbooks/" + n.ID + "/" })
	idx.Options = fixtureOptions
	return idx
}

// fixtureOptions are options with the history shapes the lookup tells
// apart: removed and replaced, added later, present from the first
// revision read, current.
var fixtureOptions = []OptionDoc{
	{Env: "NVFUSER_DUMP", Family: "dump", Name: "debug_info", URL: "/options/dump/debug_info/", Added: "0.0.14", Earliest: true,
		Removed: "0.2.10", RemovedOn: "2024-09-10", ReplacedBy: []string{"NVFUSER_ENABLE=kernel_lineinfo"}},
	{Env: "NVFUSER_DUMP", Family: "dump", Name: "fusion_ir", URL: "/options/dump/fusion_ir/", Added: "0.0.14", Earliest: true},
	{Env: "NVFUSER_ENABLE", Family: "enable", Name: "kernel_lineinfo", URL: "/options/enable/kernel_lineinfo/", Added: "0.2.10"},
	{Env: "NVFUSER_DISABLE", Family: "disable", Name: "kernel_lineinfo_old", URL: "/options/disable/kernel_lineinfo_old/"},
}

// Errors that differ from their note in paths, line numbers, addresses,
// tensor names, colour and surrounding noise must find that note first;
// unrelated errors must find nothing.
func TestRankFixtures(t *testing.T) {
	idx := fixtureIndex(t)
	tests := []struct {
		file string
		want string // "" means: no match above the threshold
	}{
		{"smem.txt", "reduction-smem-overflow"},
		{"uaf.txt", "serde-uaf"},
		{"bus.txt", "parallel-compile-bus-error"},
		{"hopper.txt", "matmul-segfault-hopper"},
		{"misaligned.txt", "vectorize-misaligned"},
		{"unrelated-oom.txt", ""},
		{"unrelated-generic.txt", ""},
		{"unrelated-import.txt", ""},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join("testdata", "errors", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			got := idx.Rank(string(text))
			if tc.want == "" {
				if len(got) != 0 {
					t.Errorf("unrelated error matched %s (score %.2f, %v)", got[0].ID, got[0].Score, got[0].Evidence)
				}
				return
			}
			if len(got) == 0 {
				t.Fatalf("no match; query features %v", Features(string(text)))
			}
			if got[0].ID != tc.want {
				t.Errorf("first = %s (%.2f %v), want %s; all: %+v", got[0].ID, got[0].Score, got[0].Evidence, tc.want, got)
			}
			if len(got[0].Evidence) == 0 || got[0].URL == "" {
				t.Errorf("match without evidence or URL: %+v", got[0])
			}
		})
	}
}

func TestNormalizeFeatures(t *testing.T) {
	tests := []struct {
		name, in string
		has      []string
		hasNot   []string
	}{
		{"ansi and hex", "\x1b[31mSIGSEGV\x1b[0m at 0xdeadbeef", []string{"signal:SIGSEGV"}, []string{"word:deadbeef"}},
		{"path prefix and line", "/home/a/b/Fuser/csrc/fusion.cpp:120:7", []string{"file:fusion.cpp"}, []string{"word:home", "word:fuser"}},
		{"templates", "nvfuser::Foo<int, std::vector<int> >::bar(const T&)", []string{"sym:Foo::bar"}, nil},
		{"namespaces", "nvfuser::serde::Reader::read()", []string{"sym:Reader::read"}, nil},
		{"free function", "in nvfuser::tryMerge(std::string const&)", []string{"sym:tryMerge"}, nil},
		{"std ignored", "std::vector<int>::push_back", nil, []string{"sym:vector::push_back"}},
		{"tensor numbers", "T87_g_float and iS12{i0}", nil, []string{"word:t87_g_float", "word:is12"}},
		{"sanitizer", "ERROR: AddressSanitizer: heap-use-after-free on address", []string{"san:address:heap-use-after-free"}, nil},
		{"gtest", "[ RUN ] ResizeTest.SliceThenPad", []string{"test:ResizeTest.SliceThenPad"}, nil},
		{"pytest", "tests/python/test_a.py::test_slice_vectorize", []string{"test:test_slice_vectorize", "file:test_a.py"}, nil},
		{"message pairs", "misaligned address for vectorized access", []string{"pair:vectorized access", "word:misaligned"}, []string{"word:for", "pair:misaligned vectorized"}},
		{"bus error", "Bus error (core dumped)", []string{"signal:SIGBUS"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := map[string]bool{}
			for _, f := range Features(tc.in) {
				got[f] = true
			}
			for _, h := range tc.has {
				if !got[h] {
					t.Errorf("missing %q in %v", h, Features(tc.in))
				}
			}
			for _, h := range tc.hasNot {
				if got[h] {
					t.Errorf("unexpected %q in %v", h, Features(tc.in))
				}
			}
		})
	}
}

// TestBrowserPortAgrees runs static/js/lookup.js under node on the same
// index and inputs and requires identical rankings: the /lookup/ page and
// `gen lookup` must never disagree.
func TestBrowserPortAgrees(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is required to test static/js/lookup.js (it ships with this machine image)")
	}
	idx := fixtureIndex(t)
	dir := t.TempDir()
	idxJSON, _ := json.Marshal(idx)
	if err := os.WriteFile(filepath.Join(dir, "index.json"), idxJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	inputs, _ := filepath.Glob("testdata/errors/*.txt")
	inputs = append(inputs, "testdata/notes/serde-uaf.md", "testdata/notes/matmul-segfault-hopper.md")
	var texts []string
	for _, in := range inputs {
		b, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	// Plus generated texts mixing the pieces both regex engines must agree
	// on: paths, templates, colour codes, URLs, odd spacing and case.
	pieces := []string{"Parsing DUMP failed. Invalid option: 'debug_info'", "Invalid option: 'kernel_lineinfo'", "nvfuser version: 0.2.", "10", "22+git69", "Parsing ENABLE failed.", "'fusion_ir'", "nvfuser::", "Foo<int, std::vector<T>>", "::bar(", ")", "/opt/x/csrc/fusion.cpp:12", "0xdeadBEEF", "\x1b[31m", "\x1b[0m",
		"AddressSanitizer: heap-use-after-free", "SIGBUS", "Bus error", "T87_g_float", "iS12{i0}", "https://github.com/NVIDIA/Fuser/issues", "\r\n", "\n", "\t",
		"test_slice_x", "ResizeTest.Pad", "RuntimeError", "misaligned", "address", "vectorized", "ÄÖ ünïcode", "\u00a0", "a.cuh", "b.hpp:3:4", "(", "<", ">", " "}
	seed := uint32(7)
	for i := 0; i < 300; i++ {
		var b strings.Builder
		for j := 0; j < 12; j++ {
			seed = seed*1664525 + 1013904223
			p := pieces[int(seed>>8)%len(pieces)]
			b.WriteString(p)
		}
		texts = append(texts, b.String())
		inputs = append(inputs, fmt.Sprintf("generated #%d", i))
	}
	textsJSON, _ := json.Marshal(texts)
	if err := os.WriteFile(filepath.Join(dir, "texts.json"), textsJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	script, _ := filepath.Abs(filepath.Join("..", "..", "static", "js", "lookup.js"))
	harness := `const L = require(process.argv[1]); const fs = require("fs");
const idx = JSON.parse(fs.readFileSync(process.argv[2]));
const texts = JSON.parse(fs.readFileSync(process.argv[3]));
process.stdout.write(JSON.stringify(texts.map(t => ({features: L.features(t), matches: L.rank(idx, t)}))));`
	out, err := exec.Command(node, "-e", harness, script, filepath.Join(dir, "index.json"), filepath.Join(dir, "texts.json")).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var js []struct {
		Features []string `json:"features"`
		Matches  []Match  `json:"matches"`
	}
	if err := json.Unmarshal(out, &js); err != nil {
		t.Fatalf("node output: %v\n%s", err, out)
	}
	for i, text := range texts {
		goF := Features(text)
		if !reflect.DeepEqual(goF, js[i].Features) {
			t.Errorf("%s: features differ\n go: %v\n js: %v", inputs[i], goF, js[i].Features)
		}
		goM := idx.Rank(text)
		if !reflect.DeepEqual(goM, fixNil(js[i].Matches)) {
			t.Errorf("%s: rankings differ\n go: %+v\n js: %+v", inputs[i], goM, js[i].Matches)
		}
	}
	if !strings.Contains(string(out), "serde-uaf") {
		t.Error("the harness ranked nothing; the comparison proved nothing")
	}
	if !strings.Contains(string(out), `"kind":"option"`) || !strings.Contains(string(out), "does not exist in") {
		t.Error("no text named an option with a version; the option ranking went untested")
	}
}

func fixNil(m []Match) []Match {
	if m == nil {
		return []Match{}
	}
	return m
}

func FuzzFeatures(f *testing.F) {
	f.Add("nvfuser::A<B<C>>::f(x) at /a/b/csrc/x.cpp:1 0x1234 SIGSEGV")
	f.Add("((((<<<<")
	f.Fuzz(func(t *testing.T, s string) {
		for _, feat := range Features(s) {
			if !strings.Contains(feat, ":") {
				t.Fatalf("feature without kind: %q", feat)
			}
		}
	})
}
