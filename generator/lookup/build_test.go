package lookup

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestParseBuild(t *testing.T) {
	for _, tc := range []struct {
		name, text            string
		version, commit, from string
	}{
		{"repro header", "# CUDA devices:\n#  0: NVIDIA A100\n# nvfuser version: 0.2.24+git6eb2bc0\nimport torch\n", "0.2.24", "6eb2bc0", "nvfuser version line"},
		{"issue environment", "### environment\n- nvfuser: 0.1.5+gitd8589a4\n- gpu: H100\n", "0.1.5", "d8589a4", "nvfuser version line"},
		{"version without commit", "nvfuser version: 0.2.27\n", "0.2.27", "", "nvfuser version line"},
		{"__version__ in a REPL", ">>> import nvfuser\n>>> nvfuser.__version__\n'0.2.24+git6eb2bc0'\n", "0.2.24", "6eb2bc0", "nvfuser version line"},
		{"print(__version__)", "$ python -c 'print(nvfuser.__version__)'\n0.2.30+gitabcdef1\n", "0.2.30", "abcdef1", "nvfuser version line"},
		{"pip show", "Name: nvfuser-cu121-torch25\nVersion: 0.2.24.dev20250101\nSummary: A Fusion Code Generator\n", "0.2.24", "", "pip"},
		{"pip list", "Package                 Version\ntorch                   2.7.0\nnvfuser-cu128-torch27   0.2.27.dev20250501\n", "0.2.27", "", "pip"},
		{"pip freeze", "numpy==2.1.0\nnvfuser==0.2.24\n", "0.2.24", "", "pip"},
		{"egg path", "from /usr/local/lib/python3.10/dist-packages/nvfuser-0.2.17+gitd630e71-py3.10-linux-x86_64.egg/nvfuser/_C.so", "0.2.17", "d630e71", "wheel"},
		{"wheel name", "Successfully installed nvfuser_cu121-0.2.24.dev20250101-cp310-cp310-manylinux_2_28_x86_64.whl", "0.2.24", "", "wheel"},
		{"source link", "https://github.com/NVIDIA/Fuser/blob/8226e61a2a843e8e4ad8c6c2801b019f654828d1/csrc/kernel_cache.cpp#L1310", "", "8226e61a2a843e8e4ad8c6c2801b019f654828d1", "source link"},
		{"version line wins over a wheel", "nvfuser-0.2.10-py3.10.egg\n# nvfuser version: 0.2.24+git6eb2bc0\n", "0.2.24", "6eb2bc0", "nvfuser version line"},
		{"leading zeros", "nvfuser version: 0.02.024\n", "0.2.24", "", "nvfuser version line"},
		{"nothing", "RuntimeError: something failed in torch 2.5.1\n", "", "", ""},
		{"torch version is not nvfuser's", "# torch version: 2.6.0a0+git45ed7c1\n", "", "", ""},
		{"commit alone: +git on an nvfuser line", "nvfuser built from source at +git6eb2bc0\n", "", "6eb2bc0", "nvfuser commit"},
		{"torch's +git is not nvfuser's commit", "torch 2.6.0a0+git45ed7c1 with nvfuser\n", "", "", ""},
		{"git rev-parse", "$ git -C ~/Fuser rev-parse HEAD\n6EB2BC03b8c845a39683e60a5fdb97d295f306be\n", "", "6eb2bc03b8c845a39683e60a5fdb97d295f306be", "git rev-parse"},
		{"git rev-parse --short", "git rev-parse --short HEAD\n  6eb2bc03b\n", "", "6eb2bc03b", "git rev-parse"},
		{"pip requirement", "pip install git+https://github.com/NVIDIA/Fuser.git@6eb2bc0#egg=nvfuser\n", "", "6eb2bc0", "pip requirement"},
		{"checkout folder", "at \"/workspace/Fuser-6eb2bc0/csrc/a.cpp\":499", "", "6eb2bc0", "path"},
		{"a version line's commit wins over a path", "# nvfuser version: 0.2.24+git6eb2bc0\n/w/Fuser-abcdef1/csrc/a.cpp:3", "0.2.24", "6eb2bc0", "nvfuser version line"},
		{"a hash that is no build", "Merge: 6eb2bc0 abcdef1\ncommit 6eb2bc03b8c845a39683e60a5fdb97d295f306be\n", "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := ParseBuild(tc.text)
			if b.Version != tc.version || b.Commit != tc.commit || b.From != tc.from {
				t.Errorf("ParseBuild = %+v, want version %q commit %q from %q", b, tc.version, tc.commit, tc.from)
			}
		})
	}
}

// TestResolveCommit: a build named by its commit gets the version whose
// main-line commits hold it, and says how; one the main line does not
// hold, or holds before any version, keeps what the paste said.
func TestResolveCommit(t *testing.T) {
	mainline := []string{"0000000aaaa", "1111111bbbb", "2222222cccc", "6eb2bc03b8c8", "4444444dddd", "5555555eeee"}
	idx := &Index{BuildCommits: BuildCommitsOf(mainline, []model.Event{{Commit: "1111111bbbb", Version: "0.2.23"}, {Commit: "6eb2bc03b8c8", Version: "0.2.24"}, {Commit: "5555555eeee", Version: "0.2.25"}})}
	if want := map[string]string{"": "0000000", "0.2.23": "11111112222222", "0.2.24": "6eb2bc04444444", "0.2.25": "5555555"}; !reflect.DeepEqual(idx.BuildCommits, want) {
		t.Fatalf("BuildCommitsOf = %v, want %v", idx.BuildCommits, want)
	}
	for _, tc := range []struct {
		in           BuildRef
		version, via string
	}{
		{BuildRef{Commit: "6eb2bc0"}, "0.2.24", "version 0.2.24 from the history: commit 6eb2bc0 is on nvFuser's main line in 0.2.24"},
		{BuildRef{Commit: "4444444dddd"}, "0.2.24", "version 0.2.24 from the history: commit 4444444dd is on nvFuser's main line in 0.2.24"},
		{BuildRef{Commit: "2222222"}, "0.2.23", "version 0.2.23 from the history: commit 2222222 is on nvFuser's main line in 0.2.23"},
		{BuildRef{Version: "0.2.24", Commit: "6eb2bc0"}, "0.2.24", "commit 6eb2bc0 is on nvFuser's main line in 0.2.24"},
		{BuildRef{Version: "0.2.30", Commit: "6eb2bc0"}, "0.2.30", "the paste says 0.2.30, but commit 6eb2bc0 is in 0.2.24 on nvFuser's main line: lines resolved as the paste says"},
		{BuildRef{Commit: "0000000"}, "", "commit 0000000 is older than nvFuser's first version: lines resolved against today's"},
		{BuildRef{Commit: "abcdef1"}, "", "commit abcdef1 is not on nvFuser's main line as the handbook read it: lines resolved as the paste's version says, else against today's"},
		{BuildRef{Version: "0.2.24"}, "0.2.24", ""},
	} {
		b, via := idx.resolveCommit(tc.in)
		if b.Version != tc.version || via != tc.via || b.Commit != tc.in.Commit {
			t.Errorf("resolveCommit(%+v) = %+v, %q; want version %q, %q", tc.in, b, via, tc.version, tc.via)
		}
	}
	if b, via := (&Index{}).resolveCommit(BuildRef{Commit: "6eb2bc0"}); b.Version != "" || via != "" {
		t.Errorf("an index without main-line commits resolved %+v (%q)", b, via)
	}
}

func TestParseVersionField(t *testing.T) {
	for in, want := range map[string]string{
		"0.2.24":               "0.2.24",
		" v0.2.24+git6eb2bc0 ": "0.2.24+git6eb2bc0",
		"6eb2bc0":              "commit 6eb2bc0",
		"":                     "",
		"latest":               "",
	} {
		if got := ParseVersionField(in).String(); got != want {
			t.Errorf("ParseVersionField(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzParseBuild: any text parses without panicking, and what it finds is
// a dotted version and a hex commit, both found in the text.
func FuzzParseBuild(f *testing.F) {
	for _, s := range []string{"# nvfuser version: 0.2.24+git6eb2bc0", "Name: nvfuser\nVersion: 0.2.1", "nvfuser-0.2.17+gitd630e71-py3.10", "github.com/NVIDIA/Fuser/blob/8226e61/csrc", "nvfuser==1.2.3", "git rev-parse HEAD\n6eb2bc0", "nvfuser +gitabcdef1", "/Fuser-6eb2bc0/x", "Fuser.git@6eb2bc0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := ParseBuild(s)
		if b.Version != "" {
			for _, p := range strings.Split(b.Version, ".") {
				if p == "" || strings.Trim(p, "0123456789") != "" {
					t.Fatalf("version %q is not dotted numbers", b.Version)
				}
			}
		}
		if b.Commit != "" && (len(b.Commit) < 7 || strings.Trim(b.Commit, "0123456789abcdef") != "") {
			t.Fatalf("commit %q is not a hash", b.Commit)
		}
		if b.Commit != "" && !strings.Contains(strings.ToLower(s), b.Commit) {
			t.Fatalf("commit %q not in the text", b.Commit)
		}
		if utf8.ValidString(s) && b.Known() != (b.String() != "") {
			t.Fatalf("Known and String disagree: %+v", b)
		}
	})
}

func TestReportURL(t *testing.T) {
	idx := &Index{Report: "https://github.com/NVIDIA/Fuser/issues/new"}
	long := strings.Repeat("frame #1: nvfuser::f() ÄÖ\n", 400)
	m := &Match{Title: "Vectorized accesses cannot be inline", URL: "https://h.test/errors/v/", Check: "v", Build: "0.2.24+git6eb2bc0"}
	u := idx.ReportURL("# nvfuser version: 0.2.24+git6eb2bc0\n"+long, m)
	for _, want := range []string{"?title=Vectorized%20accesses%20cannot%20be%20inline&body=", "Check%3A%20v%0A", "Build%3A%20nvfuser%200.2.24%2Bgit6eb2bc0", "Handbook%3A%20https%3A%2F%2Fh.test%2Ferrors%2Fv%2F", "trimmed"} {
		if !strings.Contains(u, want) {
			t.Errorf("report link lacks %q: %.300s", want, u)
		}
	}
	if len(u) > 8000 {
		t.Errorf("report link is %d bytes: too long for a URL", len(u))
	}
	if got := idx.ReportURL("Segmentation fault\nnvfuser: 0.2.3\n", nil); !strings.Contains(got, "title=Error%20no%20nvFuser%20check%20matched") || !strings.Contains(got, "Build%3A%20nvfuser%200.2.3") {
		t.Errorf("no-match report link: %s", got)
	}
	if (&Index{}).ReportURL("x", nil) != "" {
		t.Error("a report link without a tracker")
	}
}
