package notes

import (
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestRefusedInput checks that input Parse will not read fails fast with
// an error naming the file and line.
func TestRefusedInput(t *testing.T) {
	var nestedList strings.Builder
	for i := 0; i < 200; i++ {
		nestedList.WriteString(strings.Repeat("  ", i) + "- item\n")
	}
	tests := []struct {
		name, in, err string
	}{
		{"nul byte", "# ok\n\nline two\x00more", "bad.md:3: binary file"},
		{"too large", strings.Repeat("a\n", MaxBytes/2+1), "bad.md:1: file is"},
		{"nested blockquotes", "text\n" + strings.Repeat(">", 10000) + " deep\n", "bad.md:2: markdown nested 10000 levels"},
		{"nested list markers", strings.Repeat("- ", 10000) + "x\n", "bad.md:1: markdown nested"},
		{"nested by indentation", nestedList.String(), "bad.md:65: markdown nested 65 levels"},
		{"unclosed link destinations", strings.Repeat("[a](", 100000), "bad.md:1: too many unclosed link destinations"},
		{"nesting after front matter", "---\ntitle: x\n---\n" + strings.Repeat("> ", 100) + "x\n", "bad.md:4: markdown nested"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			n, err := Parse("bad.md", []byte(tc.in), Options{})
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err = %v, want %q", err, tc.err)
			}
			if n != nil {
				t.Errorf("note returned with error")
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("refusing took %v", d)
			}
		})
	}
}

// TestAwkwardInput checks input that must be read, quickly and without
// panicking: huge lines, invalid UTF-8, unclosed constructs, runs that are
// quadratic in naive markdown parsers.
func TestAwkwardInput(t *testing.T) {
	tests := []struct{ name, in string }{
		{"1 MB line", strings.Repeat("NVFUSER_DUMP=fusion_ir csrc/a.cpp:1 #12 segfault ", 1<<20/48)},
		{"1 MB word", strings.Repeat("a", 1<<20)},
		{"invalid utf8", "# T\xff\xfe\n\n`NVFUSER_DUMP=fu\xc3sion` SIGSEGV \xed\xa0\x80\n"},
		{"underscore run", strings.Repeat("_a", 300000)},
		{"open brackets", strings.Repeat("[", 500000)},
		{"backticks", strings.Repeat("`a ", 200000)},
		{"emphasis", strings.Repeat("**a", 200000)},
		{"unclosed fence", "```bash\nNVFUSER_DUMP=fusion_ir pytest x\n"},
		{"unclosed quote", "```bash\nNVFUSER_DUMP=\"fusion_ir pytest x\n```\n"},
		{"deep substitution", "`A_B=" + strings.Repeat("$(", 100000) + "`"},
		{"option parens", "`NVFUSER_DUMP=" + strings.Repeat("a(", 50000) + "`"},
		{"many lines", strings.Repeat("> - [x] `NVFUSER_DUMP=fusion_ir` csrc/a.cpp:1\n", 20000)},
		{"lone CR", "# A\rline two\r`NVFUSER_DUMP=cuda_kernel`\r"},
		{"front matter only", "+++\ntitle = \"x\"\n+++"},
		{"bom", "\xef\xbb\xbf---\ntitle: x\n---\nbody\n"},
		{"table chaos", "|a|b|\n|-|-|\n" + strings.Repeat("|`NVFUSER_DUMP=x`|"+strings.Repeat("|", 50)+"\n", 5000)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			n, err := Parse("odd.md", []byte(tc.in), Options{})
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			// A guard against hangs, not a benchmark: generous enough for
			// -race and slow CI machines (normally well under a second).
			if d := time.Since(start); d > 45*time.Second {
				t.Errorf("took %v", d)
			}
			checkInvariants(t, n, []byte(tc.in))
			for _, s := range append([]string{n.Title, n.Symptom, n.Body}, n.Symbols...) {
				if !utf8.ValidString(s) {
					t.Errorf("invalid UTF-8 in output: %q", s)
				}
			}
		})
	}
}

func TestBOMAndCRLFFrontMatter(t *testing.T) {
	n := mustParse(t, "b.md", "\xef\xbb\xbf---\r\ntitle: From YAML\r\n---\r\n# H\r\n")
	if n.Title != "From YAML" || n.BodyLine != 4 {
		t.Errorf("title %q bodyLine %d", n.Title, n.BodyLine)
	}
}

func TestDeterministic(t *testing.T) {
	files := fixtureFiles(t)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := Parse(f, data, fakeOptions())
		b, _ := Parse(f, data, fakeOptions())
		if a == nil || b == nil {
			t.Fatalf("%s: parse failed", f)
		}
		if !equalNotes(a, b) {
			t.Errorf("%s: two parses differ", f)
		}
	}
}

// TestConcurrentParse parses notes from several goroutines; run with
// -race it shows the shared goldmark parser and regexps are safe to share.
func TestConcurrentParse(t *testing.T) {
	files := fixtureFiles(t)
	done := make(chan error, len(files))
	for _, f := range files {
		go func() {
			data, err := os.ReadFile(f)
			if err == nil {
				_, err = Parse(f, data, fakeOptions())
			}
			done <- err
		}()
	}
	for range files {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
