package notes

import (
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// topDirs are nvFuser's top-level directories. A path is taken as a
// reference into the nvFuser tree from the first of these.
var topDirs = map[string]bool{
	"csrc": true, "tests": true, "python": true, "benchmarks": true,
	"runtime": true, "tools": true, "doc": true, "cmake": true,
}

var (
	pathTokRE = regexp.MustCompile(`(?:~|\$HOME)?/?(?:[\w.+-]+/)+[\w.+-]*`)
	// checkoutRE matches directory names people give nvFuser checkouts:
	// Fuser, nvfuser, Fuser-main, nvFuser2. Paths through one of these are
	// trusted to be nvFuser paths even when no checkout was read.
	checkoutRE = regexp.MustCompile(`(?i)^(?:nv)?fuser[\w.-]*$`)
	lineSufRE  = regexp.MustCompile(`^(?::|":)(\d{1,7})(?:-(\d{1,7}))?(?::\d{1,5})?`)
	pyLineRE   = regexp.MustCompile(`^", line (\d{1,7})`)
	ghLineRE   = regexp.MustCompile(`^#L(\d{1,7})(?:-L(\d{1,7}))?`)
	bareFileRE = regexp.MustCompile(`(?:^|[^\w/.~-])([\w+-]+\.(?:cpp|cc|cu|cuh|h|hpp|hh|py|c|cxx|inl)):(\d{1,7})(?:-(\d{1,7}))?`)
)

// FileMatch is a file reference found in text.
type FileMatch struct {
	Start, End int // the reference as written, including ":line" suffixes
	Ref        model.FileRef
}

// FindFileRefs finds references into the nvFuser tree in s: repo-relative
// paths starting at a top-level directory ("csrc/ir/storage.cpp:88-108"),
// and absolute paths from other machines ("/opt/pytorch/nvfuser/csrc/x.cpp",
// "~/Fuser/tests/...") normalised to repo-relative. An absolute path is
// only trusted when a directory on it looks like an nvFuser checkout or the
// resolved path exists in the checkout; otherwise
// "/opt/pytorch/lightning-thunder/thunder/tests/test_grad.py" would become
// nvFuser's tests/test_grad.py. Line suffixes ":12", ":12-20",
// ":12:5" (column dropped), "\":12" (assert messages), "\", line 12"
// (Python tracebacks) and "#L12-L20" (GitHub) set Start and End.
//
// exists may be nil; Ref.Exists is then false.
func FindFileRefs(s string, exists func(string) (bool, bool)) []FileMatch {
	var out []FileMatch
	if !strings.Contains(s, "/") {
		return nil // every reference FindFileRefs takes has a directory
	}
	for _, m := range pathTokRE.FindAllStringIndex(s, -1) {
		start, end := m[0], m[1]
		tok := strings.TrimRight(s[start:end], ".-")
		end = start + len(tok)
		if end < len(s) && (s[end] == '<' || (s[end] == '/' && end+1 < len(s) && s[end+1] == '<')) {
			continue // "tests/python/<test_file>" is a placeholder
		}
		tok = strings.TrimSuffix(tok, "/")
		rel, ok := repoRelative(tok, exists)
		if !ok {
			continue
		}
		ref := model.FileRef{Path: rel, Raw: s[start:end]}
		rest := s[end:]
		if sm := lineSufRE.FindStringSubmatch(rest); sm != nil && !digitAfter(rest, sm[0]) {
			ref.Start, ref.End = lineRange(sm[1], sm[2])
			if strings.HasPrefix(sm[0], ":") {
				end += len(sm[0])
				ref.Raw = s[start:end]
			}
		} else if sm := pyLineRE.FindStringSubmatch(rest); sm != nil {
			ref.Start, ref.End = lineRange(sm[1], "")
		} else if sm := ghLineRE.FindStringSubmatch(rest); sm != nil && !digitAfter(rest, sm[0]) {
			ref.Start, ref.End = lineRange(sm[1], sm[2])
			end += len(sm[0])
			ref.Raw = s[start:end]
		}
		ref.Exists = fileExists(exists, rel)
		out = append(out, FileMatch{Start: start, End: end, Ref: ref})
	}
	return out
}

// repoRelative maps a path token to a path in the nvFuser tree.
func repoRelative(tok string, exists func(string) (bool, bool)) (string, bool) {
	var comps []string
	for _, c := range strings.Split(tok, "/") {
		switch c {
		case "", ".", "..", "~", "$HOME":
			continue
		}
		comps = append(comps, c)
	}
	// Prefer the innermost checkout-looking directory that has a top-level
	// directory after it: in /src/Fuser/python/nvfuser/__init__.py the
	// "nvfuser" package dir looks like a checkout but has nothing after it.
	checkout, top := -1, -1
	for c := len(comps) - 1; c >= 0 && top < 0; c-- {
		if !checkoutRE.MatchString(comps[c]) {
			continue
		}
		for i := c + 1; i < len(comps); i++ {
			if topDirs[comps[i]] {
				checkout, top = c, i
				break
			}
		}
	}
	if top < 0 {
		for i, c := range comps {
			if topDirs[c] {
				top = i
				break
			}
		}
	}
	if top < 0 || len(comps)-top < 2 {
		return "", false
	}
	rel := strings.Join(comps[top:], "/")
	if top == 0 || checkout >= 0 {
		return rel, true
	}
	return rel, fileExists(exists, rel)
}

// digitAfter reports whether the match m at the start of s runs into more
// digits, i.e. a number too long to be a line ("x.cpp:99999999").
func digitAfter(s, m string) bool {
	return len(s) > len(m) && s[len(m)] >= '0' && s[len(m)] <= '9'
}

func fileExists(exists func(string) (bool, bool), p string) bool {
	if exists == nil {
		return false
	}
	ok, checked := exists(p)
	return ok && checked
}

func lineRange(a, b string) (int, int) {
	s, err := strconv.Atoi(a)
	if err != nil || s <= 0 {
		return 0, 0
	}
	e := s
	if b != "" {
		if v, err := strconv.Atoi(b); err == nil && v >= s {
			e = v
		}
	}
	return s, e
}

func (x *extractor) files() {
	for _, u := range x.doc.units {
		for _, m := range FindFileRefs(u.text, x.opt.FileExists) {
			m.Ref.Line = u.line
			x.note.Files = append(x.note.Files, m.Ref)
		}
		if !strings.Contains(u.text, ":") {
			continue // bare names are only taken with a line number
		}
		for _, m := range bareFileRE.FindAllStringSubmatchIndex(u.text, -1) {
			if digitAfter(u.text[m[0]:], u.text[m[0]:m[1]]) {
				continue
			}
			name := u.text[m[2]:m[3]]
			ref := model.FileRef{Path: name, Line: u.line, Raw: u.text[m[2]:m[1]]}
			ref.Start, ref.End = lineRange(u.text[m[4]:m[5]], group(u.text, m, 3))
			x.bare = append(x.bare, ref)
		}
	}
}

// resolveBare turns bare file names from stack frames ("[fusion.cpp:459]")
// into repo paths: through a path-qualified reference with the same base
// name elsewhere in the note, else csrc/<name> if the checkout has it. A
// name that cannot be resolved is kept as written with Exists false.
func (x *extractor) resolveBare() {
	byBase := map[string]map[string]bool{}
	for _, f := range x.note.Files {
		b := path.Base(f.Path)
		if byBase[b] == nil {
			byBase[b] = map[string]bool{}
		}
		byBase[b][f.Path] = true
	}
	for _, ref := range x.bare {
		if paths := byBase[ref.Path]; len(paths) == 1 {
			for p := range paths {
				ref.Path = p
			}
			ref.Exists = fileExists(x.opt.FileExists, ref.Path)
		} else if len(paths) == 0 && fileExists(x.opt.FileExists, "csrc/"+ref.Path) {
			ref.Path = "csrc/" + ref.Path
			ref.Exists = true
		}
		x.note.Files = append(x.note.Files, ref)
	}
}

// group returns submatch i of an index match, or "".
func group(s string, m []int, i int) string {
	if 2*i+1 < len(m) && m[2*i] >= 0 {
		return s[m[2*i]:m[2*i+1]]
	}
	return ""
}
