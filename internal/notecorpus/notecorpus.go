// Package notecorpus is a corpus of investigation notes and pasted errors
// written by the team for tests: notes in the styles engineers really use
// (running logs, bullet field notes, issue templates, chat and e-mail
// threads, tables of runs, headed runbooks, guides, PR descriptions,
// one-paragraph notes, Q&A, postmortems), each about a plausible nvFuser
// failure, and error texts pasted from other runs of those failures
// (other paths, lines, addresses, counts, ids and surrounding noise) plus
// errors no note explains.
//
// The notes parser checks every note's kind, status and tests against
// Notes and keeps the rest of its facts as golden files (golden/); the
// error lookup ranks every case in Cases and writes its precision and
// recall to docs/lookup-quality.md.
package notecorpus

import (
	"path/filepath"
	"runtime"
)

// Dir is the corpus folder: notes/ holds the notes, errors/ the pasted
// errors, golden/ the notes' extracted facts.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}

// Note is what a corpus note must come out as.
type Note struct {
	File   string   // under notes/
	Style  string   // how it is written
	Kind   string   // runbook, guide, notes
	Status string   // runbooks only
	Tests  []string // every test it names, sorted
}

// Notes lists every corpus note with its expected classification.
var Notes = []Note{
	{"bullets-initcheck-zero-fill.md", "bullet field notes", "runbook", "open", []string{"tests/python/test_ops.py -k test_index_select and float16"}},
	{"bullets-nccl-timeout.md", "bullet field notes", "runbook", "workaround", []string{"tests/python/multidevice/test_communication.py::test_allgather_bf16"}},
	{"bullets-tsan-parallel-compile.md", "bullet field notes", "runbook", "resolved", []string{"NVFuserTest.FusionSegmentManyGroups_CUDA"}},
	{"chat-faulthandler-thunder.md", "chat transcript", "runbook", "resolved", []string{"/opt/pytorch/lightning-thunder/thunder/tests/test_grad.py -k test_vjp_correctness and sdpa and nvfuser"}},
	{"chat-illegal-address-matmul.md", "chat transcript", "runbook", "workaround", []string{"HopperMatmulTest.HSH_NT_UseScheduler/4"}},
	{"email-mpi-ucc-init.md", "e-mail thread", "runbook", "open", []string{"PipelineTest.Pipeline"}},
	{"email-ubsan-shift.md", "e-mail thread", "runbook", "workaround", []string{"PointwiseTest.VectorizeWithExpandedBroadcast*"}},
	{"howto-memcheck-kernels.md", "how-to guide", "guide", "", nil},
	{"howto-oom-triage.md", "how-to guide", "guide", "", nil},
	{"issue-nvrtc-bf16-intrinsic.md", "issue template", "runbook", "open", []string{"tests/python/test_python_frontend.py::TestNvFuserFrontend::test_cast_bf16_sm75"}},
	{"issue-oom-segmenter.md", "issue template", "runbook", "resolved", []string{"benchmarks/python/test_rope.py::test_rope_fwd_benchmark[llama_3_8B-32768]"}},
	{"issue-ptxas-register-spill.md", "issue template", "runbook", "workaround", []string{"OuterReductionTest", "OuterReductionTest.GridOuterWelford/fp32_8192x4096"}},
	{"log-orc-jit-symbol.md", "running log", "runbook", "resolved", []string{"HostIrJitTest.LaunchKernelMatmul"}},
	{"log-racecheck-smem-reuse.md", "running log", "runbook", "workaround", []string{"PersistentBufferTest.SmemReuseLayerNorm*", "PersistentBufferTest.SmemReuseLayerNorm/bf16"}},
	{"postmortem-welford-nan.md", "postmortem", "runbook", "resolved", []string{"NVFuserTest.FusionGroupedGridWelfordOuterOpt_CUDA"}},
	{"pr-cuda-driver-context.md", "PR description", "runbook", "resolved", []string{"tests/python/test_multithreading.py::test_fusion_from_new_thread"}},
	{"pr-synccheck-barrier.md", "PR description", "runbook", "resolved", []string{"WelfordTest.*", "WelfordTest.GridPersistentOuter*"}},
	{"qa-ptxas-unsupported-arch.md", "Q&A", "runbook", "workaround", nil},
	{"reading-list-scheduling.md", "reading list", "notes", "", nil},
	{"runbook-asan-segment-group-uaf.md", "headed runbook", "runbook", "resolved", []string{"tests/python/test_python_frontend.py::TestNvFuserFrontend::test_segment_merge_reorder"}},
	{"runbook-gdb-id-model-abort.md", "headed runbook", "runbook", "open", []string{"tests.python.test_schedule_ops.TestScheduleOps.test_inline_most_broadcast"}},
	{"runbook-lldb-cache-deserialize.md", "headed runbook", "runbook", "workaround", nil},
	{"table-flaky-parallel-ctest.md", "table of runs", "runbook", "workaround", []string{"AliasTest.ReuseBufferAcrossSegments", "ResizeTest.SliceManyInputs", "test_nvfuser"}},
	{"table-tensor-not-close.md", "table of runs", "runbook", "open", []string{"tests/python/test_normalization.py::test_rms_norm_bwd[bfloat16-4096]"}},
	{"terse-cudnn-sdpa-nan.md", "one-paragraph note", "runbook", "open", []string{"tests/python/test_sdpa.py -k causal and bfloat16"}},
	{"terse-llvm-orc-duplicate.md", "one-paragraph note", "runbook", "workaround", []string{"HostIrEvaluatorTest.*"}},
	{"terse-misaligned-vectorize.txt", "one-paragraph note", "runbook", "resolved", []string{"tests/python/test_resize.py::test_slice_vectorize_unaligned"}},
}

// Case is one pasted error under errors/ and the id of the note that
// explains it, "" when no note does and the lookup must return nothing.
type Case struct {
	File string
	Want string
}

// Cases are the lookup's test inputs. Each related case differs from what
// its note quotes (other paths, line numbers, addresses, counts, kernel
// and tensor ids, test parameters, surrounding log noise); the unrelated
// ones share vocabulary with nvFuser errors without being explained by
// any note.
var Cases = []Case{
	{"asan-merge-nodes.txt", "runbook-asan-segment-group-uaf"},
	{"asan-summary-only.txt", "runbook-asan-segment-group-uaf"},
	{"driver-invalid-context.txt", "pr-cuda-driver-context"},
	{"faulthandler-thunder.txt", "chat-faulthandler-thunder"},
	{"gdb-id-model.txt", "runbook-gdb-id-model-abort"},
	{"id-model-assert.txt", "runbook-gdb-id-model-abort"},
	{"illegal-address-hopper.txt", "chat-illegal-address-matmul"},
	{"initcheck-index-select.txt", "bullets-initcheck-zero-fill"},
	{"lldb-deserialize.txt", "runbook-lldb-cache-deserialize"},
	{"memcheck-vectorized-write.txt", "howto-memcheck-kernels"},
	{"misaligned-slice.txt", "terse-misaligned-vectorize"},
	{"mpi-abort.txt", "email-mpi-ucc-init"},
	{"nccl-system-error.txt", "bullets-nccl-timeout"},
	{"nccl-watchdog.txt", "bullets-nccl-timeout"},
	{"nvrtc-bf16.txt", "issue-nvrtc-bf16-intrinsic"},
	{"oom-ctest-shard.txt", "table-flaky-parallel-ctest"},
	{"oom-rope.txt", "issue-oom-segmenter"},
	{"orc-duplicate.txt", "terse-llvm-orc-duplicate"},
	{"orc-materialize.txt", "log-orc-jit-symbol"},
	{"orc-python.txt", "log-orc-jit-symbol"},
	{"orc-session-error.txt", "terse-llvm-orc-duplicate"},
	{"ptxas-shared-data.txt", "issue-ptxas-register-spill"},
	{"ptxas-sm120.txt", "qa-ptxas-unsupported-arch"},
	{"racecheck-bare.txt", "log-racecheck-smem-reuse"},
	{"racecheck-layernorm-fp16.txt", "log-racecheck-smem-reuse"},
	{"sdpa-nan.txt", "terse-cudnn-sdpa-nan"},
	{"synccheck-welford.txt", "pr-synccheck-barrier"},
	{"tensor-not-close-rms.txt", "table-tensor-not-close"},
	{"tsan-compile-kernel.txt", "bullets-tsan-parallel-compile"},
	{"tsan-noisy-log.txt", "bullets-tsan-parallel-compile"},
	{"ubsan-shift.txt", "email-ubsan-shift"},
	{"ucc-init.txt", "email-mpi-ucc-init"},
	{"welford-nan-gtest.txt", "postmortem-welford-nan"},
	{"unrelated-asan-stack-overflow.txt", ""},
	{"unrelated-bare-oom.txt", ""},
	{"unrelated-other-assert.txt", ""},
	{"unrelated-other-nvfusertest.txt", ""},
	{"unrelated-pytest-segfault.txt", ""},
	{"unrelated-cmake.txt", ""},
	{"unrelated-cuda-no-device.txt", ""},
	{"unrelated-docker.txt", ""},
	{"unrelated-http.txt", ""},
	{"unrelated-java-npe.txt", ""},
	{"unrelated-keyerror.txt", ""},
	{"unrelated-libcudart.txt", ""},
	{"unrelated-local-read-cub.txt", ""},
	{"unrelated-module-not-found.txt", ""},
	{"unrelated-pytest-assert.txt", ""},
	{"unrelated-rust-panic.txt", ""},
	{"unrelated-segfault-aout.txt", ""},
	{"unrelated-typeerror.txt", ""},
}
