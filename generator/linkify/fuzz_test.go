package linkify

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLinkify checks that Linkify never panics, that its output still
// parses with every code block unchanged and no link nested in another,
// and that refused input comes back untouched.
func FuzzLinkify(f *testing.F) {
	files, _ := filepath.Glob("../notes/testdata/*.md")
	if len(files) == 0 {
		f.Fatal("no fixture notes in ../notes/testdata")
	}
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"NVFUSER_DUMP=fusion_ir,weird", "`NVFUSER_DUMP`", "#12 **#13**a", "| NVFUSER_DUMP |\n|---|\n| `#1` |",
		"<a>NVFUSER_DUMP</a>", "[NVFUSER_DUMP]\n\n[nvfuser_dump]: /x", "*a*NVFUSER_DUMP_b_", "csrc/options.cpp:1-2\\",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := Linkify(in, fakeResolver{})
		if err != nil {
			if !bytes.Equal(out, in) {
				t.Fatalf("refused input was changed")
			}
			return
		}
		if err := faithful(in, out); err != nil {
			t.Fatalf("%v\ninput %q\noutput %q", err, in, out)
		}
	})
}
