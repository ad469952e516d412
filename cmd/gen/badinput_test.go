package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/testsite"
)

// A well-formed minimal checkout the bad inputs are dropped into.
var goodTree = map[string]string{
	"tools/env-config/env_options.yaml": "categories:\n  dump:\n    display_name: Dump\noptions:\n  - name: fusion_ir\n    description: print it\n    type: bool\n    category: dump\n    env_var: NVFUSER_DUMP\n",
	"csrc/options.h":                    "namespace nvfuser {\n//! These can be set through the `NVFUSER_DUMP` environment variable\nenum class DebugDumpOption {\n  FusionIr, //!< print it\n  EndOfOption\n};\n}\n",
	"csrc/options.cpp":                  "namespace nvfuser {\ntemplate <>\nstd::unordered_map<DebugDumpOption, std::vector<std::string>> Options<DebugDumpOption>::getOptionsFromEnv() {\n  const std::unordered_map<std::string, DebugDumpOption> available_options = {\n      {\"fusion_ir\", DebugDumpOption::FusionIr}};\n  return parseEnvOptions(\"DUMP\", available_options);\n}\n}\n",
	"csrc/a.cpp":                        "bool f() { return isDebugDumpEnabled(DebugDumpOption::FusionIr); }\n",
}

// TestBadInputCorpus: every malformed input either fails with a message
// naming the file (and line, where there is one) and exit status 1, or
// builds and renders safely.
func TestBadInputCorpus(t *testing.T) {
	proj := testsite.New(t)
	cfg := filepath.Join(proj, "config.toml")
	nested := strings.Repeat("> ", 5000) + "deep\n"
	tests := []struct {
		name   string
		files  map[string]string // overrides of goodTree; notes go under notes/
		fail   string            // "" = must build; else a substring of the error
		render func(t *testing.T, out string)
	}{
		{name: "broken yaml", files: map[string]string{"tools/env-config/env_options.yaml": "options:\n  - name: [unclosed\n"}, fail: "tools/env-config/env_options.yaml:"},
		{name: "yaml duplicate names", files: map[string]string{"tools/env-config/env_options.yaml": "options:\n  - name: A\n  - name: A\n"}, fail: "tools/env-config/env_options.yaml:3: duplicate entry"},
		{name: "truncated table", files: map[string]string{"csrc/options.cpp": "const std::unordered_map<std::string, DebugDumpOption> available_options = {\n  {\"fusion_ir\", DebugDumpOption::FusionIr},\n"}, fail: "csrc/options.cpp:1"},
		{name: "garbage c++", files: map[string]string{"csrc/options.h": "enum class DebugDumpOption { \"unterminated\n"}, fail: "csrc/options.h:"},
		{name: "binary header", files: map[string]string{"csrc/options.h": "\x7fELF\x00\x01\x02"}, fail: "csrc/options.h"},
		{name: "binary note", files: map[string]string{"notes/core.md": "\x00\x01core dump"}, fail: "notes/core.md"},
		{name: "invalid utf-8 note", files: map[string]string{"notes/latin1.md": "# Crash in caf\xe9\n\nSIGSEGV in `nvfuser::A::b`\n"}},
		{name: "deeply nested note", files: map[string]string{"notes/deep.md": nested}, fail: "notes/deep.md"},
		{name: "duplicate note ids", files: map[string]string{"notes/a/crash.md": "# A\n", "notes/b/crash.md": "# B\n"}, fail: "note id \"crash\" is already used"},
		{name: "reference hugo cannot resolve", files: map[string]string{"notes/badref.md": "# Crash\n\nSee [the variable](/env/nvfuser_no_such_variable) for details.\n"}, fail: "notes/badref.md: broken internal link \"/env/nvfuser_no_such_variable\""},
		{name: "unbalanced option parens", files: map[string]string{"notes/parens.md": "# Crash\n\nRun `NVFUSER_DUMP=fusion_ir(3,4 pytest x.py` and it segfaults.\n"}},
		{name: "raw html and script in a note", files: map[string]string{"notes/xss.md": "# Crash\n\n<script>window.__pwned=1</script>\n\n<img src=x onerror=alert(1)>\n\nSIGSEGV\n"},
			render: func(t *testing.T, out string) {
				var page []byte
				for _, sec := range []string{"runbooks", "guides", "notes"} {
					if b, err := os.ReadFile(filepath.Join(out, sec, "xss", "index.html")); err == nil {
						page = b
					}
				}
				if page == nil {
					t.Fatal("the note's page was not built")
				}
				if strings.Contains(string(page), "__pwned") || strings.Contains(string(page), "onerror") {
					t.Error("raw HTML from the note reached the page")
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			files := map[string]string{}
			for k, v := range goodTree {
				files[k] = v
			}
			for k, v := range tc.files {
				files[k] = v
			}
			for k, v := range files {
				writeFile(t, filepath.Join(src, k), v)
			}
			out := filepath.Join(t.TempDir(), "site")
			args := []string{"--config", cfg, "--source", src, "--out", out}
			if _, err := os.Stat(filepath.Join(src, "notes")); err == nil {
				args = append(args, "--notes", filepath.Join(src, "notes"))
			}
			code, stdout, stderr := gen(t, "", args...)
			if tc.fail != "" {
				if code != 1 {
					t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
				}
				if !strings.Contains(stderr, tc.fail) {
					t.Errorf("error does not say %q:\n%s", tc.fail, stderr)
				}
				if _, err := os.Stat(out); err == nil {
					t.Error("a site was published despite the error")
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
			}
			if tc.render != nil {
				tc.render(t, out)
			}
		})
	}
}
