package lookup

import (
	"regexp"
	"strings"
	"testing"
)

// patternLits are every pattern lineFeatures tries only on lines holding
// its literals, with those literals.
func patternLits() []struct {
	name string
	re   *regexp.Regexp
	lits []string
	fold bool
} {
	out := []struct {
		name string
		re   *regexp.Regexp
		lits []string
		fold bool
	}{
		{"asan", reASan, reASanLits, true},
		{"csan", reCSan, reCSanLits, true},
		{"ubsan", reUBSan, reUBSanLits, false},
	}
	for _, c := range errClasses {
		out = append(out, struct {
			name string
			re   *regexp.Regexp
			lits []string
			fold bool
		}{c.name, c.re, c.lits, c.fold})
	}
	return out
}

// literalSamples match the patterns, some in odd cases and spellings
// (case-insensitive patterns: the Kelvin sign and the long s fold to k and
// s, which lower-casing does not give back).
var literalSamples = []string{
	"RuntimeError: NVRTC compilation failed: nvrtc: error: invalid value",
	"__tmp_kernel1.cu(1234): error: expression must have integral type",
	`error: identifier "__hfma2" is undefined`,
	"ptxas error   : Entry function uses too much shared data (0x1c000 bytes, 0xc000 max)",
	"ptxas fatal   : Value 'sm_100a' is not defined for option 'gpu-name'",
	"ptxas failed with exit code 255",
	"LLVM ERROR: out of memory",
	"JIT session error: Symbols not found: [ _ZN7nvfuser3fooEv ]",
	"Failed to materialize symbols: { (main, { f }) }",
	"Duplicate definition of symbol '_ZN7nvfuser3barEv'",
	"CUDA error: an illegal memory access was encountered",
	"CUDA_ERROR_ILLEGAL_ADDRESS", "cudaErrorMisalignedAddress",
	"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB",
	"OUT OF MEMORY", "Out Of Memory",
	"NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled cuda error", "ncclSystemError: System call failed",
	"Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1)",
	"UCC  ERROR", "ucc_collective_init returned -1", "ucc_context_progress failed",
	"MPI_ABORT was invoked on rank 0 in communicator MPI_COMM_WORLD",
	"AssertionError: Tensor-likes are not close!", "Tensor-likes are not equal!",
	"Greatest absolute difference: nan at index (0, 1)",
	"Fatal Python error: Segmentation fault",
	"[  FAILED  ] NVFuserTest.FusionReduction_CUDA (12 ms)",
	"==12345==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020",
	"LeakSanitizer: detected memory leaks", "addresssanitizer: stack-overflow",
	"AddreSSSanitizer: heap-buffer-overflow", "AddreſſSanitizer: heap-buffer-overflow",
	"========= Invalid __global__ read of size 4 bytes", "========= Race reported between Write access",
	"INVALID __SHARED__ WRITE", "uninitialized __global__ memory read of size 4", "Barrier error detected",
	"foo.cpp:12:3: runtime error: shift exponent 64 is too large",
}

// TestErrClassLiterals: every sample a pattern matches holds one of its
// literals, and every pattern matches some sample (a literal list that
// drops a real match would lose its feature silently).
func TestErrClassLiterals(t *testing.T) {
	for _, p := range patternLits() {
		matched := false
		for _, line := range literalSamples {
			if !p.re.MatchString(line) {
				continue
			}
			matched = true
			if !mayMatch(line, strings.ToLower(line), p.lits, p.fold) {
				t.Errorf("%s matches %q, whose literals %q are not found in it", p.name, line, p.lits)
			}
		}
		if !matched {
			t.Errorf("%s matches no sample: add one", p.name)
		}
	}
}

// FuzzErrClassLiterals: whatever the line, a pattern that matches it
// finds one of its literals there.
func FuzzErrClassLiterals(f *testing.F) {
	for _, s := range literalSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		lower := strings.ToLower(line)
		for _, p := range patternLits() {
			if p.re.MatchString(line) && !mayMatch(line, lower, p.lits, p.fold) {
				t.Fatalf("%s matches %q, whose literals %q are not found in it", p.name, line, p.lits)
			}
		}
	})
}
