package lookup

import (
	"sort"
	"strings"
)

// Kind weights: how much one shared feature of a kind says, before IDF.
var kindWeight = map[string]float64{
	"sym":    3,   // a qualified C++ symbol
	"file":   2.5, // a source file name
	"san":    4,   // a sanitizer finding kind
	"test":   4,   // a test name
	"suite":  2,   // a gtest suite, when a test is named by a filter (Suite.*)
	"err":    1.5, // a class of error message: NVRTC, ptxas, ORC JIT, CUDA, NCCL, OOM, ...
	"signal": 1,
	"exc":    0.5,
	"pair":   1.5, // two adjacent message words
	"word":   0.3,
}

// specific kinds are enough on their own to claim a match; a score built
// only from signals and single words is noise.
// An error class ("err:oom") says what went wrong, not where: like a
// signal, it is not enough alone.
// A suite alone is not either: NVFuserTest holds most of nvFuser's tests.
var specific = map[string]bool{"sym": true, "file": true, "san": true, "test": true, "pair": true}

// genericFiles name a package or a program's entry point, not a place in
// one: every Python traceback passes through some __init__.py.
var genericFiles = map[string]bool{"__init__.py": true, "__main__.py": true, "setup.py": true, "main.py": true, "main.cpp": true}

// Features reduces text to its feature set ("kind:value").
func Features(text string) []string {
	set := map[string]bool{}
	add := func(kind, v string) {
		if v != "" {
			set[kind+":"+v] = true
		}
	}
	for _, line := range strings.Split(Normalize(text), "\n") {
		lineFeatures(line, add)
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func lineFeatures(line string, add func(kind, v string)) {
	lower := strings.ToLower(line)
	for _, s := range signals {
		if strings.Contains(lower, s.pattern) {
			add("signal", s.name)
		}
	}
	// Each pattern is tried only on a line holding its literals (see
	// errClasses.lits): most lines of most checks hold none.
	if mayMatch(line, lower, reASanLits, true) {
		for _, m := range reASan.FindAllStringSubmatch(line, -1) {
			add("san", strings.ToLower(m[1])+":"+strings.ToLower(m[2]))
		}
	}
	if mayMatch(line, lower, reCSanLits, true) {
		for _, m := range reCSan.FindAllStringSubmatch(line, -1) {
			add("san", "compute:"+strings.ToLower(m[1]))
		}
	}
	if mayMatch(line, lower, reUBSanLits, false) {
		for _, m := range reUBSan.FindAllStringSubmatch(line, -1) {
			add("san", "undefinedbehavior:"+strings.ToLower(m[1]))
		}
	}
	for _, c := range errClasses {
		if !mayMatch(line, lower, c.lits, c.fold) {
			continue
		}
		if m := c.re.FindStringSubmatch(line); m != nil {
			v := c.name
			if len(m) > 1 && m[1] != "" {
				v += ":" + strings.ToLower(m[1])
			}
			add("err", v)
		}
	}
	for _, m := range reTestG.FindAllStringSubmatch(line, -1) {
		add("test", m[1]+"."+m[2])
		add("suite", m[1])
	}
	for _, m := range reSuite.FindAllStringSubmatch(line, -1) {
		add("suite", m[1])
	}
	for _, m := range reTestP.FindAllStringSubmatch(line, -1) {
		add("test", m[1])
	}
	for _, m := range reExc.FindAllStringSubmatch(line, -1) {
		add("exc", m[1])
	}
	// Files: record the base name, then blank the path out so its parts
	// are not read as words or symbols.
	rest := reFile.ReplaceAllStringFunc(line, func(f string) string {
		m := reFile.FindStringSubmatch(f)
		if base := strings.ToLower(m[1]); !genericFiles[base] {
			add("file", base)
		}
		return " "
	})
	rest = stripTemplates(rest)
	for _, q := range reQual.FindAllString(rest, -1) {
		addSymbol(q, add)
	}
	rest = reQual.ReplaceAllString(rest, " ")
	messageWords(strings.ToLower(rest), add)
}

// addSymbol records a qualified name without namespaces that carry no
// information, and its last two components, so ns::A::f matches A::f.
func addSymbol(q string, add func(kind, v string)) {
	parts := strings.Split(q, "::")
	for len(parts) > 0 && (parts[0] == "nvfuser" || parts[0] == "c10" || parts[0] == "at" || parts[0] == "torch") {
		parts = parts[1:]
	}
	if len(parts) == 0 || parts[0] == "std" || parts[0] == "__gnu_cxx" {
		return
	}
	for i := range parts {
		parts[i] = reDigit.ReplaceAllString(parts[i], "#")
	}
	switch {
	case len(parts) >= 2:
		add("sym", strings.Join(parts[len(parts)-2:], "::"))
	case len(parts[0]) >= 4:
		// nvfuser::tryMerge: a free function, named only through its namespace.
		add("sym", parts[0])
	}
}

// messageWords adds words and adjacent word pairs of an error message,
// skipping stopwords and numbered names (T87, iS12) that change every run.
func messageWords(lower string, add func(kind, v string)) {
	var prev string
	for _, tok := range strings.FieldsFunc(lower, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_')
	}) {
		if !reWord.MatchString(tok) || reWord.FindString(tok) != tok || len(tok) < 3 || stopwords[tok] {
			prev = ""
			continue
		}
		add("word", tok)
		if isExceptionName(tok) {
			// "RuntimeError: CUDA error" pairs the exception's name with
			// whatever message follows: boilerplate, not evidence.
			prev = ""
			continue
		}
		if prev != "" {
			add("pair", prev+" "+tok)
		}
		prev = tok
	}
}

// isExceptionName reports whether a lowercased word names an exception
// class (runtimeerror, distbackenderror, outofmemoryexception).
func isExceptionName(w string) bool {
	return len(w) > 5 && strings.HasSuffix(w, "error") || len(w) > 9 && strings.HasSuffix(w, "exception")
}
