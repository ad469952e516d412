package lookup

import (
	"regexp"
	"strconv"
	"strings"
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

// String is how a result names the build: "0.2.24+git6eb2bc0".
func (b BuildRef) String() string {
	switch {
	case b.Version != "" && b.Commit != "":
		return b.Version + "+git" + b.Commit
	case b.Commit != "":
		return "commit " + b.Commit
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
