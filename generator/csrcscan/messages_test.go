package csrcscan

import (
	"testing"
	"testing/fstest"
)

// TestMessages: errors and warnings that name a variable are found with
// their macro, their text (literals joined across lines and arguments,
// run-time values as a placeholder) and the line of the literal that names
// it; other messages, comments and macro definitions are not.
func TestMessages(t *testing.T) {
	src := `#define NVF_ERROR(cond, ...) check(cond, __VA_ARGS__)
void compile(int n, std::string err) {
  NVF_ERROR(
      err.empty(),
      "Compiling ", n, " segments failed:\n",
      err,
      "\nTry NVFUSER_DISABLE=parallel_compile "
      "for a shorter message.");
  NVF_CHECK(f(a, b), "no variable named here");
  // NVF_THROW("NVFUSER_DUMP=fusion_ir in a comment");
  TORCH_WARN_ONCE("Set NVFUSER_JIT_OPT_LEVEL", " to 4 for speed");
  NVF_ERROR_EQ(a, b, "with NVFUSER_ENABLE=id_model, ", std::vector<int>{1, 2}, " differ");
  canScheduleRejectReason(type, "disabled by "
      "NVFUSER_DISABLE=matmul_expr_eval");
  if (!on) {
    return "fusion is off. "
           "Enable it using NVFUSER_ENABLE=fuse_matmul";
  }
  os << "NVFUSER_DEFINE_MAGIC_ZERO;\n" << "NVFUSER_BARE_NAME only";
  NVF_THROW("unclosed NVFUSER_X"
}
`
	fsys := fstest.MapFS{"csrc/compile.cpp": &fstest.MapFile{Data: []byte(src)}}
	r, err := Scan(fsys, nil)
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		Macro, Kind, Text string
		Line, MentionLine int
	}
	want := []got{
		{"NVF_ERROR", "error", "Compiling … segments failed:\n…\nTry NVFUSER_DISABLE=parallel_compile for a shorter message.", 3, 7},
		{"TORCH_WARN_ONCE", "warning", "Set NVFUSER_JIT_OPT_LEVEL to 4 for speed", 11, 11},
		{"NVF_ERROR_EQ", "error", "with NVFUSER_ENABLE=id_model, … differ", 12, 12},
		{"canScheduleRejectReason", "rejection", "disabled by NVFUSER_DISABLE=matmul_expr_eval", 13, 14},
		{"", "message", "fusion is off. Enable it using NVFUSER_ENABLE=fuse_matmul", 16, 17},
	}
	if len(r.Messages) != len(want) {
		t.Fatalf("found %d messages, want %d: %+v", len(r.Messages), len(want), r.Messages)
	}
	for i, m := range r.Messages {
		at := indexOf(m.Text, "NVFUSER_")
		g := got{m.Macro, m.Kind, m.Text, m.Where.Line, m.LineAt(at)}
		if g != want[i] || m.Where.File != "csrc/compile.cpp" {
			t.Errorf("message %d:\n got %+v\nwant %+v", i, g, want[i])
		}
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// FuzzMessages: any source scans without panicking, and every message kept
// names a variable and maps each offset to a line within the file.
func FuzzMessages(f *testing.F) {
	f.Add(`NVF_ERROR(x, "a ", y, "NVFUSER_DISABLE=parallel_compile");`)
	f.Add(`TORCH_WARN("NVFUSER_X" "y" (1, {2, 3}));`)
	f.Add(`NVF_CHECK(a, "NVFUSER_" ] )`)
	f.Fuzz(func(t *testing.T, src string) {
		r, err := Scan(fstest.MapFS{"csrc/f.cpp": &fstest.MapFile{Data: []byte(src)}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		lines := 1
		for _, c := range src {
			if c == '\n' {
				lines++
			}
		}
		for _, m := range r.Messages {
			if indexOf(m.Text, mentionMarker) < 0 {
				t.Errorf("kept a message that names no variable: %q", m.Text)
			}
			for off := range m.Text {
				if l := m.LineAt(off); l < 1 || l > lines {
					t.Errorf("offset %d of %q maps to line %d of %d", off, m.Text, l, lines)
				}
			}
		}
	})
}
