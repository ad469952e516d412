package notes

import (
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// TestKindStyles: notes written as records of what happened, without
// runbook headings, are runbooks; the same shapes without a failure are
// not.
func TestKindStyles(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"running log", "09:10 built main\n09:20 `bin/test_nvfuser --gtest_filter=FooTest.Bar` fails\n09:40 it is the cache\n\n```\n[  FAILED  ] FooTest.Bar (3 ms)\n```\n", model.KindRunbook},
		{"chat turns", "**ana** 10:01 AM\nthe matmul test crashes:\n\n```\nRuntimeError: CUDA error: an illegal memory access was encountered\n```\n\n**bo** 10:03 AM\nyes, known\n", model.KindRunbook},
		{"speaker turns", "> **dan**: the grad tests segfault on my box\n>\n> **ana**: which build?\n>\n> **dan**: main from today, it crashes in the segmenter\n", model.KindRunbook},
		{"e-mail", "Subject: ptxas fails on A100\nFrom: x\nTo: y\n\n```\nptxas fatal   : Ptx assembly aborted due to errors\n```\n", model.KindRunbook},
		{"bold issue template", "**Describe the bug**\n\nThe kernel fails to compile.\n\n**To Reproduce**\n\n`python repro.py`\n", model.KindRunbook},
		{"table of runs", "| run | result |\n| --- | --- |\n| 1 | NaN |\n| 2 | NaN |\n| 3 | ok |\n\n`AssertionError: Tensor-likes are not close!` in `test_foo`\n", model.KindRunbook},
		{"terse paragraph", "test_x crashes with \"CUDA error: misaligned address\" (tests/python/test_x.py::test_x). fixed in #12.\n", model.KindRunbook},
		{"log without a failure", "09:10 coffee\n09:20 read the scheduler code\n09:40 lunch\n", model.KindNotes},
		{"table without a failure", "| paper | year |\n| --- | --- |\n| a | 2020 |\n| b | 2021 |\n| c | 2022 |\n", model.KindNotes},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if n := mustParse(t, "k.md", tc.in); n.Kind != tc.want {
				t.Errorf("kind = %s, want %s (scores %+v)", n.Kind, tc.want, scoreKind(readDoc([]byte(n.Body), newLineIndex([]byte(n.Body), 0, 100)), n))
			}
		})
	}
}

// TestStatusAnywhere: status from explicit lines and from what the text
// says was done, wherever it is written.
func TestStatusAnywhere(t *testing.T) {
	base := "- `pytest tests/python/test_a.py::test_b` segfaults with SIGSEGV\n- crashes in the segmenter\n"
	tests := []struct {
		name, tail, want string
	}{
		{"status line", "- Status: resolved\n", model.StatusResolved},
		{"status open beats a workaround", "- workaround: skip it\n\nStatus: open\n", model.StatusOpen},
		{"status workaround", "Status: mitigated\n", model.StatusWorkaround},
		{"WORKAROUND line", "- WORKAROUND: NVFUSER_DISABLE=parallel_compile\n", model.StatusWorkaround},
		{"fix landed", "- fix landed in #1234\n", model.StatusResolved},
		{"merged as", "Merged as #5177.\n", model.StatusResolved},
		{"PR fixes line", "Fixes #5021.\n", model.StatusResolved},
		{"not found a workaround", "I have not found a workaround.\n", model.StatusOpen},
		{"no fix yet", "- no fix yet\n", model.StatusOpen},
		{"workaround then fix", "- workaround: skip it\n- fixed in #77\n", model.StatusResolved},
		{"negated fix", "- not fixed by #77\n", model.StatusOpen},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := mustParse(t, "s.md", base+tc.tail)
			if n.Kind != model.KindRunbook || n.Status != tc.want {
				t.Errorf("kind/status = %s/%s, want runbook/%s", n.Kind, n.Status, tc.want)
			}
		})
	}
}

// TestTestNames: every way a test is named.
func TestTestNames(t *testing.T) {
	runListCases(t, []listCase{
		{"pytest -k with a path", "`pytest /opt/x/Fuser/tests/python/test_ops.py -k \"index and half\"`", []string{"tests/python/test_ops.py -k index and half"}},
		{"python -m pytest -k without a path", "`python -m pytest -k test_cat -x`", []string{"test_cat"}},
		{"pytest -k placeholder", "`pytest tests/python/test_ops.py -k <NAME>`", nil},
		{"ctest -R", "```\nctest --test-dir build -R \"ResizeTest\" --output-on-failure\n```", []string{"ResizeTest"}},
		{"unittest id", "`python -m unittest tests.python.test_a.TestA.test_b`", []string{"tests.python.test_a.TestA.test_b"}},
		{"gtest binary with filter", "`bin/test_nvfuser --gtest_filter='MatmulTest.*:-MatmulTest.Slow*'`", []string{"MatmulTest.*:-MatmulTest.Slow*"}},
		{"named parameter", "fails in `HopperMatmulTest.HSH_NT/fp16_splitk`", []string{"HopperMatmulTest.HSH_NT/fp16_splitk"}},
		{"filter word in a sentence", "run with --gtest_filter per test", nil},
	}, true, func(n *model.Note) []string { return n.Tests })
}

// TestErrorSignatures: the error families nvFuser engineers paste are
// signatures of their own kind.
func TestErrorSignatures(t *testing.T) {
	runListCases(t, []listCase{
		{"compilers", "```\nRuntimeError: NVRTC compilation failed:\nk.cu(12): error: identifier \"f\" is undefined\nptxas fatal   : Ptx assembly aborted due to errors\nLLVM ERROR: Duplicate definition of symbol 'f'\nJIT session error: Symbols not found: [ f ]\n```",
			[]string{"compiler:RuntimeError: NVRTC compilation failed:", `compiler:k.cu(12): error: identifier "f" is undefined`, "compiler:ptxas fatal   : Ptx assembly aborted due to errors",
				"compiler:LLVM ERROR: Duplicate definition of symbol 'f'", "compiler:JIT session error: Symbols not found: [ f ]"}},
		{"cuda, oom, comm, mismatch", "```\nRuntimeError: CUDA error: misaligned address\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\nncclSystemError: System call failed\nMPI_ABORT was invoked on rank 1\nE   AssertionError: Tensor-likes are not close!\n```",
			[]string{"cuda:RuntimeError: CUDA error: misaligned address", "oom:torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.", "comm:ncclSystemError: System call failed",
				"comm:MPI_ABORT was invoked on rank 1", "mismatch:E   AssertionError: Tensor-likes are not close!"}},
		{"compute-sanitizer tools", "```\n========= Error: Race reported between Write access at k+0x10\n========= Barrier error detected. Divergent thread(s) in block\n========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)\n```",
			[]string{"sanitizer:========= Error: Race reported between Write access at k+0x10", "sanitizer:========= Barrier error detected. Divergent thread(s) in block", "sanitizer:========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)"}},
	}, true, func(n *model.Note) (got []string) {
		for _, s := range n.Signatures {
			got = append(got, s.Kind+":"+s.Text)
		}
		return got
	})
}

// TestRecordStyle: the shapes of a record of events, and look-alikes that
// are not.
func TestRecordStyle(t *testing.T) {
	tests := []struct {
		name, in string
		want     bool
	}{
		{"timestamps", "09:10 built\n\n[09:20] ran\n", true},
		{"one timestamp", "09:10 built\n", false},
		{"chat times", "**ana** 10:01 AM\nhi\n\n**bo** 10:02 AM\nhello\n", true},
		{"speaker turns", "dan: a\n\nana: b\n\ndan: c\n", true},
		{"labels are not speakers", "Note: a\n\nStatus: b\n\nWorkaround: c\n", false},
		{"one speaker", "dan: a\n\ndan: b\n\ndan: c\n", false},
		{"e-mail", "Subject: x\nFrom: y\n\nbody\n", true},
		{"quoted reply", "From: y\n\n> On Tue, Jan 13, Leah wrote:\n> hi\n", true},
		{"issue template", "### Describe the bug\n\nx\n", true},
		{"bold template", "**To Reproduce**\n\nx\n", true},
		{"table of runs", "| run | gpu |\n| --- | --- |\n| 1 | a |\n| 3 | b |\n| 5 | c |\n", true},
		{"table of outcomes", "| a | b |\n| --- | --- |\n| 1 | ok |\n| 3 | crash |\n| 5 | NaN |\n", true},
		{"table of numbers", "| a | b |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n", false},
		{"reference table", "| option | meaning |\n| --- | --- |\n| a | fails |\n| b | fails |\n| c | ok |\n", false},
		{"glossary is not a chat", "Associativity: a\n\nCommutativity: b\n\nIdentity: c\n\nInverse: d\n", false},
		{"small table", "| a | b |\n| --- | --- |\n| 1 | 2 |\n", false},
		{"prose", "We looked at the scheduler. It was fine.\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := []byte(tc.in)
			if got := recordStyle(readDoc(body, newLineIndex(body, 0, 100))); got != tc.want {
				t.Errorf("recordStyle = %v, want %v", got, tc.want)
			}
		})
	}
}
