package notes

import (
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestKind(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"runbook sections", "# Crash in X\n\n## Problem\n\nIt segfaults.\n\n## Reproduction\n\n```bash\npytest tests/python/test_x.py::test_y\n```\n\n## Root cause\n\nUnknown.\n", model.KindRunbook},
		{"how-to guide", "# Debugging tips\n\n## How to dump kernels\n\nUse `NVFUSER_DUMP=cuda_kernel`.\n\n## Profiling\n\nRun `nsys profile <CMD>`.\n\n## Using gdb\n\n```console\n$ gdb --args <CMD>\n```\n", model.KindGuide},
		{"plain notes", "# Meeting\n\nWe talked about the roadmap and the new scheduler API.\n", model.KindNotes},
		{"empty", "", model.KindNotes},
		{"page chrome wins", "Skip to content\n\nSign in\n\n# Segfault in matmul\n\n## Problem\n\nIt crashes with SIGSEGV.\n\nLabels\n\nbug\n\nProjects\n\nNone yet\n", model.KindNotes},
		{"front matter overrides", "---\nkind: guide\n---\n# Crash\n\n## Problem\n\nsegfault segfault crash\n", model.KindGuide},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if n := mustParse(t, "k.md", tc.in); n.Kind != tc.want {
				t.Errorf("kind = %s, want %s", n.Kind, tc.want)
			}
		})
	}
}

func TestStatus(t *testing.T) {
	base := "# Crash in the matmul scheduler\n\n## Problem\n\nThe test segfaults with SIGSEGV.\n\n## Reproduction\n\n`pytest tests/python/test_matmul.py::test_a -x`\n\n"
	tests := []struct {
		name  string
		front string // front matter placed before base
		tail  string // text after base
		want  string
	}{
		{"no conclusion", "", "", model.StatusOpen},
		{"empty report section", "", "# Investigation Report\n", model.StatusOpen},
		{"workaround section", "", "## Workaround\n\nRun with `NVFUSER_DISABLE=matmul_expr_eval`.\n", model.StatusWorkaround},
		{"empty workaround section", "", "## Workaround\n\n## Next steps\n\n- look at it\n", model.StatusOpen},
		{"workaround prose", "", "For now we work around it by skipping the check.\n", model.StatusWorkaround},
		{"negated workaround", "", "There is no known workaround yet.\n", model.StatusOpen},
		{"fixed in PR", "", "Fixed in #4410.\n", model.StatusResolved},
		{"resolved by commit", "", "Resolved by a1b2c3d4 on main.\n", model.StatusResolved},
		{"status line", "", "**Status:** resolved\n", model.StatusResolved},
		{"resolution section", "", "## Resolution\n\nThe cache key now includes the device.\n", model.StatusResolved},
		{"negated fix", "", "This is not fixed by #4410 yet.\n", model.StatusOpen},
		{"other issue resolved", "", "A similar issue has been resolved as the test was removed.\n", model.StatusOpen},
		{"resolved beats workaround", "", "## Workaround\n\nSkip it.\n\n## Fix\n\nLanded.\n", model.StatusResolved},
		{"front matter wins", "---\nstatus: workaround\n---\n", "", model.StatusWorkaround},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := mustParse(t, "s.md", tc.front+base+tc.tail)
			if n.Kind != model.KindRunbook || n.Status != tc.want {
				t.Errorf("kind/status = %s/%s, want runbook/%s", n.Kind, n.Status, tc.want)
			}
		})
	}
}

func TestTitleAndSymptom(t *testing.T) {
	tests := []struct {
		name, in, title, symptom string
	}{
		{"h1", "## Sub\n\n# Main `x`\n\ntext here", "Main x", "text here"},
		{"first heading", "### Only h3\n\nbody", "Only h3", "body"},
		{"humanised id", "plain text only", "T", "plain text only"},
		{"summary section", "# T\n\nIntro line that is long enough to be a paragraph.\n\n## Summary\n\nThe **real** symptom, with `code`.\n\nSecond para.\n",
			"T", "The real symptom, with `code`."},
		{"problem in subsection", "# T\n\n## The Problem\n\n### Details\n\nDeep symptom.\n", "T", "Deep symptom."},
		{"alert marker stripped", "# T\n\n> [!WARNING]\n> The kernel hangs at launch.\n", "T", "The kernel hangs at launch."},
		{"math kept as written", "# T\n\nThe tile is \\(2\\times 2\\) wide, NVFUSER_DUMP.\n", "T", "The tile is \\(2\\times 2\\) wide, NVFUSER_DUMP."},
		{"html comment dropped", "# T\n\nTo see prints in the test, change below to `true`:<!-- */ //-->\\\nand run it.\n", "T", "To see prints in the test, change below to `true`: and run it."},
		{"hard break after a comment", "# T\n\nTo see prints in the test, change below to `true`:<!-- */ //-->\\\n", "T", "To see prints in the test, change below to `true`:"},
		{"tags dropped, text kept", "# T\n\nThe <b>scheduler</b> picks one<br>heuristic per segment here.\n", "T", "The scheduler picks one heuristic per segment here."},
		{"a paragraph without math first", "# T\n\nA split of extent $N$ gives $N_o N_i \\ge N$ always.\n\nSplit divides one loop into an outer and an inner loop.\n", "T", "Split divides one loop into an outer and an inner loop."},
		{"math when nothing else", "# T\n\nA split of extent $N$ gives $N_o N_i \\ge N$ always.\n", "T", "A split of extent $N$ gives $N_o N_i \\ge N$ always."},
		{"skips short chrome", "Skip to content\n\nSign in\n\nThis is the first real paragraph of the page text.\n", "T", "This is the first real paragraph of the page text."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := mustParse(t, "t.md", tc.in)
			if n.Title != tc.title || n.Symptom != tc.symptom {
				t.Errorf("title/symptom = %q / %q, want %q / %q", n.Title, n.Symptom, tc.title, tc.symptom)
			}
		})
	}
}
