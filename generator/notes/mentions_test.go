package notes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// describe renders a mention as "kind text" (plus its options and file),
// where text is the body at the mention's range.
func describe(body string, m model.Mention) string {
	kinds := map[model.MentionKind]string{model.MentionVariable: "var", model.MentionAssignment: "assign",
		model.MentionFile: "file", model.MentionPR: "pr", model.MentionURL: "url", model.MentionTest: "test", model.MentionSymbol: "symbol"}
	s := kinds[m.Kind] + " " + body[m.Start:m.End]
	if m.Code {
		s = "code " + s
	}
	for _, o := range m.Options {
		s += fmt.Sprintf(" [%s]", body[o.Start:o.End])
	}
	if m.Kind == model.MentionFile {
		s += fmt.Sprintf(" -> %s exists=%v", m.File, m.File.Exists)
	}
	if m.Kind == model.MentionTest || m.Kind == model.MentionSymbol {
		s += " -> " + m.Name
	}
	return s
}

func TestMentions(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"math is opaque", "Math \\(NVFUSER_DUMP_{i} + #12\\) and\n\n$$\nNVFUSER_ENABLE * csrc/options.cpp\n$$\n\nthen NVFUSER_DISABLE.",
			[]string{"var NVFUSER_DISABLE"}},
		{"bare urls end where GFM ends them", "See https://x.org/a_b. (https://x.org/a_(b)) 'ftp://host/x'",
			[]string{"url https://x.org/a_b", "url https://x.org/a_(b)", "url ftp://host/x"}},
		{"prose", "Set NVFUSER_DUMP=fusion_ir,launch_param(3,4) and see #4410 in csrc/options.cpp:12.",
			[]string{"assign NVFUSER_DUMP=fusion_ir,launch_param(3,4) [fusion_ir] [launch_param]", "var NVFUSER_DUMP", "pr #4410",
				"file csrc/options.cpp:12 -> csrc/options.cpp:12 exists=true"}},
		{"quoted value and expansion", "`NVFUSER_DUMP='cuda_kernel'` or NVFUSER_DUMP=$X",
			[]string{"code assign `NVFUSER_DUMP='cuda_kernel'` [cuda_kernel]", "assign NVFUSER_DUMP=$X", "var NVFUSER_DUMP"}},
		{"code spans", "`NVFUSER_DUMP` `NVFUSER_DUMP=fusion_ir` `NVFUSER_DUMP=a,b` `#12` ``csrc/gone.cpp`` `ls -l`",
			[]string{"code var `NVFUSER_DUMP`", "code assign `NVFUSER_DUMP=fusion_ir` [fusion_ir]", "code assign `NVFUSER_DUMP=a,b`", "code pr `#12`",
				"code file ``csrc/gone.cpp`` -> csrc/gone.cpp exists=false"}},
		{"url protects", "see https://x.org/NVFUSER_DUMP now",
			[]string{"url https://x.org/NVFUSER_DUMP", "var NVFUSER_DUMP"}},
		{"never searched", "# NVFUSER_DUMP\n\n[NVFUSER_DUMP](/x) ![NVFUSER_DUMP](/i) <https://a/NVFUSER_DUMP>\n\n```\nNVFUSER_DUMP=x\n```\n\n<a href=\"/z\">NVFUSER_DUMP</a>",
			nil},
		{"table cell and task", "| a |\n|---|\n| NVFUSER_DUMP |\n\n- [ ] #12\n",
			[]string{"var NVFUSER_DUMP", "pr #12"}},
		{"not a PR", "&#1234; a#12 x/#3", nil},
		{"tests and symbols", "In nvfuser::Fusion::copy (not std::move), run /opt/Fuser/tests/python/test_x.py::test_a or NVFuserTest.FusionA and `SegmentCandidateFinder::run`.",
			[]string{"symbol nvfuser::Fusion::copy -> Fusion::copy", "test /opt/Fuser/tests/python/test_x.py::test_a -> tests/python/test_x.py::test_a",
				"file /opt/Fuser/tests/python/test_x.py -> tests/python/test_x.py exists=false", "test NVFuserTest.FusionA -> NVFuserTest.FusionA",
				"code symbol `SegmentCandidateFinder::run` -> SegmentCandidateFinder::run"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Parse("m.md", []byte(tc.body), fakeOptions())
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range n.Mentions {
				got = append(got, describe(n.Body, m))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("mentions:\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
			checkMentions(t, n)
		})
	}
}

// checkMentions asserts what holds for every note: mentions are sorted
// (earliest, then longest first) and each range is inside the body and
// holds what the mention says it names.
func checkMentions(t *testing.T, n *model.Note) {
	t.Helper()
	for i, m := range n.Mentions {
		if m.Start < 0 || m.End > len(n.Body) || m.Start >= m.End {
			t.Fatalf("mention %d range %d:%d outside a %d-byte body", i, m.Start, m.End, len(n.Body))
		}
		if i > 0 {
			p := n.Mentions[i-1]
			if p.Start > m.Start || p.Start == m.Start && p.End < m.End {
				t.Errorf("mentions %d and %d out of order", i-1, i)
			}
		}
		text := n.Body[m.Start:m.End]
		if m.Code {
			if text[0] != '`' || text[len(text)-1] != '`' {
				t.Errorf("code mention %q is not a whole code span", text)
			}
		} else {
			switch m.Kind {
			case model.MentionTest, model.MentionSymbol:
				if m.Name == "" {
					t.Errorf("%q names nothing", text)
				}
			case model.MentionVariable, model.MentionPR:
				if text != m.Name {
					t.Errorf("mention %q names %q", text, m.Name)
				}
			case model.MentionAssignment:
				if !strings.HasPrefix(text, m.Name+"=") {
					t.Errorf("assignment %q names %q", text, m.Name)
				}
			case model.MentionFile:
				if text != m.File.Raw {
					t.Errorf("file mention %q is %q", text, m.File.Raw)
				}
			}
		}
		for _, o := range m.Options {
			if o.Start < m.Start || o.End > m.End || n.Body[o.Start:o.End] != o.Name {
				t.Errorf("option %q at %d:%d of mention %q", o.Name, o.Start, o.End, text)
			}
		}
	}
}
