package notes

import (
	"regexp"
	"strings"
)

// tool is a debugging tool and the spellings that show it was used or
// recommended. Boundaries are explicit ([^\w-]) so "gdb" is not found in
// "cuda-gdb" and "ASAN" is found in "ASAN_OPTIONS" only through its own
// pattern.
type tool struct {
	name  string
	hints []string // lowercase substrings one of which must occur; a cheap prefilter
	re    *regexp.Regexp
}

func toolRE(alternatives string) *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[^\w-])(?:` + alternatives + `)(?:$|[^\w-])`)
}

var tools = []tool{
	{"gdb", []string{"gdb"}, toolRE(`(?i:gdb)`)},
	{"cuda-gdb", []string{"cuda-gdb"}, toolRE(`(?i:cuda-gdb)`)},
	{"lldb", []string{"lldb"}, toolRE(`(?i:lldb)`)},
	{"rr", []string{"rr "}, toolRE(`rr (?:record|replay)`)},
	{"asan", []string{"asan", "addresssanitizer", "address"}, regexp.MustCompile(`AddressSanitizer|(?i:\basan\b)|ASAN_OPTIONS|_ASAN\b|libasan|clang_rt\.asan|-fsanitize=address`)},
	{"msan", []string{"msan", "memorysanitizer", "memory"}, regexp.MustCompile(`MemorySanitizer|\bMSAN\b|-fsanitize=memory`)},
	{"tsan", []string{"tsan", "threadsanitizer", "thread"}, regexp.MustCompile(`ThreadSanitizer|\bTSAN\b|TSAN_OPTIONS|-fsanitize=thread`)},
	{"ubsan", []string{"ubsan", "undefinedbehaviorsanitizer", "undefined"}, regexp.MustCompile(`UndefinedBehaviorSanitizer|\bUBSAN\b|UBSAN_OPTIONS|-fsanitize=undefined`)},
	{"compute-sanitizer", []string{"compute-sanitizer", "cuda-memcheck"}, regexp.MustCompile(`(?i)compute-sanitizer|cuda-memcheck`)},
	{"valgrind", []string{"valgrind"}, regexp.MustCompile(`(?i)\bvalgrind\b`)},
	{"nsys", []string{"nsys", "nsight systems"}, regexp.MustCompile(`\bnsys\b|Nsight Systems`)},
	{"ncu", []string{"ncu", "nsight compute"}, regexp.MustCompile(`\bncu\b|Nsight Compute`)},
	{"heaptrack", []string{"heaptrack"}, regexp.MustCompile(`(?i)\bheaptrack\b`)},
	{"tcmalloc", []string{"tcmalloc", "heapprofile", "google-perftools"}, regexp.MustCompile(`(?i)tcmalloc|\bHEAPPROFILE\b|google-perftools`)},
	{"jemalloc", []string{"jemalloc"}, regexp.MustCompile(`(?i)jemalloc`)},
	{"pprof", []string{"pprof"}, regexp.MustCompile(`\bpprof\b`)},
	{"py-spy", []string{"py-spy"}, regexp.MustCompile(`(?i)py-spy`)},
	{"perf", []string{"perf "}, toolRE(`perf (?:record|report|stat|top|trace)`)},
	{"pdb", []string{"pdb"}, regexp.MustCompile(`\bpdb\b|-m pdb`)},
	{"faulthandler", []string{"faulthandler"}, regexp.MustCompile(`faulthandler|PYTHONFAULTHANDLER`)},
}

func (x *extractor) tools() {
	for _, u := range x.doc.units {
		if u.kind == unitURL {
			continue
		}
		for _, t := range tools {
			if containsAny(u.lower, t.hints) && t.re.MatchString(u.text) {
				x.note.Tools = append(x.note.Tools, t.name)
			}
		}
	}
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
