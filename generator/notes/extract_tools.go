package notes

import "regexp"

// tool is a debugging tool and the spellings that show it was used or
// recommended. Boundaries are explicit ([^\w-]) so "gdb" is not found in
// "cuda-gdb" and "ASAN" is found in "ASAN_OPTIONS" only through its own
// pattern.
type tool struct {
	name string
	re   *regexp.Regexp
}

func toolRE(alternatives string) *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[^\w-])(?:` + alternatives + `)(?:$|[^\w-])`)
}

var tools = []tool{
	{"gdb", toolRE(`(?i:gdb)`)},
	{"cuda-gdb", toolRE(`(?i:cuda-gdb)`)},
	{"lldb", toolRE(`(?i:lldb)`)},
	{"rr", toolRE(`rr (?:record|replay)`)},
	{"asan", regexp.MustCompile(`AddressSanitizer|(?i:\basan\b)|ASAN_OPTIONS|_ASAN\b|libasan|clang_rt\.asan|-fsanitize=address`)},
	{"msan", regexp.MustCompile(`MemorySanitizer|\bMSAN\b|-fsanitize=memory`)},
	{"tsan", regexp.MustCompile(`ThreadSanitizer|\bTSAN\b|TSAN_OPTIONS|-fsanitize=thread`)},
	{"ubsan", regexp.MustCompile(`UndefinedBehaviorSanitizer|\bUBSAN\b|UBSAN_OPTIONS|-fsanitize=undefined`)},
	{"compute-sanitizer", regexp.MustCompile(`(?i)compute-sanitizer|cuda-memcheck`)},
	{"valgrind", regexp.MustCompile(`(?i)\bvalgrind\b`)},
	{"nsys", regexp.MustCompile(`\bnsys\b|Nsight Systems`)},
	{"ncu", regexp.MustCompile(`\bncu\b|Nsight Compute`)},
	{"heaptrack", regexp.MustCompile(`(?i)\bheaptrack\b`)},
	{"tcmalloc", regexp.MustCompile(`(?i)tcmalloc|\bHEAPPROFILE\b|google-perftools`)},
	{"jemalloc", regexp.MustCompile(`(?i)jemalloc`)},
	{"pprof", regexp.MustCompile(`\bpprof\b`)},
	{"py-spy", regexp.MustCompile(`(?i)py-spy`)},
	{"perf", toolRE(`perf (?:record|report|stat|top|trace)`)},
	{"pdb", regexp.MustCompile(`\bpdb\b|-m pdb`)},
	{"faulthandler", regexp.MustCompile(`faulthandler|PYTHONFAULTHANDLER`)},
}

func (x *extractor) tools() {
	for _, u := range x.doc.units {
		if u.kind == unitURL {
			continue
		}
		for _, t := range tools {
			if t.re.MatchString(u.text) {
				x.note.Tools = append(x.note.Tools, t.name)
			}
		}
	}
}
