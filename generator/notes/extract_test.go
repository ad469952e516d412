package notes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestEnvSettings(t *testing.T) {
	tests := []listCase{ // want: NAME=value
		{"inline code", "Use `NVFUSER_DUMP=fusion_ir` here.", []string{"NVFUSER_DUMP=fusion_ir"}},
		{"prose with punctuation", "Set NVFUSER_DUMP=cuda_kernel, then rerun (or NVFUSER_DISABLE=fallback).", []string{"NVFUSER_DISABLE=fallback", "NVFUSER_DUMP=cuda_kernel"}},
		{"export in shell", "```bash\nexport NVFUSER_NUM_THREADS=4\nCC=clang-20 CXX=clang++-20 make\n```", []string{"CC=clang-20", "CXX=clang++-20", "NVFUSER_NUM_THREADS=4"}},
		{"quoted value", "```sh\nNVFUSER_DUMP='fusion_ir,cuda_kernel' python x.py\n```", []string{"NVFUSER_DUMP=fusion_ir,cuda_kernel"}},
		{"command substitution", "`LD_PRELOAD=$(gcc -print-file-name=libasan.so) pytest x`", []string{"LD_PRELOAD=$(gcc -print-file-name=libasan.so)"}},
		{"placeholder", "`NVFUSER_SOURCE_DIR=<path to source>`", []string{"NVFUSER_SOURCE_DIR=<path to source>"}},
		{"cmake defines are not env", "```bash\ncmake -DCMAKE_BUILD_TYPE=Debug ..\n```", nil},
		{"python code is not shell", "```python\nMAX_SIZE=10\nos.environ[\"NVFUSER_DISABLE\"] = \"parallel_compile\"\n```", []string{"NVFUSER_DISABLE=parallel_compile"}},
		{"single word needs knowledge", "`X=1` and `NVFUSERX=on` and `HOME=/tmp`", []string{"HOME=/tmp", "NVFUSERX=on"}},
		{"empty value", "`NVFUSER_DUMP=`", nil},
		{"lowercase is not env", "`nvfuser_dump=fusion_ir`", nil},
	}
	runListCases(t, tests, false, func(n *model.Note) (got []string) {
		for _, e := range n.Env {
			got = append(got, e.Name+"="+e.Value)
		}
		return got
	})
}

func TestOptionUses(t *testing.T) {
	n := mustParse(t, "o.md", "Try `NVFUSER_DUMP=fusion_ir,cuda_kernel,launch_param(3,4)` and\n"+
		"`PYTORCH_NVFUSER_DISABLE=fallback,no_such_option` and `NVFUSER_NUM_THREADS=8`.\n")
	var got []string
	for _, o := range n.Options {
		got = append(got, fmt.Sprintf("%s:%s%v:%t@%d", o.Env, o.Name, o.Args, o.Known, o.Line))
	}
	want := []string{
		"NVFUSER_DISABLE:fallback[]:true@2",
		"NVFUSER_DISABLE:no_such_option[]:false@2",
		"NVFUSER_DUMP:cuda_kernel[]:true@1",
		"NVFUSER_DUMP:fusion_ir[]:true@1",
		"NVFUSER_DUMP:launch_param[3 4]:true@1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("options =\n  %q\nwant\n  %q", got, want)
	}
}

func TestCommands(t *testing.T) {
	tests := []listCase{ // want: kind:text
		{"pytest k", "```bash\npytest tests/python/test_ops.py -k \"add and not slow\" -x\n```", []string{`pytest:pytest tests/python/test_ops.py -k "add and not slow" -x`}},
		{"python -m pytest", "```bash\npython -m pytest tests/python/test_ops.py\n```", []string{"pytest:python -m pytest tests/python/test_ops.py"}},
		{"gtest under gdb", "```shell\n$ gdb --args bin/test_nvfuser --gtest_filter=Foo.*\n(gdb) r\n```", []string{"gtest:gdb --args bin/test_nvfuser --gtest_filter=Foo.*"}},
		{"gtest binary", "```bash\nNVFUSER_DUMP=cuda_kernel ./bin/test_matmul\n```", []string{"gtest:NVFUSER_DUMP=cuda_kernel ./bin/test_matmul"}},
		{"python script", "```console\n$ python3 repro.py --size 64\nTraceback (most recent call last):\n```", []string{"python:python3 repro.py --size 64"}},
		{"continuation", "```bash\nNVFUSER_DUMP=fusion_ir \\\n  python \\\n  repro.py\n```", []string{"python:NVFUSER_DUMP=fusion_ir python repro.py"}},
		{"comments skipped", "```bash\n# build first\npip install -e ./python  # editable\n```", []string{"shell:pip install -e ./python  # editable"}},
		{"inline command", "Run `NVFUSER_DUMP=fusion_ir python a.py` or just read `pip install` docs.", []string{"python:NVFUSER_DUMP=fusion_ir python a.py"}},
		{"log block takes only commands", "```\n$ ncu -k my_kernel python a.py\n==PROF== Disconnected\n```", []string{"python:ncu -k my_kernel python a.py"}},
		{"unlabelled block without prompts", "```\nSome output line\npytest tests/python/test_a.py::test_b\n```", []string{"pytest:pytest tests/python/test_a.py::test_b"}},
		{"python fence is code", "```python\nimport torch\nprint(torch.ones(3))\n```", nil},
	}
	runListCases(t, tests, false, func(n *model.Note) (got []string) {
		for _, c := range n.Commands {
			got = append(got, c.Kind+":"+c.Text)
		}
		return got
	})
}

func TestReferences(t *testing.T) {
	in := "# Notes\n\n" +
		"Fixed by commit 1a2b3c4d in PR #4410 (see PR 4411, issue #12, https://github.com/NVIDIA/Fuser/pull/4500).\n" +
		"Not ours: https://github.com/google/sanitizers/issues/629, &#1234; and a hex 0xdeadbeef1.\n" +
		"Hashes: `b48a116` but not `deadbeef` or `1234567`.\n" +
		"Calls `nvfuser::Fusion::copy` and IrStorage::swap(); std::swap is not ours.\n" +
		"Node id tests/python/test_a.py::TestA::test_b[float32] and gtest ResizeTest.Slice/2.\n" +
		"Dates: 2026-01-26, Jan 5, 2026, 3 March 2025, 2025-02-30 (invalid).\n" +
		"Tools: gdb, cuda-gdb, ASAN_OPTIONS, valgrind, heaptrack, py-spy, `perf record -g`.\n"
	n := mustParse(t, "r.md", in)
	check := func(what string, got, want []string) {
		t.Helper()
		if !slices.Equal(got, want) {
			t.Errorf("%s = %q, want %q", what, got, want)
		}
	}
	check("issues", n.Issues, []string{"#12", "#4410", "#4411", "#4500"})
	check("commits", n.Commits, []string{"1a2b3c4d", "b48a116"})
	check("symbols", n.Symbols, []string{"Fusion::copy", "IrStorage::swap"})
	check("tests", n.Tests, []string{"ResizeTest.Slice/2", "tests/python/test_a.py::TestA::test_b[float32]"})
	check("dates", n.Dates, []string{"2025-03-03", "2026-01-05", "2026-01-26"})
	check("tools", n.Tools, []string{"asan", "cuda-gdb", "gdb", "heaptrack", "perf", "py-spy", "valgrind"})
	if n.Date != "2026-01-26" {
		t.Errorf("date %q", n.Date)
	}
}

func TestSignatures(t *testing.T) {
	tests := []listCase{ // want: kind:text
		{"prose signal is canonical", "The test segfaults, sometimes with a bus error.", []string{"signal:SIGBUS", "signal:SIGSEGV"}},
		{"log lines verbatim", "```\nFatal Python error: Segmentation fault\n\nThread 0x00007f (most recent call first):\n  File \"/x/y.py\", line 3 in f\n```",
			[]string{"signal:Fatal Python error: Segmentation fault", `frame:File "/x/y.py", line 3 in f`}},
		{"gdb frames", "```\n#0  0x00007ffff7a3c1d2 in nvfuser::Fusion::copy (from=0x0, to=0x1) at /src/Fuser/csrc/fusion.cpp:123\n#1  nvfuser::Foo::bar () at csrc/foo.cpp:9\n```",
			[]string{"frame:#0  0x00007ffff7a3c1d2 in nvfuser::Fusion::copy (from=0x0, to=0x1) at /src/Fuser/csrc/fusion.cpp:123", "frame:#1  nvfuser::Foo::bar () at csrc/foo.cpp:9"}},
		{"sanitizers", "```\n==1==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x1\n/x/a.cpp:3:5: runtime error: signed integer overflow\n========= Invalid __global__ read of size 4 bytes\n========= ERROR SUMMARY: 0 errors\n```",
			[]string{"sanitizer:==1==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x1", "sanitizer:/x/a.cpp:3:5: runtime error: signed integer overflow", "sanitizer:========= Invalid __global__ read of size 4 bytes"}},
		{"assert beats exception", "```\nRuntimeError: INTERNAL ASSERT FAILED at \"/x/csrc/a.cpp\":1, please report\npython: a.cpp:3: int main(): Assertion `x > 0' failed.\n```",
			[]string{`assert:RuntimeError: INTERNAL ASSERT FAILED at "/x/csrc/a.cpp":1, please report`, "assert:python: a.cpp:3: int main(): Assertion `x > 0' failed."}},
		{"exceptions", "```\nValueError: bad shape\ntorch._dynamo.exc.BackendCompilerFailed: backend='nvfuser' raised\n  what():  boom\n```",
			[]string{"exception:ValueError: bad shape", "exception:torch._dynamo.exc.BackendCompilerFailed: backend='nvfuser' raised", "exception:what():  boom"}},
		{"gtest", "```\n[  FAILED  ] NVFuserTest.FusionX_CUDA (3 ms)\n[  FAILED  ] 1 test, listed below:\n/src/tests/cpp/test_x.cpp:12: Failure\nC++ exception with description \"boom\" thrown in the test body.\n```",
			[]string{"gtest:[  FAILED  ] NVFuserTest.FusionX_CUDA (3 ms)", "gtest:/src/tests/cpp/test_x.cpp:12: Failure", `gtest:C++ exception with description "boom" thrown in the test body.`}},
		{"comment mention", "```bash\n# segfaults after ~50 tests\npytest tests/python\n```", []string{"signal:SIGSEGV"}},
		{"source code is not output", "```cpp\nNVF_ERROR(ptr != nullptr, \"null\");\n```", nil},
		{"headings are not signatures", "## Segfault in matmul\n\nText.", nil},
	}
	runListCases(t, tests, true, func(n *model.Note) (got []string) {
		for _, s := range n.Signatures {
			got = append(got, s.Kind+":"+s.Text)
		}
		return got
	})
}

func TestSignatureTruncation(t *testing.T) {
	long := "RuntimeError: " + strings.Repeat("x", 2000)
	n := mustParse(t, "l.md", "```\n"+long+"\n```\n")
	if len(n.Signatures) != 1 || len([]rune(n.Signatures[0].Text)) != MaxSignatureRunes+1 {
		t.Errorf("signatures %+v", n.Signatures)
	}
}

func TestChecklist(t *testing.T) {
	n := mustParse(t, "c.md", "- [x] one\n- [ ] two `code`\n  - [X] nested\n* plain item\n1. [ ] numbered\n")
	want := model.Checklist{Done: 2, Total: 4, Items: []model.ChecklistItem{
		{Text: "one", Done: true}, {Text: "two `code`"}, {Text: "nested", Done: true}, {Text: "numbered"},
	}}
	if fmt.Sprint(n.Checklist) != fmt.Sprint(want) {
		t.Errorf("checklist = %+v, want %+v", n.Checklist, want)
	}
}

func TestLinesCountFrontMatter(t *testing.T) {
	in := "---\ntitle: x\n---\n\n`NVFUSER_DUMP=fusion_ir`\n\n```\nSegmentation fault\n```\n"
	n := mustParse(t, "l.md", in)
	if len(n.Env) != 1 || n.Env[0].Line != 5 {
		t.Errorf("env %+v, want line 5", n.Env)
	}
	if len(n.Signatures) != 1 || n.Signatures[0].Line != 8 {
		t.Errorf("signatures %+v, want line 8", n.Signatures)
	}
	// CRLF files count the same lines.
	n2 := mustParse(t, "l.md", strings.ReplaceAll(in, "\n", "\r\n"))
	if n2.Env[0].Line != 5 || n2.Signatures[0].Line != 8 {
		t.Errorf("CRLF lines differ: %+v %+v", n2.Env, n2.Signatures)
	}
}

// listCase is a note and the facts one projection of it must list.
type listCase struct {
	name string
	in   string
	want []string
}

// runListCases parses each case's note and compares what project lists
// with want, in order, or as sets when unordered.
func runListCases(t *testing.T, cases []listCase, unordered bool, project func(*model.Note) []string) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, want := project(mustParse(t, "case.md", tc.in)), slices.Clone(tc.want)
			if unordered {
				slices.Sort(got)
				slices.Sort(want)
			}
			if !slices.Equal(got, want) {
				t.Errorf("got\n  %q\nwant\n  %q", got, want)
			}
		})
	}
}
