// Package lookup matches an error message to the runbooks that explain it.
//
// Both the `gen lookup` command and the browser's /lookup/ page use this
// algorithm; static/js/lookup.js is a line-for-line port and a test runs
// both on the same inputs. Change them together.
//
// An error text and every note's signatures are reduced to features
// (qualified symbols, source file names, sanitizer kinds, signals, test
// names, message word pairs) after normalisation removes what differs
// between machines and runs: ANSI colour, absolute path prefixes, line
// numbers, hex addresses, thread ids, tensor and domain numbers, template
// arguments. A note scores the sum, over shared features, of the feature's
// kind weight times its inverse document frequency, so a symbol found in one
// note counts far more than "SIGSEGV", found in many. Error classes (NVRTC,
// ptxas, ORC JIT, CUDA, NCCL/UCC/MPI, OOM, tensor mismatches) say what
// went wrong but not where, so, like signals, they never claim a match
// alone. Beside the features, a BM25 score over each note's words (text.go)
// adds what the note's own text shares with the error.
package lookup

import (
	"regexp"
	"strings"
)

var (
	reANSI = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)
	reHex  = regexp.MustCompile(`0x[0-9a-fA-F]+`)
	reURL  = regexp.MustCompile(`https?://[^ \t\n\f\r\v"'<>]+`)
	// A source file, optionally with a directory prefix and :line[:col].
	reFile = regexp.MustCompile(`(?:[A-Za-z0-9_.~+-]*/)*([A-Za-z0-9_+-]+\.(?:cpp|cc|cuh|cu|hpp|h|py))(?::[0-9]+)*`)
	// Template argument lists and parameter lists, innermost first.
	reAngle = regexp.MustCompile(`<[^<>]*>`)
	reParen = regexp.MustCompile(`\([^()]*\)`)
	reQual  = regexp.MustCompile(`[A-Za-z_~][A-Za-z0-9_]*(?:::[A-Za-z_~][A-Za-z0-9_]*)+`)
	reASan  = regexp.MustCompile(`(?i)(Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer:?[ \t]+([a-z][a-z-]+)`)
	reCSan  = regexp.MustCompile(`(?i)(Invalid __(?:global|shared|local)__ (?:read|write)|Race reported|uninitialized __global__ memory read|Barrier error)`)
	// UBSan: "file.cpp:12:3: runtime error: shift exponent 64 is too large"
	reUBSan = regexp.MustCompile(`runtime error: ([a-z]+ [a-z]+)`)
	// The sanitizer patterns' literals (see errClasses.lits).
	reASanLits  = []string{"anitizer"}
	reCSanLits  = []string{"invalid __", "race reported", "uninitialized __global__ memory read", "barrier error"}
	reUBSanLits = []string{"runtime error: "}
	// A gtest suite named through a filter: "WelfordTest.*", "Suite.Name*".
	reSuite = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*Test[A-Za-z0-9_]*)\.[A-Za-z0-9_]*\*`)
	reTestP = regexp.MustCompile(`\b(test_[A-Za-z0-9_]+)`)
	reTestG = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*Test[A-Za-z0-9_]*)\.([A-Za-z0-9_]+)`)
	reExc   = regexp.MustCompile(`\b([A-Z][A-Za-z]*(?:Error|Exception))\b`)
	reWord  = regexp.MustCompile(`[a-z][a-z_]+`)
	reDigit = regexp.MustCompile(`[0-9]+`)
)

// errClasses name the families of error message nvFuser engineers paste,
// so that two runs of one failure meet however their details differ. A
// pattern with a group adds what it captured ("err:cuda:misaligned
// address"). Both front ends apply them in this order.
var errClasses = []struct {
	name string
	re   *regexp.Regexp
	// lits are words one of which every match of re holds, as written
	// (lowered, with fold, for a case-insensitive re): a line holding none
	// is not tried (the patterns run on every line of every check).
	// TestErrClassLiterals and FuzzErrClassLiterals hold them to re.
	lits []string
	fold bool
}{
	{"nvrtc", regexp.MustCompile(`NVRTC compilation failed|\.cu\([0-9]+\): error`), []string{"NVRTC compilation failed", ".cu("}, false},
	{"nvrtc-undefined", regexp.MustCompile(`error: identifier "[^"]*" is undefined`), []string{"error: identifier"}, false},
	{"ptxas", regexp.MustCompile(`ptxas (?:error|fatal)|ptxas failed`), []string{"ptxas "}, false},
	{"ptxas-shared-data", regexp.MustCompile(`uses too much shared data`), []string{"uses too much shared data"}, false},
	{"ptxas-gpu-name", regexp.MustCompile(`is not defined for option 'gpu-name'`), []string{"'gpu-name'"}, false},
	{"llvm", regexp.MustCompile(`LLVM ERROR`), []string{"LLVM ERROR"}, false},
	{"orc", regexp.MustCompile(`JIT session error|Failed to materialize symbols|Symbols not found: \[`), []string{"JIT session error", "Failed to materialize symbols", "Symbols not found: ["}, false},
	{"orc-duplicate", regexp.MustCompile(`Duplicate definition of symbol`), []string{"Duplicate definition of symbol"}, false},
	{"cuda", regexp.MustCompile(`CUDA error: ([a-z][a-z ]*[a-z])`), []string{"CUDA error: "}, false},
	{"cuda-driver", regexp.MustCompile(`\b(CUDA_ERROR_[A-Z_]+)`), []string{"CUDA_ERROR_"}, false},
	{"cuda-runtime", regexp.MustCompile(`\b(cudaError[A-Z][A-Za-z]+)`), []string{"cudaError"}, false},
	// Lowered literals of a case-insensitive pattern avoid "k" and "s":
	// (?i) also matches the Kelvin sign and the long s, which lower-casing
	// leaves alone.
	{"oom", regexp.MustCompile(`(?i)out of memory|OutOfMemoryError`), []string{"out of memory", "outofmemory"}, true},
	{"nccl", regexp.MustCompile(`NCCL error|\b(nccl[A-Z][a-z]+Error)\b`), []string{"NCCL error", "nccl"}, false},
	{"nccl-timeout", regexp.MustCompile(`Watchdog caught collective operation timeout`), []string{"Watchdog caught collective operation timeout"}, false},
	{"ucc", regexp.MustCompile(`\bUCC\s+ERROR|\bucc_[a-z_]+ (?:returned|failed)`), []string{"UCC", "ucc_"}, false},
	{"mpi-abort", regexp.MustCompile(`MPI_ABORT was invoked`), []string{"MPI_ABORT was invoked"}, false},
	{"tensor-not-close", regexp.MustCompile(`Tensor-likes are not (?:close|equal)`), []string{"Tensor-likes are not "}, false},
	{"tensor-nan", regexp.MustCompile(`Greatest (?:absolute|relative) difference: nan`), []string{" difference: nan"}, false},
	{"fatal-python", regexp.MustCompile(`Fatal Python error`), []string{"Fatal Python error"}, false},
	{"gtest-failed", regexp.MustCompile(`^\[  FAILED  \]`), []string{"[  FAILED  ]"}, false},
}

// mayMatch reports whether a line (and its lower-cased copy) holds one of
// lits: whether a pattern with those literals can match it at all.
func mayMatch(line, lower string, lits []string, fold bool) bool {
	if fold {
		line = lower
	}
	for _, l := range lits {
		if strings.Contains(line, l) {
			return true
		}
	}
	return false
}

// signals maps how a signal is written to its name.
var signals = []struct{ pattern, name string }{
	{"sigsegv", "SIGSEGV"}, {"segmentation fault", "SIGSEGV"},
	{"sigbus", "SIGBUS"}, {"bus error", "SIGBUS"},
	{"sigabrt", "SIGABRT"}, {"aborted (core dumped)", "SIGABRT"},
	{"sigfpe", "SIGFPE"}, {"floating point exception", "SIGFPE"},
	{"sigill", "SIGILL"}, {"illegal instruction", "SIGILL"},
}

// stopwords are words too common in errors and prose to identify anything:
// nvFuser's assertion boilerplate included.
var stopwords = toSet(`the a an and or of to in on at for with by from is are was were be been it this that
these those as not no but if then else when while into out over under than via per
internal assert assertion failed failure fail error errors exception raised raise please report bug bugs repro script
nvfuser fuser expected got file line function frame thread process core dumped signal received
traceback most recent call last during handling above another occurred
info warning note debug run running test tests passed ok
sigsegv sigbus sigabrt segmentation fault bus aborted address summary sanitizer
exit code fatal python`)

func toSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// boilerplate is text PyTorch, CUDA, gtest and nvFuser print around any
// error: two errors sharing it share nothing. Removed before anything is
// read from a text.
var boilerplate = []string{
	"CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
	"For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
	"Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
	"C++ exception with description",
	"thrown in the test body.",
	"unknown file: Failure",
	"please report a bug with repro script to NVFuser at",
}

// Normalize removes what differs between machines and runs from text.
func Normalize(text string) string {
	t := reANSI.ReplaceAllString(text, "")
	t = strings.ReplaceAll(t, "\r", "")
	for _, b := range boilerplate {
		t = strings.ReplaceAll(t, b, " ")
	}
	t = reURL.ReplaceAllString(t, " ")
	t = reHex.ReplaceAllString(t, " ")
	return t
}

// stripTemplates removes template and parameter lists from a line so that
// nvfuser::Foo<int, std::allocator<int> >::bar(const T&) reads Foo::bar.
func stripTemplates(s string) string {
	for i := 0; i < 8; i++ {
		n := reAngle.ReplaceAllString(s, "")
		n = reParen.ReplaceAllString(n, " ")
		if n == s {
			break
		}
		s = n
	}
	return s
}
