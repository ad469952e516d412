package notes

import (
	"regexp"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Signature kinds, as documented on model.Signature.
const (
	sigAssert    = "assert"
	sigSanitizer = "sanitizer"
	sigSignal    = "signal"
	sigFrame     = "frame"
	sigException = "exception"
	sigGtest     = "gtest"
	sigCompiler  = "compiler" // NVRTC, ptxas, LLVM / ORC JIT
	sigOOM       = "oom"
	sigCUDA      = "cuda"     // CUDA runtime and driver errors
	sigComm      = "comm"     // NCCL, UCC, MPI
	sigMismatch  = "mismatch" // pytest's tensor comparison report
)

// MaxSignatureRunes caps a signature's text. Assertion messages can embed
// whole IR dumps on one line; the head is what identifies the failure.
const MaxSignatureRunes = 400

// maxLogLine is the longest code-block line still treated as program
// output when it mentions a signal; longer lines are quoted prose.
const maxLogLine = 200

// sigPattern recognises one kind of failure line. Patterns are tried in
// order and a line gets the first kind that matches, so
// "RuntimeError: INTERNAL ASSERT FAILED at ..." is an assert, not an
// exception, and "SUMMARY: AddressSanitizer: SEGV" a sanitizer report.
type sigPattern struct {
	kind  string
	hints []string // lowercase substrings one of which must occur; a cheap prefilter
	re    *regexp.Regexp
}

var sigPatterns = []sigPattern{
	{sigAssert, []string{"assert", "expected", "check failed"}, regexp.MustCompile(`INTERNAL ASSERT FAILED|\bExpected\b.+\bbut got\b|Assertion [` + "`" + `'"].*['"] failed|\bCheck failed:`)},
	{sigSanitizer, []string{"sanitizer", "runtime error", "="}, regexp.MustCompile(`\b(?:ERROR|SUMMARY|WARNING): (?:Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer\b|:\d+:\d+: runtime error: |^=+ (?:Invalid |Program hit |(?:Error: )?Race reported|Uninitialized |Barrier error|(?:RACECHECK |ERROR )SUMMARY: [1-9])|^==\d+== (?:Invalid (?:read|write|free)|Conditional jump|Use of uninitialised|Mismatched free|Syscall param)`)},
	{sigGtest, []string{"failed", "failure", "c++ exception"}, regexp.MustCompile(`^\[\s+FAILED\s+\]\s+[A-Za-z_]\w*[./]|^\S+:\d+: Failure$|C\+\+ exception with description ".*" thrown in`)},
	{sigCompiler, []string{"nvrtc", ".cu(", "ptxas", "llvm error", "jit session", "materialize", "symbols not found", "duplicate definition"}, regexp.MustCompile(`NVRTC compilation failed|\.cu\(\d+\): error:|^ptxas (?:error|fatal)\s*:|ptxas failed|LLVM ERROR:|JIT session error|Failed to materialize symbols|Symbols not found: \[|Duplicate definition of symbol`)},
	{sigOOM, []string{"out of memory", "outofmemory"}, regexp.MustCompile(`OutOfMemoryError|(?i:\bout of memory\b)`)},
	{sigComm, []string{"nccl", "ucc", "mpi_"}, regexp.MustCompile(`NCCL error|\bnccl[A-Z]\w*Error\b|Watchdog caught collective operation timeout|\bUCC\s+ERROR\b|\bucc_\w+ (?:returned|failed)|MPI_ABORT was invoked`)},
	{sigCUDA, []string{"cuda"}, regexp.MustCompile(`CUDA (?:driver )?error: \S|\bCUDA_ERROR_[A-Z_]+\b|\bcudaError[A-Z]\w+`)},
	{sigMismatch, []string{"tensor-likes", "mismatched elements", "greatest"}, regexp.MustCompile(`Tensor-likes are not (?:close|equal)|Mismatched elements: \d+ / \d+|Greatest (?:absolute|relative) difference: `)},
	{sigException, []string{"error", "exception", "exit", "interrupt", "fail", "terminate", "what()"}, regexp.MustCompile(`^(?:[A-Za-z_]\w*\.)*[A-Z]\w+(?:Error|Exception|Exit|Interrupt|Failed|Failure)(?::\s+\S.*|:?\s*$)|terminate called after throwing an instance of|^what\(\):\s+\S`)},
	{sigSignal, []string{"sig", "segm", "segf", "bus error", "fatal python", "core dumped", "floating point", "illegal instruction"}, regexp.MustCompile(`(?i)\bSIG(?:SEGV|BUS|ABRT|FPE|ILL|KILL|TRAP)\b|segmentation fault|\bsegfault(?:s|ed|ing)?\b|\bbus error\b|Fatal Python error|core dumped|floating point exception|illegal instruction`)},
	{sigFrame, []string{"#", "frame", "file \"", "[0x"}, regexp.MustCompile(`^#\d+\s+(?:0x[0-9a-fA-F]+\s+in\s+\S|0x[0-9a-fA-F]+\s+\(|[\w:~<>]+.*\bat\s+\S+:\d+|[\w:~<>]+\s*\(.*\)\s+(?:at|from)\s+\S)|^\*?\s*frame #\d+:\s+\S|^File "[^"]+", line \d+|^\S+\((?:\S*\+0x[0-9a-fA-F]+)?\)\s*\[0x[0-9a-fA-F]+\]$`)},
}

// canonicalSignals maps a signal mentioned in running text to the name the
// error lookup indexes it under, so "segfaults" in one note and
// "Segmentation fault" in another meet at SIGSEGV.
var canonicalSignals = []struct {
	re   *regexp.Regexp
	name string
}{
	{regexp.MustCompile(`(?i)\bSIGSEGV\b|segmentation fault|\bsegfault`), "SIGSEGV"},
	{regexp.MustCompile(`(?i)\bSIGBUS\b|\bbus error`), "SIGBUS"},
	{regexp.MustCompile(`(?i)\bSIGABRT\b|aborted \(core dumped\)`), "SIGABRT"},
	{regexp.MustCompile(`(?i)\bSIGFPE\b|floating point exception`), "SIGFPE"},
	{regexp.MustCompile(`(?i)\bSIGILL\b|illegal instruction`), "SIGILL"},
	{regexp.MustCompile(`(?i)\bSIGKILL\b`), "SIGKILL"},
	{regexp.MustCompile(`(?i)\bSIGTRAP\b`), "SIGTRAP"},
}

// commentRE is a comment line in a shell, Python or C++ block: a signal
// word there is the author talking ("# Segfaults after ~50 tests"), not
// program output.
var commentRE = regexp.MustCompile(`^(?:#|//)\s`)

// signatures extracts failure signatures. Lines of code blocks and inline
// code are kept verbatim (trimmed); in prose and in comments, where a
// signal is only mentioned, the canonical signal name is recorded instead
// of the sentence.
func (x *extractor) signatures() {
	for _, u := range x.doc.units {
		if u.kind == unitURL || u.heading {
			continue
		}
		text := strings.TrimSpace(u.text)
		if text == "" {
			continue
		}
		kind := classifySignature(text)
		if kind == "" {
			continue
		}
		// A signal word in prose, in a comment, or in a long sentence that
		// happens to sit in a code block (quoted text) is a mention: record
		// the canonical signal. A short code line is program output.
		mention := u.kind == unitProse || commentRE.MatchString(text) || len(text) > maxLogLine
		if kind == sigSignal && mention {
			for _, c := range canonicalSignals {
				if c.re.MatchString(text) {
					x.signature(sigSignal, c.name, u.line)
				}
			}
			continue
		}
		x.signature(kind, text, u.line)
	}
}

func classifySignature(line string) string {
	lower := strings.ToLower(line)
	for _, p := range sigPatterns {
		if containsAny(lower, p.hints) && p.re.MatchString(line) {
			return p.kind
		}
	}
	return ""
}

func (x *extractor) signature(kind, text string, line int) {
	x.note.Signatures = append(x.note.Signatures, model.Signature{Kind: kind, Text: truncate(text, MaxSignatureRunes), Line: line})
}
