package notes

import (
	"path"
	"regexp"
	"strings"
)

// Tests named by the command that runs them, beyond pytest node ids and
// gtest names (see tests in extract_refs.go):
//
//	pytest tests/python/test_ops.py -k "index_select and half"
//	                                  → tests/python/test_ops.py -k index_select and half
//	pytest -k test_foo                → test_foo
//	ctest --test-dir build -R Resize  → Resize (the name pattern ctest selects by)
//	python -m unittest a.b.C.test_x   → a.b.C.test_x
//
// gtest binaries (bin/test_nvfuser --gtest_filter=...) are taken through
// their filter by gtestFilterRE.
var unittestIDRE = regexp.MustCompile(`^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$`)

// commandTests returns the tests one command line selects. Paths are made
// repo-relative like every other file reference when they are nvFuser's.
func (x *extractor) commandTests(line string) []string {
	ws := shellWords(line)
	arg := func(i int) string {
		if i < len(ws) && !isShellOp(ws[i].text[0]) {
			return unquoteShell(ws[i].text)
		}
		return ""
	}
	for i := range ws {
		base := path.Base(unquoteShell(ws[i].text))
		switch {
		case base == "pytest" || base == "py.test":
			return x.pytestSelection(ws, i+1, arg)
		case pythonRE.MatchString(base) && arg(i+1) == "-m" && arg(i+2) == "pytest":
			return x.pytestSelection(ws, i+3, arg)
		case pythonRE.MatchString(base) && arg(i+1) == "-m" && arg(i+2) == "unittest":
			var out []string
			for j := i + 3; arg(j) != ""; j++ {
				if id := arg(j); unittestIDRE.MatchString(id) {
					out = append(out, id)
				}
			}
			return out
		case base == "ctest":
			for j := i + 1; j < len(ws); j++ {
				if a := arg(j); a == "-R" || a == "--tests-regex" {
					if v := arg(j + 1); v != "" && !strings.ContainsAny(v, "<>$") {
						return []string{v}
					}
				}
			}
			return nil
		}
	}
	return nil
}

// pytestSelection reads pytest's arguments from word i: the test files
// and the -k expression. A file with a -k expression is one test
// selection; node ids (file::test) are taken by pytestRE already.
func (x *extractor) pytestSelection(ws []word, i int, arg func(int) string) []string {
	var files []string
	k := ""
	for j := i; j < len(ws) && arg(j) != ""; j++ {
		a := arg(j)
		switch {
		case a == "-k":
			k = arg(j + 1)
			j++
		case strings.HasPrefix(a, "-k") && len(a) > 2 && !strings.HasPrefix(a, "--"):
			k = a[2:]
		case strings.HasSuffix(a, ".py") && !strings.HasPrefix(a, "-"):
			if rel, ok := repoRelative(a, x.opt.FileExists); ok {
				a = rel
			}
			files = append(files, a)
		}
	}
	if k == "" || strings.ContainsAny(k, "<>$") {
		return nil
	}
	if len(files) == 0 {
		return []string{k}
	}
	out := make([]string, len(files))
	for j, f := range files {
		out[j] = f + " -k " + k
	}
	return out
}
