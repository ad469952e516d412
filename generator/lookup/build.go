package lookup

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// The nvFuser build a pasted error came from. nvFuser's repro scripts
// print "# nvfuser version: 0.2.24+git6eb2bc0"; issue templates ask for
// "nvfuser: 0.1.5+gitd8589a4"; pip prints "Version: 0.2.27" under
// "Name: nvfuser" and "nvfuser-cu128-torch27  0.2.27.dev20250501" in a
// list; an egg or wheel path names "nvfuser-0.2.17+gitd630e71-py3.10-…";
// a link into the sources names a commit ("/blob/8226e61…/csrc/").
// Whatever names a commit wins: it is the build itself, where a version
// is only its release.

// BuildRef is what a text says of the build that printed it.
type BuildRef struct {
	// Version is the release, "0.2.24" (dev and local parts dropped).
	Version string `json:"version,omitempty"`
	// Commit is the abbreviated or full commit hash the text names, lower
	// case; "" when it names none.
	Commit string `json:"commit,omitempty"`
	// From says what in the text gave it ("nvfuser version line",
	// "pip", "wheel", "source link").
	From string `json:"from,omitempty"`
}

// Known reports whether the text named a build at all.
func (b BuildRef) Known() bool { return b.Version != "" || b.Commit != "" }

// String is how a result names the build: "0.2.24+git6eb2bc0" (a full
// hash shortened to 9 digits, as git abbreviates: a line a phone shows).
func (b BuildRef) String() string {
	switch {
	case b.Version != "" && b.Commit != "":
		return b.Version + "+git" + shortCommit(b.Commit)
	case b.Commit != "":
		return "commit " + shortCommit(b.Commit)
	}
	return b.Version
}

// reBuild are the forms a build is printed in, most telling first. Each
// has the version in group 1 and an optional commit in group 2. Only
// ASCII classes are used: the browser port's regexps match the same.
var reBuild = []struct {
	re   *regexp.Regexp
	from string
}{
	// "nvfuser version: 0.2.24+git6eb2bc0", "nvfuser: 0.1.5+gitd8589a4",
	// "nvfuser.__version__ = '0.2.24+git…'", ">>> nvfuser.__version__\n'0.2.24'".
	{regexp.MustCompile(`(?i)\bnvfuser(?:[ \t]+version|\.__version__|_direct\.__version__)?[ \t]*(?:[:=]|[)'"]*[ \t]*\r?\n[ \t]*(?:Out\[[0-9]+\]:[ \t]*)?)[ \t]*['"]?v?([0-9]+\.[0-9]+\.[0-9]+)(?:[.a-z0-9]*)?(?:\+git([0-9a-f]{7,40}))?`), "nvfuser version line"},
	// pip show: "Name: nvfuser…" then "Version: X" a line later.
	{regexp.MustCompile(`(?i)\bName:[ \t]*nvfuser[a-z0-9_.-]*[ \t]*\r?\nVersion:[ \t]*([0-9]+\.[0-9]+\.[0-9]+)(?:[.a-z0-9]*)?(?:\+git([0-9a-f]{7,40}))?`), "pip"},
	// A wheel or egg: "nvfuser-0.2.17+gitd630e71-py3.10", "nvfuser_cu121-0.2.24.dev20250101-cp310".
	{regexp.MustCompile(`(?i)\bnvfuser(?:[-_][a-z0-9]+)*-([0-9]+\.[0-9]+\.[0-9]+)(?:\.?(?:dev|post|rc|a|b)[0-9]+)*(?:\+git([0-9a-f]{7,40}))?(?:-(?:py|cp)[0-9]|\.whl|\.egg|\.tar)`), "wheel"},
	// pip list / freeze: "nvfuser-cu128-torch27   0.2.27.dev20250501", "nvfuser==0.2.24".
	{regexp.MustCompile(`(?im)^[ \t]*nvfuser(?:[-_][a-z0-9]+)*(?:[ \t]+|==)([0-9]+\.[0-9]+\.[0-9]+)(?:[.a-z0-9]*)?(?:\+git([0-9a-f]{7,40}))?[ \t]*$`), "pip"},
}

// reSourceCommit is a link into nvFuser's sources at a commit.
var reSourceCommit = regexp.MustCompile(`(?i)github\.com/NVIDIA/Fuser/(?:blob|tree|commit)/([0-9a-f]{7,40})\b`)

// reCommit are the forms that name a commit without a version, most
// telling first, each with the commit in group 1: "+git6eb2bc0" on a line
// naming nvFuser (torch prints "+git…" too), `git rev-parse HEAD` and
// its output, a pip requirement "Fuser.git@6eb2bc0", a checkout folder
// "/Fuser-6eb2bc0/".
var reCommit = []struct {
	re   *regexp.Regexp
	from string
}{
	{regexp.MustCompile(`(?i)\bnv_?fuser\b[^\n]{0,60}?\+git([0-9a-f]{7,40})\b`), "nvfuser commit"},
	{regexp.MustCompile(`(?i)\bgit\b[^\n]{0,80}?\brev-parse(?:[ \t]+--short(?:=[0-9]+)?)?[ \t]+HEAD[ \t]*\r?\n[ \t]*([0-9a-f]{7,40})\b`), "git rev-parse"},
	{regexp.MustCompile(`(?i)\bFuser(?:\.git)?@([0-9a-f]{7,40})\b`), "pip requirement"},
	{regexp.MustCompile(`(?i)[/\\](?:nv)?fuser[-_]([0-9a-f]{7,40})[/\\]`), "path"},
}

// maxBuildScan bounds how much of a paste is searched for its build: the
// line is near the top of a repro or in an environment block.
const maxBuildScan = 1 << 20

// ParseBuild reads the build a text names. The first form found in the
// order of reBuild gives the version; a commit comes from the same match
// or else from a source link.
func ParseBuild(text string) BuildRef {
	if len(text) > maxBuildScan {
		text = text[:maxBuildScan]
	}
	var b BuildRef
	for _, f := range reBuild {
		if m := f.re.FindStringSubmatch(text); m != nil {
			b = BuildRef{Version: canonicalVersion(m[1]), Commit: strings.ToLower(m[2]), From: f.from}
			break
		}
	}
	if b.Commit == "" {
		if m := reSourceCommit.FindStringSubmatch(text); m != nil {
			b.Commit = strings.ToLower(m[1])
			if b.From == "" {
				b.From = "source link"
			}
		}
	}
	for _, f := range reCommit {
		if b.Commit != "" {
			break
		}
		if m := f.re.FindStringSubmatch(text); m != nil {
			b.Commit = strings.ToLower(m[1])
			if b.From == "" {
				b.From = f.from
			}
		}
	}
	return b
}

// ParseVersionField reads what a reader typed in the version field (or
// `gen lookup --version`): "0.2.24", "v0.2.24+git6eb2bc0", or a bare
// commit hash.
func ParseVersionField(s string) BuildRef {
	s = strings.TrimSpace(s)
	if len(s) > 200 {
		s = s[:200]
	}
	if s == "" {
		return BuildRef{}
	}
	if b := ParseBuild("nvfuser version: " + strings.TrimPrefix(strings.TrimPrefix(s, "v"), "V")); b.Known() {
		b.From = "given"
		return b
	}
	if reHash.MatchString(s) {
		return BuildRef{Commit: strings.ToLower(s), From: "given"}
	}
	return BuildRef{}
}

var reHash = regexp.MustCompile(`^[0-9a-fA-F]{7,40}$`)

// canonicalVersion drops leading zeros from each part: "0.02.024" is 0.2.24.
func canonicalVersion(v string) string {
	parts := strings.Split(v, ".")
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n > 1<<20 {
			return v
		}
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ".")
}

// A build named by its commit alone. The index holds, for each version,
// the main-line commits that carried it (BuildCommits: commitPrefix hex
// digits each, oldest first; the commits before the first version under
// ""), so a commit resolves to the version it was in, and its checks' lines
// to that version's. A commit the main line does not hold (a branch, a
// fork, a commit newer than the handbook's) resolves to nothing, and the
// result says so.

// commitPrefix is how many hex digits of each main-line commit the index
// keeps: nvFuser's abbreviated hashes have 7 or more.
const commitPrefix = 7

// resolveCommit gives the version of the main-line commit b names, and
// says how the build was resolved ("" when b names no commit).
func (idx *Index) resolveCommit(b BuildRef) (BuildRef, string) {
	if b.Commit == "" || len(idx.BuildCommits) == 0 {
		return b, ""
	}
	short := b.Commit
	if len(short) > commitPrefix {
		short = short[:commitPrefix]
	}
	var found []string
	for _, v := range sortedVersions(idx.BuildCommits) {
		list := idx.BuildCommits[v]
		for i := 0; i+commitPrefix <= len(list); i += commitPrefix {
			if list[i:i+commitPrefix] == short {
				found = append(found, v)
				break
			}
		}
	}
	switch {
	case len(found) == 0:
		return b, "commit " + shortCommit(b.Commit) + " is not on nvFuser's main line as the handbook read it: lines resolved as the paste's version says, else against today's"
	case len(found) > 1:
		return b, "commit " + shortCommit(b.Commit) + " is ambiguous on nvFuser's main line: lines resolved as the paste's version says, else against today's"
	case found[0] == "":
		return b, "commit " + shortCommit(b.Commit) + " is older than nvFuser's first version: lines resolved against today's"
	case b.Version == "":
		b.Version = found[0]
		return b, "version " + found[0] + " from the history: commit " + shortCommit(b.Commit) + " is on nvFuser's main line in " + found[0]
	case b.Version != found[0]:
		return b, "the paste says " + b.Version + ", but commit " + shortCommit(b.Commit) + " is in " + found[0] + " on nvFuser's main line: lines resolved as the paste says"
	}
	return b, "commit " + shortCommit(b.Commit) + " is on nvFuser's main line in " + found[0]
}

// sortedVersions are the keys of m in byte order (the browser's order).
func sortedVersions(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// BuildCommitsOf groups the main-line commits (full hashes, oldest first)
// by the version each carried, given the first commit of each version
// (versions, oldest first): the index's BuildCommits.
func BuildCommitsOf(mainline []string, versions []model.Event) map[string]string {
	if len(mainline) == 0 {
		return nil
	}
	first := map[string]string{}
	for _, v := range versions {
		first[v.Commit] = v.Version
	}
	out := map[string]string{}
	var b strings.Builder
	cur := ""
	flush := func() {
		if b.Len() > 0 {
			out[cur] += b.String()
			b.Reset()
		}
	}
	for _, h := range mainline {
		if v, ok := first[h]; ok && v != cur {
			flush()
			cur = v
		}
		if len(h) >= commitPrefix {
			b.WriteString(strings.ToLower(h[:commitPrefix]))
		}
	}
	flush()
	return out
}
