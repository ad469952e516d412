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
	"github.com/nvfuser-handbook/handbook/internal/notecorpus"
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
	idx.Vars = fixtureVars
	return idx
}

// fixtureVars are variables with a page.
var fixtureVars = []VarDoc{
	{Name: "NVFUSER_DUMP", URL: "/env/nvfuser_dump/"},
	{Name: "NVFUSER_NUM_THREADS", URL: "/env/nvfuser_num_threads/"},
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
		{"racecheck", "========= Error: Race reported between Write access at k+0x1c30", []string{"san:compute:race reported"}, nil},
		{"synccheck", "========= Barrier error detected. Divergent thread(s) in block", []string{"san:compute:barrier error"}, nil},
		{"ubsan kind", "a.cpp:1:2: runtime error: shift exponent 64 is too large", []string{"san:undefinedbehavior:shift exponent"}, nil},
		{"nvrtc", "k.cu(10957): error: identifier \"__f\" is undefined", []string{"err:nvrtc", "err:nvrtc-undefined"}, nil},
		{"ptxas", "ptxas fatal   : Value 'sm_120' is not defined for option 'gpu-name'", []string{"err:ptxas", "err:ptxas-gpu-name"}, nil},
		{"orc jit", "LLVM ERROR: Duplicate definition of symbol '_main_fn_7'", []string{"err:llvm", "err:orc-duplicate", "pair:duplicate definition"}, nil},
		{"cuda runtime message", "RuntimeError: CUDA error: misaligned address", []string{"err:cuda:misaligned address"}, nil},
		{"cuda driver", "CUDA driver error: CUDA_ERROR_INVALID_CONTEXT", []string{"err:cuda-driver:cuda_error_invalid_context"}, nil},
		{"nccl", "ncclSystemError: System call failed", []string{"err:nccl:ncclsystemerror"}, []string{"err:nccl:"}},
		{"oom", "torch.OutOfMemoryError: CUDA out of memory.", []string{"err:oom"}, nil},
		{"tensor mismatch", "AssertionError: Tensor-likes are not close!", []string{"err:tensor-not-close"}, nil},
		{"gtest suite from a filter", "--gtest_filter=WelfordTest.GridOuter*", []string{"suite:WelfordTest"}, nil},
		{"generic file", "File \"/x/nvfuser/__init__.py\", line 3", nil, []string{"file:__init__.py"}},
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
// indexes and inputs and requires identical features, tokens and
// rankings: the /lookup/ page and `gen lookup` must never disagree. It
// covers the fixture notes and errors, the whole team-written corpus
// (every pasted case and every note's own text), and generated texts.
func TestBrowserPortAgrees(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/errors/*.txt")
	if len(inputs) == 0 {
		t.Fatal("no error fixtures in testdata/errors")
	}
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
	// on: paths, templates, colour codes, URLs, odd spacing and case, every
	// error class, options named as invalid with a version, and words that
	// are properties of a JavaScript object.
	pieces := []string{"Parsing DUMP failed. Invalid option: 'debug_info'", "Invalid option: 'kernel_lineinfo'", "nvfuser version: 0.2.", "10", "22+git69", "Parsing ENABLE failed.", "'fusion_ir'",
		"nvfuser::", "Foo<int, std::vector<T>>", "::bar(", ")", "/opt/x/csrc/fusion.cpp:12", "0xdeadBEEF", "\x1b[31m", "\x1b[0m",
		"AddressSanitizer: heap-use-after-free", "SIGBUS", "Bus error", "T87_g_float", "iS12{i0}", "https://github.com/NVIDIA/Fuser/issues", "\r\n", "\n", "\t",
		"test_slice_x", "ResizeTest.Pad", "RuntimeError", "misaligned", "address", "vectorized", "ÄÖ ünïcode", "\u00a0", "a.cuh", "b.hpp:3:4", "(", "<", ">", " ",
		"========= Error: Race reported between", "Barrier error", "LLVM ERROR: ", "Duplicate definition of symbol '_f_12'", "JIT session error", "Symbols not found: [",
		"CUDA error: misaligned address", "CUDA error: ", "CUDA_ERROR_INVALID_CONTEXT", "cudaErrorLaunchOutOfResources", "Tensor-likes are not close!",
		"Greatest absolute difference: nan", "runtime error: shift exponent", "WelfordTest.*", "[  FAILED  ]", "ncclSystemError", "NCCL error", "UCC  ERROR",
		"MPI_ABORT was invoked", "OutOfMemoryError", "out of memory", "ptxas fatal", "NVRTC compilation failed", "x.cu(12): error", "error: identifier \"__f2\" is undefined",
		"Fatal Python error", "__init__.py", "constructor", "__proto__", "hasOwnProperty", "toString", "/usr/lib/x86_64/libc.so.6", "__tmp_kernel_pointwise_f0_c1_r0_g12",
		"_ZN7nvfuser3FooEv", "Watchdog caught collective operation timeout", "___", "a_", "9_b",
		"NVFUSER_DUMP=", "fusion_ir,debug_info", "NVFUSER_NUM_THREADS=4 ", "PYTORCH_NVFUSER_ENABLE=kernel_lineinfo", "NVFUSER_ENABLE=\"kernel_lineinfo\" "}
	seed := uint32(7)
	for i := 0; i < 400; i++ {
		var b strings.Builder
		for j := 0; j < 12; j++ {
			seed = seed*1664525 + 1013904223
			p := pieces[int(seed>>8)%len(pieces)]
			b.WriteString(p)
		}
		texts = append(texts, b.String())
		inputs = append(inputs, fmt.Sprintf("generated #%d", i))
	}
	out := compareWithBrowser(t, fixtureIndex(t), inputs, texts)
	if !strings.Contains(out, "serde-uaf") {
		t.Error("the harness ranked nothing; the comparison proved nothing")
	}
	if !strings.Contains(out, `"kind":"option"`) || !strings.Contains(out, "does not exist in") {
		t.Error("no text named an option with a version; the option ranking went untested")
	}

	// The corpus: every pasted case and every note's text, on the corpus index.
	inputs, texts = nil, nil
	for _, c := range notecorpus.Cases {
		inputs = append(inputs, filepath.Join("errors", c.File))
	}
	for _, n := range notecorpus.Notes {
		inputs = append(inputs, filepath.Join("notes", n.File))
	}
	for _, in := range inputs {
		b, err := os.ReadFile(filepath.Join(notecorpus.Dir(), in))
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	out = compareWithBrowser(t, corpusIndex(t), inputs, texts)
	if !strings.Contains(out, "log-racecheck-smem-reuse") {
		t.Error("the harness ranked nothing on the corpus; the comparison proved nothing")
	}
}

// compareWithBrowser ranks texts with Go and with lookup.js under node on
// idx, fails on any difference, and returns node's raw output.
func compareWithBrowser(t *testing.T, idx *Index, inputs, texts []string) string {
	t.Helper()
	return compareWithBrowserAt(t, idx, inputs, texts, "")
}

// compareWithBrowserAt is compareWithBrowser with a build given, as the
// version field and `gen lookup --version` give it.
func compareWithBrowserAt(t *testing.T, idx *Index, inputs, texts []string, given string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is required to test static/js/lookup.js (it ships with this machine image)")
	}
	dir := t.TempDir()
	idxJSON, _ := json.Marshal(idx)
	if err := os.WriteFile(filepath.Join(dir, "index.json"), idxJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	textsJSON, _ := json.Marshal(texts)
	if err := os.WriteFile(filepath.Join(dir, "texts.json"), textsJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	script, _ := filepath.Abs(filepath.Join("..", "..", "static", "js", "lookup.js"))
	harness := `const L = require(process.argv[1]); const fs = require("fs");
const idx = JSON.parse(fs.readFileSync(process.argv[2]));
const texts = JSON.parse(fs.readFileSync(process.argv[3]));
process.stdout.write(JSON.stringify(texts.map(t => { const m = L.rank(idx, t, process.argv[4]); return {features: L.features(t), tokens: L.tokens(t), matches: m, report: L.reportURL(idx, t, m.length > 0 ? m[0] : null)}; })));`
	out, err := exec.Command(node, "-e", harness, script, filepath.Join(dir, "index.json"), filepath.Join(dir, "texts.json"), given).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var js []struct {
		Features []string `json:"features"`
		Tokens   []string `json:"tokens"`
		Matches  []Match  `json:"matches"`
		Report   string   `json:"report"`
	}
	if err := json.Unmarshal(out, &js); err != nil {
		t.Fatalf("node output: %v\n%s", err, out)
	}
	for i, text := range texts {
		goF := Features(text)
		if !reflect.DeepEqual(goF, js[i].Features) {
			t.Errorf("%s: features differ\n go: %v\n js: %v", inputs[i], goF, js[i].Features)
		}
		if goT := Tokens(text); !reflect.DeepEqual(goT, fixNilStrings(js[i].Tokens)) && len(goT)+len(js[i].Tokens) > 0 {
			t.Errorf("%s: tokens differ\n go: %v\n js: %v", inputs[i], goT, js[i].Tokens)
		}
		goM := idx.RankFor(text, given)
		if !reflect.DeepEqual(goM, fixNil(js[i].Matches)) {
			t.Errorf("%s: rankings differ\n go: %+v\n js: %+v", inputs[i], goM, js[i].Matches)
		}
		var first *Match
		if len(goM) > 0 {
			first = &goM[0]
		}
		if goR := idx.ReportURL(text, first); goR != js[i].Report {
			t.Errorf("%s: report links differ\n go: %s\n js: %s", inputs[i], goR, js[i].Report)
		}
	}
	return string(out)
}

func fixNilStrings(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

func fixNil(m []Match) []Match {
	if m == nil {
		return []Match{}
	}
	return m
}

func TestTokens(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"/opt/x/csrc/fusion_segmenter.cpp:2544 in mergeNodes", []string{"fusion_segmenter", "mergenodes"}},
		{"__tmp_kernel_pointwise_f0_c1_r0_g7.cu(11230): error", []string{"tmp_kernel_pointwise_f_c_r_g"}},
		{"\x1b[31mRace reported\x1b[0m at 0x7f3c80a00400 https://x.org/a", []string{"race", "reported"}},
		{"the and of T87 iS12 sm_120", nil},
	}
	for _, tc := range tests {
		if got := Tokens(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Tokens(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTextWeightsJSON: the compact string forms read back as written.
func TestTextWeightsJSON(t *testing.T) {
	in := struct {
		W Words
		P Weights
	}{Words{"a", "b"}, Weights{0, 120, 1, 7}}
	data, err := json.Marshal(in)
	if err != nil || string(data) != `{"W":"a b","P":"0:120 1:7"}` {
		t.Fatalf("marshal = %s, %v", data, err)
	}
	var out struct {
		W Words
		P Weights
	}
	if err := json.Unmarshal(data, &out); err != nil || !reflect.DeepEqual(in, out) {
		t.Errorf("round trip = %+v, %v", out, err)
	}
	if err := json.Unmarshal([]byte(`{"P":"1:x"}`), &out); err == nil {
		t.Error("a malformed weight was accepted")
	}
}

func FuzzTokens(f *testing.F) {
	f.Add("/a/b/c.cpp:1 __tmp_kernel_f0 0xdead Race reported")
	f.Fuzz(func(t *testing.T, s string) {
		for _, tok := range Tokens(s) {
			if len(tok) < 3 || strings.ContainsAny(tok, "0123456789 /") {
				t.Fatalf("bad token %q", tok)
			}
		}
	})
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

func FuzzWeights(f *testing.F) {
	f.Add(`"0:120 1:7"`)
	f.Add(`"1:"`)
	f.Fuzz(func(t *testing.T, s string) {
		var p Weights
		if json.Unmarshal([]byte(s), &p) != nil {
			return
		}
		data, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var q Weights
		if err := json.Unmarshal(data, &q); err != nil || !reflect.DeepEqual(p, q) {
			t.Fatalf("%s → %s → %v (%v)", s, data, q, err)
		}
	})
}
