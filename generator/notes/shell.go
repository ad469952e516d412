package notes

import (
	"path"
	"regexp"
	"strings"
)

// word is one shell word of a command line, as written (quotes kept).
type word struct {
	text       string
	start, end int
}

// shellWords splits a command line into words the way a POSIX shell would
// for our purposes: quotes, $(...) and backquotes group, and "<...>"
// placeholders from documentation ("<path to libasan.so>") count as one
// word even with spaces inside. Operators (; | &) are words of their own.
// It never fails: an unclosed quote runs to the end of the line.
func shellWords(s string) []word {
	var ws []word
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			break
		}
		start := i
		if isShellOp(s[i]) {
			for i < len(s) && isShellOp(s[i]) {
				i++
			}
		} else {
			i = scanWord(s, i)
		}
		ws = append(ws, word{s[start:i], start, i})
	}
	return ws
}

func isShellOp(c byte) bool { return c == ';' || c == '|' || c == '&' }

// scanWord returns the end of the word starting at i. Every branch advances
// i, so it terminates on any input.
func scanWord(s string, i int) int {
	for i < len(s) {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || isShellOp(c):
			return i
		case c == '\\':
			i = min(i+2, len(s))
		case c == '\'':
			i = closeQuote(s, i, '\'')
		case c == '"':
			i = closeQuote(s, i, '"')
		case c == '`':
			i = closeQuote(s, i, '`')
		case c == '$' && i+1 < len(s) && s[i+1] == '(':
			i = closeParen(s, i+1)
		case c == '<':
			if j := placeholderEnd(s, i); j > i {
				i = j
			} else {
				i++
			}
		default:
			i++
		}
	}
	return i
}

// closeQuote returns the offset just past the quote closing the one at i.
func closeQuote(s string, i int, q byte) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == '\\' && q != '\'' {
			j++
			continue
		}
		if s[j] == q {
			return j + 1
		}
	}
	return len(s)
}

// closeParen returns the offset just past the ")" matching the "(" at i.
func closeParen(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j + 1
			}
		case '\'', '"', '`':
			j = closeQuote(s, j, s[j]) - 1
		}
	}
	return len(s)
}

// placeholderEnd returns the end of a documentation placeholder such as
// "<CMD>" or "<path to current source>" starting at i, or i if there is
// none. A "<" followed by a space is a redirection, not a placeholder.
func placeholderEnd(s string, i int) int {
	if i+1 >= len(s) || !isLetter(s[i+1]) {
		return i
	}
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '>':
			return j + 1
		case '<', '\n', '`':
			return i
		}
	}
	return i
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

var assignRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// commandWords are programs whose appearance at the start of an inline code
// span or an unlabelled code-block line makes it a command. In shell fences
// every line is a command anyway.
var commandWords = map[string]bool{
	"pytest": true, "python": true, "python3": true, "gdb": true, "lldb": true,
	"cuda-gdb": true, "compute-sanitizer": true, "cuda-memcheck": true,
	"valgrind": true, "nsys": true, "ncu": true, "pip": true, "pip3": true,
	"cmake": true, "make": true, "ninja": true, "git": true, "torchrun": true,
	"heaptrack": true, "py-spy": true, "perf": true, "rr": true, "ctest": true,
	"sudo": true, "env": true, "export": true, "mpirun": true, "docker": true,
	"pprof": true, "bash": true, "sh": true, "srun": true,
}

// commandStart reports whether line begins like a command: optional
// NAME=value words, then a program that is a known command word, a path
// into bin/ or build/, or ./something. It returns false for a bare program
// name with no arguments and no assignments ("`_bn`", "`bin/test_nvfuser`"
// mentioned in a sentence), which names a tool rather than runs it.
func commandStart(line string) bool {
	ws := shellWords(line)
	assigns := 0
	for assigns < len(ws) && assignRE.MatchString(ws[assigns].text) {
		assigns++
	}
	if assigns == len(ws) {
		return false
	}
	prog := ws[assigns].text
	base := path.Base(prog)
	known := commandWords[base] || pythonRE.MatchString(base) ||
		strings.HasPrefix(prog, "bin/") || strings.HasPrefix(prog, "./") ||
		strings.HasPrefix(prog, "build/") || strings.HasPrefix(prog, "$HOME/")
	if !known {
		return false
	}
	args := ws[assigns+1:]
	if assigns > 0 || len(args) >= 2 {
		return true
	}
	// One argument: "ncu -h" and "python repro.py" run something, while
	// "pip install" in a sentence only names an action.
	return len(args) == 1 && (strings.HasPrefix(args[0].text, "-") || commandKind(line) != "shell")
}

var pythonRE = regexp.MustCompile(`^python[0-9.]*$`)

// wrappers are programs that run another command given after their own
// options: "gdb --args bin/test_nvfuser", "compute-sanitizer bin/test_x".
var wrappers = map[string]bool{
	"sudo": true, "env": true, "time": true, "nohup": true, "gdb": true,
	"cuda-gdb": true, "lldb": true, "valgrind": true, "compute-sanitizer": true,
	"cuda-memcheck": true, "nsys": true, "ncu": true, "rr": true, "heaptrack": true,
	"py-spy": true, "perf": true, "timeout": true, "numactl": true, "taskset": true,
}

// commandKind classifies a command line: pytest (pytest or python -m
// pytest anywhere, so wrappers still count), gtest (a --gtest_* flag, or a
// bin/test_* style binary run as the program or under a wrapper), python
// (a python interpreter running a script, -c or -m), else shell.
func commandKind(line string) string {
	ws := shellWords(line)
	kind := "shell"
	for i, w := range ws {
		t := strings.Trim(w.text, `"'`)
		base := path.Base(t)
		switch {
		case base == "pytest" || base == "py.test":
			return "pytest"
		case pythonRE.MatchString(base) && i+2 < len(ws) && ws[i+1].text == "-m" && ws[i+2].text == "pytest":
			return "pytest"
		case strings.HasPrefix(t, "--gtest_"):
			kind = "gtest"
		case strings.Contains(t, "/") && strings.HasPrefix(base, "test_") && !strings.Contains(base, ".") && runsHere(ws, i):
			kind = "gtest"
		case kind == "shell" && pythonRE.MatchString(base) && i+1 < len(ws):
			next := ws[i+1].text
			if strings.HasSuffix(next, ".py") || next == "-c" || next == "-m" || strings.HasPrefix(next, "-X") || strings.HasPrefix(next, "-u") {
				kind = "python"
			}
		}
	}
	return kind
}

// runsHere reports whether word i is in program position: the first word
// after NAME=value assignments, or right after a wrapper, "--args" or "--".
func runsHere(ws []word, i int) bool {
	j := 0
	for j < len(ws) && assignRE.MatchString(ws[j].text) {
		j++
	}
	if i == j {
		return true
	}
	if i == 0 {
		return false
	}
	prev := ws[i-1].text
	return prev == "--args" || prev == "--" || wrappers[path.Base(prev)]
}

// stripPrompt removes a "$ " or "% " shell prompt, reporting whether there
// was one. A root prompt "# " is not recognised: in a shell fence it is far
// more often a comment.
func stripPrompt(line string) (string, bool) {
	t := strings.TrimLeft(line, " \t")
	for _, p := range []string{"$ ", "% "} {
		if strings.HasPrefix(t, p) {
			return strings.TrimSpace(t[len(p):]), true
		}
	}
	return line, false
}

// unquoteShell removes one level of quotes around a whole value.
func unquoteShell(v string) string {
	if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
		return v[1 : len(v)-1]
	}
	return v
}
