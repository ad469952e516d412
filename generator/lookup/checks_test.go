package lookup

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// fixtureChecks are checks written for the tests: one whose error a
// fixture note quotes (reduction-smem-overflow quotes executor.cpp:812),
// one no note explains, and generic ones that only rarity keeps quiet.
func fixtureChecks() []*model.Check {
	cs := []*model.Check{
		{ID: "compilekernel-allocated-dynamic-shared-memory-exceeds-the", Macro: "NVF_ERROR", Kind: model.CheckInternal,
			Pieces: []string{"Allocated dynamic shared memory exceeds the device limit: requested ", " bytes, available ", ""}, Condition: "smem <= limit",
			Function: "compileKernel", Within: "compileKernel", Where: model.Location{File: "csrc/runtime/executor.cpp", Line: 810}, EndLine: 815},
		{ID: "validatevectorize-vectorized-accesses-cannot-be-inline-with", Macro: "NVF_ERROR", Kind: model.CheckInternal,
			Pieces: []string{"Vectorized accesses cannot be inline with computation: ", ""}, Condition: "def == nullptr || def->isA<LoadStoreOp>()",
			Function: "validateVectorize", Within: "validateVectorize", Where: model.Location{File: "csrc/device_lower/validation.cpp", Line: 1559}, EndLine: 1570},
		{ID: "revertprivatizedops-multiple-use-of-replicated-upcast-tensor", Macro: "NVF_ERROR", Kind: model.CheckInternal,
			Pieces: []string{"Multiple use of replicated upcast tensor found: ", ""}, Condition: "out->uses().size() == 1",
			Function: "revertPrivatizedOps", Within: "revertPrivatizedOps", Where: model.Location{File: "csrc/fusion_segmenter.cpp", Line: 4338}, EndLine: 4341},
		{ID: "handle-operator-tv-nullptr", Macro: "NVF_CHECK", Kind: model.CheckUser, Pieces: []string{""}, Condition: "tv != nullptr",
			Function: "operator()", Within: "handle", Where: model.Location{File: "csrc/device_lower/validation.cpp", Line: 40}, EndLine: 40},
	}
	cs = append(cs,
		&model.Check{ID: "compilefusionparallel-detected-exception-while-compiling-fusion-segments", Macro: "NVF_ERROR", Kind: model.CheckInternal,
			Pieces:    []string{"Detected exception while compiling fusion segments in parallel. Error messages from all threads are printed below.\n", ""},
			Caught:    []string{"Error from segmentation group {}:"},
			Condition: "thread_pool_error_message.empty()", Function: "compileFusionParallel", Within: "compileFusionParallel",
			Where: model.Location{File: "csrc/runtime/fusion_kernel_runtime.cpp", Line: 345}, EndLine: 349},
		&model.Check{ID: "traverse-bfs-traversal-could-not-visit-some-nodes", Macro: "NVF_THROW", Kind: model.CheckThrow,
			Pieces: []string{"BFS traversal could not visit some nodes: ", ""}, Function: "traverse", Within: "traverse",
			Where: model.Location{File: "csrc/bfs.h", Line: 261}, EndLine: 261},
		&model.Check{ID: "getinnerleafdim-merge-with-size-1-dimension-is", Macro: "NVF_ERROR", Kind: model.CheckInternal,
			Pieces: []string{"merge with size-1 dimension is supposed to be translated to squeeze by reshape"}, Condition: "!merge->inner()->extent()->isOneInt()",
			Function: "getInnerLeafDim", Within: "getInnerLeafDim", Where: model.Location{File: "csrc/scheduler/tools/domain_map.cpp", Line: 622}, EndLine: 624,
			FunctionChanges: []model.Event{{Commit: "aaaaaaaaaaaa1", Date: "2025-03-01", Version: "0.2.26", Subject: "Merge the “leaf” <dims> & co"}, {Commit: "bbbbbbbbbbbb2", Date: "2024-11-01", Version: "0.2.22"}}},
		&model.Check{ID: "isvalidreference-reference-is-not-valid", Macro: "NVF_ERROR", Kind: model.CheckInternal,
			Pieces: []string{"reference tensor is not valid for this fusion"}, Condition: "ok",
			Function: "isValidReference", Within: "isValidReference", Where: model.Location{File: "csrc/scheduler/tools/domain_map.cpp", Line: 499}, EndLine: 499},
		&model.Check{ID: "cuda-error-driver", Macro: "NVF_ERROR", Kind: model.CheckInternal, InMacro: "NVFUSER_CUDA_SAFE_CALL",
			Pieces: []string{"CUDA error: ", " failed with ", ""}, Condition: "_result != CUDA_SUCCESS",
			Where: model.Location{File: "csrc/cuda_utils.h", Line: 32}, EndLine: 37},
		&model.Check{ID: "cuda-error-runtime", Macro: "NVF_ERROR", Kind: model.CheckInternal, InMacro: "NVFUSER_CUDA_RT_SAFE_CALL",
			Pieces: []string{"CUDA error: ", " failed with error ", ""}, Condition: "_result == cudaSuccess",
			Where: model.Location{File: "csrc/cuda_utils.h", Line: 44}, EndLine: 49},
	)
	// One text raised at three sites: only a frame tells them apart.
	for i, site := range []struct{ file, fn string }{{"csrc/ops/arith.cpp", "castOp"}, {"csrc/ops/alias.cpp", "viewOp"}, {"csrc/python_frontend/translation.cpp", "handleCast"}} {
		cs = append(cs, &model.Check{ID: "twin-unsupported-dtype-" + string(rune('a'+i)), Macro: "NVF_CHECK", Kind: model.CheckUser,
			Pieces: []string{"Unsupported data type for this operation, expected a floating point or integral type: ", ""}, Condition: "isSupported(dtype)",
			Function: site.fn, Within: site.fn, Where: model.Location{File: site.file, Line: 50 + 10*i}, EndLine: 51 + 10*i})
	}
	for i := 0; i < 30; i++ {
		cs = append(cs, &model.Check{ID: "filler-" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Macro: "NVF_ERROR_EQ", Kind: model.CheckInternal,
			Pieces: []string{"Found ", " vs ", ". "}, Condition: "(a)==(b)", Function: "handle", Within: "handle",
			Where: model.Location{File: "csrc/device_lower/validation.cpp", Line: 100 + i}, EndLine: 100 + i})
	}
	return cs
}

func checkIndex(t testing.TB) *Index {
	idx := fixtureIndex(t)
	idx.Report = "https://github.com/NVIDIA/Fuser/issues/new"
	idx.CommitURL = "https://github.com/NVIDIA/Fuser/commit/"
	// The main line: 6eb2bc0 is in 0.2.24, as the version line says.
	idx.BuildCommits = BuildCommitsOf([]string{"1234567aaaa", "6eb2bc03b8c845a39683e60a5fdb97d295f306be", "7654321bbbb", "89abcdeffff"},
		[]model.Event{{Commit: "1234567aaaa", Version: "0.2.20"}, {Commit: "6eb2bc03b8c845a39683e60a5fdb97d295f306be", Version: "0.2.24"}, {Commit: "89abcdeffff", Version: "0.2.31"}})
	idx.WithChecks(fixtureChecks(), "https://h.test/errors/", map[string][]string{
		"reduction-smem-overflow": {"compilekernel-allocated-dynamic-shared-memory-exceeds-the"},
	})
	// Where two of them sat in past revisions: the vectorize check at
	// lines 799 and 801 of its file, the segmenter's in a file since
	// renamed.
	idx.WithPast(fixturePast())
	return idx
}

// fixturePast is where some of fixtureChecks sat in past revisions, and
// the removed checks: WithPast's arguments.
func fixturePast() ([]model.PastSpot, []model.RemovedCheck) {
	return []model.PastSpot{
			{File: "csrc/device_lower/validation.cpp", Line: 801, Check: "validatevectorize-vectorized-accesses-cannot-be-inline-with"},
			{File: "csrc/device_lower/validation.cpp", Line: 799, Check: "validatevectorize-vectorized-accesses-cannot-be-inline-with"},
			{File: "csrc/segmenter_old.cpp", Line: 77, Check: "revertprivatizedops-multiple-use-of-replicated-upcast-tensor"},
			{File: "csrc/gone.cpp", Line: 5, Check: "no-such-check"},
			{File: "csrc/scheduler/old_utils.cpp", Line: 33, Check: "getresolutionpointsof-could-not-resolve-persistent-buffer", Removed: true},
			// Line 499 of domain_map.cpp held the leaf-dim check in 0.2.20 to
			// 0.2.25, and holds the reference check since 0.2.30.
			{File: "csrc/scheduler/tools/domain_map.cpp", Line: 499, Check: "getinnerleafdim-merge-with-size-1-dimension-is", From: "0.2.20", To: "0.2.25"},
			{File: "csrc/scheduler/tools/domain_map.cpp", Line: 499, Check: "isvalidreference-reference-is-not-valid", From: "0.2.30", To: "0.2.31", Current: true},
		}, []model.RemovedCheck{
			{ID: "getresolutionpointsof-could-not-resolve-persistent-buffer", Function: "getResolutionPointsOf", Where: model.Location{File: "csrc/scheduler/old_utils.cpp", Line: 33}},
			{ID: "removed-without-a-past-line", Function: "x", Where: model.Location{File: "csrc/scheduler/old_utils.cpp", Line: 40}},
		}
}

// checkTexts are errors nvFuser's checks raise, in the shapes people paste.
var checkTexts = []struct{ name, text, first, second string }{
	{"python traceback, a note quotes the check", "Traceback (most recent call last):\n  File \"repro.py\", line 9, in <module>\nRuntimeError:  INTERNAL ASSERT FAILED at \"/opt/pytorch/nvfuser/csrc/runtime/executor.cpp\":812, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. \nExpected smem <= limit . Allocated dynamic shared memory exceeds the device limit: requested 300000 bytes, available 232448\n",
		"reduction-smem-overflow", "compilekernel-allocated-dynamic-shared-memory-exceeds-the"},
	{"C++ terminate, multi-line IR dump in the value", "terminate called after throwing an instance of 'nvfuser::nvfError'\n  what():   INTERNAL ASSERT FAILED at /w/Fuser/csrc/device_lower/validation.cpp:1566, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. \nExpected def == nullptr || def->isA<LoadStoreOp>() . Vectorized accesses cannot be inline with computation: T4_l_float[iS9{4}]\n   = T3_l_float[iS8{4}]\n   + T2_l_float[iS7{4}];\nException raised from validateVectorize at /w/Fuser/csrc/device_lower/validation.cpp:1566 (most recent call first):\nframe #0: nvfuser::nvfCheckFail(char const*, char const*, long, std::string const&) + 0x9a (0x7f in /usr/lib/libnvfuser_codegen.so)\n",
		"validatevectorize-vectorized-accesses-cannot-be-inline-with", ""},
	{"CI log with timestamps, an older line number", "2024-05-01T10:00:01.123Z E   RuntimeError: Multiple use of replicated upcast tensor found: T5_l and T6_l\n2024-05-01T10:00:01.124Z Exception raised from revertPrivatizedOps at /build/csrc/fusion_segmenter.cpp:4695 (most recent call first):\n",
		"revertprivatizedops-multiple-use-of-replicated-upcast-tensor", ""},
	{"older build whose line now holds another function's check", "RuntimeError:  INTERNAL ASSERT FAILED at \"/x/csrc/device_lower/validation.cpp\":105, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. Vectorized accesses cannot be inline with computation: T1\nException raised from validateVectorize at /x/csrc/device_lower/validation.cpp:105 (most recent call first):\n",
		"validatevectorize-vectorized-accesses-cannot-be-inline-with", ""},
	{"gdb stopped in nvfCheckFail", "Thread 1 hit Breakpoint 1, nvfuser::nvfCheckFail (func=0x5555 \"revertPrivatizedOps\", file=0x5556 \"/opt/pytorch/nvfuser/csrc/fusion_segmenter.cpp\", line=4690, msg=...) at exceptions.cpp:266",
		"revertprivatizedops-multiple-use-of-replicated-upcast-tensor", ""},
	{"frames only: the one after nvfErrorFail raised", "frame #0: nvfuser::nvfCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x7f (0x7f in /x/libnvfuser_codegen.so)\nframe #1: nvfuser::nvfErrorFail(char const*, char const*, unsigned int, char const*, std::string const&) + 0x5d\nframe #2: nvfuser::SegmentedFusion::revertPrivatizedOps() + 0x1e1 (0x7f in /x/libnvfuser_codegen.so)\n",
		"revertprivatizedops-multiple-use-of-replicated-upcast-tensor", ""},
	{"2024 format: the condition before INTERNAL ASSERT FAILED, older punctuation", "RuntimeError: out->uses().size() == 1 INTERNAL ASSERT FAILED at \"/opt/pytorch/nvfuser/csrc/fusion_segmenter.cpp\":4695, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. Multiple use of replicated upcast tensor found T5",
		"revertprivatizedops-multiple-use-of-replicated-upcast-tensor", ""},
	{"truncated paste with its frame", "RuntimeError: Multiple use of replicated upc\nException raised from revertPrivatizedOps at /x/csrc/fusion_segmenter.cpp:4338 (most",
		"revertprivatizedops-multiple-use-of-replicated-upcast-tensor", ""},
	{"an older build's line alone, resolved through the history", "RuntimeError:  INTERNAL ASSERT FAILED at \"/any/prefix/csrc/device_lower/validation.cpp\":799, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. \n",
		"validatevectorize-vectorized-accesses-cannot-be-inline-with", ""},
	{"an older build's line in a file renamed since", "Exception raised from revertPrivatizedOps at /w/csrc/segmenter_old.cpp:77 (most recent call first):",
		"revertprivatizedops-multiple-use-of-replicated-upcast-tensor", ""},
	{"a removed check's old line: its removed page", "RuntimeError:  INTERNAL ASSERT FAILED at \"/o/csrc/scheduler/old_utils.cpp\":33, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. Could not resolve persistent buffer: T3\nException raised from getResolutionPointsOf at /o/csrc/scheduler/old_utils.cpp:33 (most recent call first):",
		"getresolutionpointsof-could-not-resolve-persistent-buffer", ""},
	{"a removed check's function and its last wording, without its old line",
		"RuntimeError: Could not resolve persistent buffer: T20_g_float[bS85{1}]\nException raised from getResolutionPointsOf at /o/csrc/scheduler/old_utils.cpp:1544 (most recent call first):",
		"getresolutionpointsof-could-not-resolve-persistent-buffer", ""},
	{"a removed check's file and function without its old line: nothing", "Exception raised from getResolutionPointsOf at /o/csrc/scheduler/old_utils.cpp:34 (most recent call first):", "", ""},
	{"an older line, but the 2024 format prints another condition", "RuntimeError: h.has_value() INTERNAL ASSERT FAILED at \"/o/csrc/device_lower/validation.cpp\":799, please report a bug", "", ""},
	{"an older line, 2024 format, its own condition", "RuntimeError: def == nullptr || def->isA<LoadStoreOp>() INTERNAL ASSERT FAILED at \"/o/csrc/device_lower/validation.cpp\":801, please report a bug",
		"validatevectorize-vectorized-accesses-cannot-be-inline-with", ""},
	{"an older line, no message printed where the check has one", "RuntimeError:  INTERNAL ASSERT FAILED at \"/o/csrc/device_lower/validation.cpp\":799, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. \nException raised from handle at /o/csrc/device_lower/validation.cpp:799 (most recent call first):", "", ""},
	{"an older line, but the frame names another function", "Exception raised from somethingElse at /w/csrc/device_lower/validation.cpp:799 (most recent call first):", "", ""},
	{"wrapped: two inner errors, one result each in printed order, the wrapper after",
		"RuntimeError:  INTERNAL ASSERT FAILED at \"/w/csrc/runtime/fusion_kernel_runtime.cpp\":345, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. Detected exception while compiling fusion segments in parallel. Error messages from all threads are printed below.\n\nError from segmentation group 7:  INTERNAL ASSERT FAILED at \"/w/csrc/bfs.h\":261, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. BFS traversal could not visit some nodes: idg{1 2}\n\nError from segmentation group 9: Vectorized accesses cannot be inline with computation: T3\nException raised from validateVectorize at /w/csrc/device_lower/validation.cpp:1566 (most recent call first):\n",
		"traverse-bfs-traversal-could-not-visit-some-nodes", "validatevectorize-vectorized-accesses-cannot-be-inline-with"},
	{"an older build named by its version line: the line at that build",
		"FAILED test_networks.py - RuntimeError:  INTERNAL ASSERT FAILED at \"/workspace/Fuser/csrc/scheduler/tools/domain_map.cpp\":499, please report a bug with repro script to NVFuser at https://git\n# nvfuser version: 0.2.24+git6eb2bc0\n",
		"getinnerleafdim-merge-with-size-1-dimension-is", ""},
	{"an older build named by its commit alone: the line at the commit's version",
		"$ git -C /workspace/Fuser rev-parse HEAD\n6eb2bc03b8c845a39683e60a5fdb97d295f306be\nRuntimeError:  INTERNAL ASSERT FAILED at \"/workspace/Fuser/csrc/scheduler/tools/domain_map.cpp\":499, please report a bug\n",
		"getinnerleafdim-merge-with-size-1-dimension-is", ""},
	{"a commit the main line does not hold: today's check, and said so",
		"RuntimeError:  INTERNAL ASSERT FAILED at \"/workspace/Fuser-abcdef1/csrc/scheduler/tools/domain_map.cpp\":499, please report a bug\n",
		"isvalidreference-reference-is-not-valid", ""},
	{"the same line without a version: today's check",
		"FAILED test_networks.py - RuntimeError:  INTERNAL ASSERT FAILED at \"/workspace/Fuser/csrc/scheduler/tools/domain_map.cpp\":499, please report a bug with repro script to NVFuser at https://git\n",
		"isvalidreference-reference-is-not-valid", ""},
	{"twins: the driver API's spelling", "RuntimeError:  INTERNAL ASSERT FAILED at /w/csrc/runtime/executor.cpp:1200, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. \nExpected _result != CUDA_SUCCESS . CUDA error: CUDA_ERROR_ILLEGAL_ADDRESS failed with an illegal memory access was encountered\n", "cuda-error-driver", ""},
	{"twins: the runtime API's spelling", "Expected _result == cudaSuccess . CUDA error: cudaErrorInvalidResourceHandle failed with error invalid resource handle\n", "cuda-error-runtime", ""},
	{"twins nothing decides: the text alone", "RuntimeError: Unsupported data type for this operation, expected a floating point or integral type: Float8_e8m0fnu\n", "twin-unsupported-dtype-a", "twin-unsupported-dtype-b"},
	{"twins a frame decides", "RuntimeError: Unsupported data type for this operation, expected a floating point or integral type: Float8_e8m0fnu\nException raised from viewOp at /w/csrc/ops/alias.cpp:60 (most recent call first):\n", "twin-unsupported-dtype-b", ""},
	{"generic boilerplate only", "RuntimeError:  INTERNAL ASSERT FAILED at /x/csrc/other.cpp:5, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. \nExpected tv != nullptr . \nframe #0: nvfuser::nvfCheckFail(char const*, char const*, long, std::string const&)", "", ""},
	{"an error nvFuser did not raise", "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 GiB", "", ""},
}

func TestRankWithChecks(t *testing.T) {
	idx := checkIndex(t)
	for _, c := range checkTexts {
		got := idx.Rank(c.text)
		var ids []string
		for _, m := range got {
			ids = append(ids, m.ID+"("+m.Kind+")")
		}
		switch {
		case c.first == "":
			for _, m := range got {
				if m.Kind == "check" {
					t.Errorf("%s: matched check %s (%v); want none", c.name, m.ID, m.Evidence)
				}
			}
		case len(got) == 0 || got[0].ID != c.first:
			t.Errorf("%s: got %v, want %s first", c.name, ids, c.first)
		case c.second != "" && (len(got) < 2 || got[1].ID != c.second || got[1].Kind != "check"):
			t.Errorf("%s: got %v, want the check %s beside the note", c.name, ids, c.second)
		}
		if c.first != "" && len(got) > 0 && got[0].Check == "" {
			t.Errorf("%s: the first result names no check", c.name)
		}
		if c.first != "" && len(got) > 0 && !got[0].Claimed() {
			t.Errorf("%s: the first result is only %s (%s)", c.name, got[0].Level, got[0].How)
		}
	}
}

// TestWrappedAndVersioned: what the lookup says beside the check — the
// wrapper around an inner error, the build it resolved against, how it
// matched and how sure it is.
func TestWrappedAndVersioned(t *testing.T) {
	idx := checkIndex(t)
	byName := map[string]string{}
	for _, c := range checkTexts {
		byName[c.name] = c.text
	}
	got := idx.Rank(byName["wrapped: two inner errors, one result each in printed order, the wrapper after"])
	if len(got) < 3 || got[0].Wrapper != "compilefusionparallel-detected-exception-while-compiling-fusion-segments" ||
		got[1].Wrapper != got[0].Wrapper || got[2].ID != got[0].Wrapper || got[2].Claimed() {
		t.Errorf("wrapped: %+v", got)
	}
	got = idx.Rank(byName["an older build named by its version line: the line at that build"])
	if len(got) == 0 || got[0].Build != "0.2.24+git6eb2bc0" || got[0].How != HowBuild || got[0].Level != LevelRaised {
		t.Errorf("versioned: %+v", got)
	}
	// What happened since 0.2.24: moved, and changed in 0.2.26 (not the
	// 0.2.22 change, which the build had).
	if want := []string{"moved: csrc/scheduler/tools/domain_map.cpp:499 in 0.2.24, csrc/scheduler/tools/domain_map.cpp:622 now"}; len(got) == 0 || !reflect.DeepEqual(got[0].Since, want) {
		t.Errorf("since: %q, want %q", got[0].Since, want)
	}
	wantChanges := []SinceChange{{Commit: "aaaaaaaaa", Date: "2025-03-01", Version: "0.2.26", Subject: "Merge the “leaf” <dims> & co", URL: "https://github.com/NVIDIA/Fuser/commit/aaaaaaaaa"}}
	if len(got) == 0 || !reflect.DeepEqual(got[0].Changes, wantChanges) {
		t.Errorf("changes since: %+v, want %+v", got[0].Changes, wantChanges)
	} else if s, want := got[0].Changes[0].String(), "changed: Merge the “leaf” <dims> & co (2025-03-01, 0.2.26, aaaaaaaaa)"; s != want {
		t.Errorf("changes since, as text: %q, want %q", s, want)
	}
	// The commit alone: its version from the main line, said so.
	got = idx.Rank(byName["an older build named by its commit alone: the line at the commit's version"])
	if len(got) == 0 || got[0].Build != "0.2.24+git6eb2bc03b" || got[0].How != HowBuild ||
		got[0].BuildVia != "version 0.2.24 from the history: commit 6eb2bc03b is on nvFuser's main line in 0.2.24" || len(got[0].Changes) != 1 {
		t.Errorf("commit alone: %+v", got)
	}
	got = idx.Rank(byName["a commit the main line does not hold: today's check, and said so"])
	if len(got) == 0 || got[0].Build != "commit abcdef1" || !strings.Contains(got[0].BuildVia, "not on nvFuser's main line") {
		t.Errorf("commit off the main line: %+v", got)
	}
	// The version field overrides the paste: at 0.2.31 today's check.
	got = idx.RankFor(byName["an older build named by its version line: the line at that build"], "0.2.31")
	if len(got) == 0 || got[0].ID != "isvalidreference-reference-is-not-valid" || got[0].Build != "0.2.31" {
		t.Errorf("version field: %+v", got)
	}
	// A setting with no match: offered, never put first as the answer.
	for _, m := range idx.Rank("NVFUSER_DUMP=fusion_ir python x.py\nSegmentation fault (core dumped)\n") {
		if m.Claimed() {
			t.Errorf("no check matched, yet %s is claimed (%s)", m.ID, m.How)
		}
	}
}

// TestChecksRarity: the nvfCheckFail frame every nvFuser error carries
// weighs less once the checks are in the index.
func TestChecksRarity(t *testing.T) {
	plain, with := fixtureIndex(t), checkIndex(t)
	for f, v := range plain.IDF {
		if strings.Contains(f, "nvfCheckFail") && with.IDF[f] >= v {
			t.Errorf("%s: idf %v with checks, %v without", f, with.IDF[f], v)
		}
	}
}

// TestBrowserPortAgreesOnChecks runs lookup.js on the index with checks.
func TestBrowserPortAgreesOnChecks(t *testing.T) {
	var inputs, texts []string
	for _, c := range checkTexts {
		inputs, texts = append(inputs, c.name), append(texts, c.text)
	}
	for _, c := range settingTexts {
		inputs, texts = append(inputs, c.name), append(texts, c.text)
	}
	pieces := []string{"please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. ", "validateVectorize",
		"\nError from segmentation group 3: ", "Error from segmentation group 12:", "# nvfuser version: 0.2.24+git6eb2bc0\n", "nvfuser: 0.2.31\n", "nvfuser-0.2.10-py3.10.egg", "/csrc/scheduler/tools/domain_map.cpp:499",
		"BFS traversal could not visit some nodes: ", "Detected exception while compiling fusion segments in parallel. Error messages from all threads are printed below.", "/csrc/bfs.h\":261", "CUDA error: ", "CUDA_ERROR_INVALID_VALUE", "cudaErrorNoDevice", " failed with error ", "merge with size-1 dimension", ":799 ", "/o/csrc/scheduler/old_utils.cpp:33", "getResolutionPointsOf", "NVFUSER_DUMP=fusion_ir,debug_info ", "NVFUSER_NUM_THREADS=4 ", "PYTORCH_NVFUSER_ENABLE=kernel_lineinfo", "Multiple use of replicated upcast tensor found: ", "T5", "\n", "Exception raised from ", "revertPrivatizedOps", "operator()", " at ",
		"/opt/x/csrc/fusion_segmenter.cpp", ":4338", ":12", "fusion_segmenter.cpp", " INTERNAL ASSERT FAILED at ", "\"csrc/device_lower/validation.cpp\"", ":40",
		"Expected ", "tv != nullptr", " . ", "Found 3 vs 4. ", "Vectorized accesses cannot be inline", " with computation: ", "\x1b[31m", "\u00a0", "\t", "ÄÖ", "(most recent call first):",
		"frame #1: nvfuser::nvfErrorFail(", "frame #2: nvfuser::SegmentedFusion::revertPrivatizedOps() const + 0x1", "frame #0: nvfuser::nvfCheckFail(char const*) + 0x9\n",
		`func=0x55 "revertPrivatizedOps", file=0x56 "/opt/csrc/fusion_segmenter.cpp", line=4338, `, `msg="x INTERNAL ASSERT FAILED at \"/opt/x/csrc/fusion_segmenter.cpp\":4338`,
		"tv != nullptr INTERNAL ASSERT FAILED at ", "found, T5", ":799", ":801", "csrc/segmenter_old.cpp:77", "segmenter_old.cpp", ":77", "h.has_value() INTERNAL ASSERT FAILED at ", ", ", "Allocated dynamic shared memory", "Multiple use of replicated", "Could not resolve persistent buffer: ", "could not  RESOLVE persistent", "Unsupported data type for this operation, expected a floating point or integral type: ", "Exception raised from viewOp at /w/csrc/ops/alias.cpp:60 ", "alias.cpp"}
	seed := uint32(11)
	for i := 0; i < 300; i++ {
		var b strings.Builder
		for j := 0; j < 10; j++ {
			seed = seed*1664525 + 1013904223
			b.WriteString(pieces[int(seed>>8)%len(pieces)])
		}
		texts = append(texts, b.String())
		inputs = append(inputs, "generated check text")
	}
	out := compareWithBrowser(t, checkIndex(t), inputs, texts)
	if !strings.Contains(out, `"kind":"check"`) || !strings.Contains(out, "quotes:") {
		t.Error("no check was matched or quoted: the comparison proved nothing")
	}
	if !strings.Contains(out, `"kind":"variable"`) || !strings.Contains(out, `"set:NVFUSER_DUMP=fusion_ir,debug_info"`) {
		t.Error("no text set an option or a variable beside a match; the settings went untested")
	}
	for _, want := range []string{`"twins":[{"id":"twin-unsupported-dtype-a"`, "past:", "build:", "wording:", `"since":["moved: `, `"changes":[{"commit":"aaaaaaaaa","date":"2025-03-01","version":"0.2.26","subject":"Merge the “leaf” <dims> & co","url":"https://github.com/NVIDIA/Fuser/commit/aaaaaaaaa"}]`, `"wrapper":`, `"build_via":"version 0.2.24 from the history`, `"build_via":"commit abcdef1 is not`, `"level":"raised"`, `"level":"probably"`, `"level":"related"`, "spelling:", `"build":"0.2.24+git6eb2bc0"`} {
		if !strings.Contains(out, want) {
			t.Errorf("no result carried %s: the comparison proved nothing about it", want)
		}
	}
	if !strings.Contains(out, `"report":"https://github.com/NVIDIA/Fuser/issues/new?title=`) {
		t.Error("no report link was built: the comparison proved nothing about them")
	}
	// A build given in the version field, as `gen lookup --version` and
	// the page's field give it, over the same texts.
	compareWithBrowserAt(t, checkIndex(t), inputs, texts, "0.2.10")
}

// TestWrappersFromChecks: a paste is cut where the checks' own sources
// say a wrapper prints each caught error, and nowhere else: a checkout
// whose wrapper prints another text (with characters an expression
// would read as operators) cuts at that text; one with no wrapper cuts
// nothing. Both front ends agree.
func TestWrappersFromChecks(t *testing.T) {
	const inner = " INTERNAL ASSERT FAILED at \"/w/csrc/bfs.h\":261, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. BFS traversal could not visit some nodes: idg{1 2}\n"
	const vec = "Vectorized accesses cannot be inline with computation: T3\nException raised from validateVectorize at /w/csrc/device_lower/validation.cpp:1566 (most recent call first):\n"
	other := func(caught []string) *Index {
		cs := fixtureChecks()
		for _, c := range cs {
			if c.Caught != nil {
				c.Caught = caught
			}
		}
		idx := fixtureIndex(t)
		idx.WithChecks(cs, "https://h.test/errors/", nil)
		return idx
	}
	wrapped := func(marker string) string {
		return "RuntimeError:  INTERNAL ASSERT FAILED at \"/w/csrc/runtime/fusion_kernel_runtime.cpp\":345, please report a bug with repro script to NVFuser at https://github.com/NVIDIA/Fuser/issues. Detected exception while compiling fusion segments in parallel. Error messages from all threads are printed below.\n\n" +
			strings.ReplaceAll(marker, "N", "7") + " " + inner + "\n" + strings.ReplaceAll(marker, "N", "9") + " " + vec
	}
	for _, c := range []struct {
		name   string
		idx    *Index
		text   string
		inners int
	}{
		{"the segmentation wrapper", checkIndex(t), wrapped("Error from segmentation group N:"), 2},
		{"another wrapper's text", other([]string{"Worker ({}) failed [pool.*]:"}), wrapped("Worker (N) failed [pool.*]:"), 2},
		{"another wrapper's text, the segmentation marker pasted", other([]string{"Worker ({}) failed [pool.*]:"}), wrapped("Error from segmentation group N:"), 0},
		{"no wrapper in the checkout", other(nil), wrapped("Error from segmentation group N:"), 0},
	} {
		n := 0
		for _, m := range c.idx.Rank(c.text) {
			if m.Wrapper != "" && m.Kind == "check" {
				n++
			}
		}
		if n != c.inners {
			t.Errorf("%s: %d inner errors found, want %d", c.name, n, c.inners)
		}
		out := compareWithBrowser(t, c.idx, []string{c.name}, []string{c.text})
		if (c.inners > 0) != strings.Contains(out, `"wrapper":`) {
			t.Errorf("%s: the browser's results disagree on wrapping: %s", c.name, out)
		}
	}
}

// TestTwinsUndecided: one text raised at several sites, and nothing in the
// paste chooses: the first result says so (probably, not raised) and lists
// every site; a frame that chooses lists none.
func TestTwinsUndecided(t *testing.T) {
	idx := checkIndex(t)
	byName := map[string]string{}
	for _, c := range checkTexts {
		byName[c.name] = c.text
	}
	got := idx.Rank(byName["twins nothing decides: the text alone"])
	if len(got) == 0 || got[0].Level != LevelProbably || len(got[0].Twins) != 3 {
		t.Fatalf("undecided twins: %+v", got)
	}
	want := []Site{{ID: "twin-unsupported-dtype-a", URL: "https://h.test/errors/twin-unsupported-dtype-a/", File: "csrc/ops/arith.cpp", Line: 50, Fn: "castOp"},
		{ID: "twin-unsupported-dtype-b", URL: "https://h.test/errors/twin-unsupported-dtype-b/", File: "csrc/ops/alias.cpp", Line: 60, Fn: "viewOp"},
		{ID: "twin-unsupported-dtype-c", URL: "https://h.test/errors/twin-unsupported-dtype-c/", File: "csrc/python_frontend/translation.cpp", Line: 70, Fn: "handleCast"}}
	if !reflect.DeepEqual(got[0].Twins, want) {
		t.Errorf("sites: %+v, want %+v", got[0].Twins, want)
	}
	for _, m := range got[1:] {
		if len(m.Twins) > 0 {
			t.Errorf("%s lists the sites again", m.ID)
		}
	}
	got = idx.Rank(byName["twins a frame decides"])
	if len(got) == 0 || got[0].ID != "twin-unsupported-dtype-b" || got[0].Level != LevelRaised || len(got[0].Twins) != 0 {
		t.Errorf("a frame decides: %+v", got)
	}
}
