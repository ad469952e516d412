package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func load(t *testing.T, body string) (*Settings, string, error) {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(cfg, []byte("baseURL = \"https://h.test/\"\n"+body), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(cfg)
	return s, cfg, err
}

func TestDocsSettings(t *testing.T) {
	tests := []struct {
		name, body       string
		docs             string
		include, exclude []string
	}{
		{"defaults", "[params.handbook]\n", DocsAuto, DefaultDocsInclude, DefaultDocsExclude},
		{"off", "[params.handbook]\ndocs = \"off\"\n", DocsOff, DefaultDocsInclude, DefaultDocsExclude},
		{"on in capitals", "[params.handbook]\ndocs = \"ON\"\n", DocsOn, DefaultDocsInclude, DefaultDocsExclude},
		{"false", "[params.handbook]\ndocs = false\n", DocsOff, DefaultDocsInclude, DefaultDocsExclude},
		{"globs", "[params.handbook]\ndocs_include = [\"doc/dev/*.md\", \"README.md\"]\ndocs_exclude = []\n", DocsAuto, []string{"doc/dev/*.md", "README.md"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _, err := load(t, tc.body)
			if err != nil {
				t.Fatal(err)
			}
			if s.Docs != tc.docs || !slices.Equal(s.DocsInclude, tc.include) || !slices.Equal(s.DocsExclude, tc.exclude) {
				t.Errorf("docs %q include %q exclude %q, want %q %q %q", s.Docs, s.DocsInclude, s.DocsExclude, tc.docs, tc.include, tc.exclude)
			}
			if len(s.Warnings) > 0 {
				t.Errorf("warnings %q", s.Warnings)
			}
		})
	}
}

func TestOverrides(t *testing.T) {
	body := `[params.handbook]
  notes = []

[[params.handbook.overrides]]
  match = "doc/dev/ragged*.md"
  kind = "Guide"
  title = "Ragged"

[[params.handbook.overrides]]
  match = "004_*.txt"
  status = "resolved"
`
	s, cfg, err := load(t, body)
	if err != nil {
		t.Fatal(err)
	}
	want := []Override{
		{Match: "doc/dev/ragged*.md", Kind: "guide", Title: "Ragged", At: model.Location{File: cfg, Line: 5}},
		{Match: "004_*.txt", Status: "resolved", At: model.Location{File: cfg, Line: 10}},
	}
	if !slices.Equal(s.Overrides, want) {
		t.Errorf("overrides\n%+v\nwant\n%+v", s.Overrides, want)
	}
	if got, want := s.Overrides[1].Name(), cfg+`:10: [[params.handbook.overrides]] match = "004_*.txt"`; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
}

// Bad settings stop the run, naming config.toml's line and the entry.
func TestDocsErrors(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"docs value", "[params.handbook]\ndocs = \"sometimes\"\n", `config.toml:3: params.handbook.docs = "sometimes"`},
		{"bad include glob", "[params.handbook]\ndocs_include = [\"/abs/*.md\"]\n", "config.toml:3: params.handbook.docs_include: pattern \"/abs/*.md\""},
		{"unknown kind", "[params.handbook]\n[[params.handbook.overrides]]\nmatch = \"doc/x.md\"\nkind = \"howto\"\n", `config.toml:3: [[params.handbook.overrides]] match = "doc/x.md": kind "howto" is not one of runbook, guide, notes`},
		{"unknown status", "[params.handbook]\n[[params.handbook.overrides]]\nmatch = \"doc/x.md\"\nstatus = \"done\"\n", `status "done" is not one of`},
		{"no match", "[params.handbook]\n[[params.handbook.overrides]]\nkind = \"guide\"\n", `config.toml:3: [[params.handbook.overrides]] match = "": match is missing`},
		{"sets nothing", "[params.handbook]\n[[params.handbook.overrides]]\nmatch = \"a.md\"\n", "sets nothing"},
		{"unknown key", "[params.handbook]\n[[params.handbook.overrides]]\nmatch = \"a.md\"\nkinds = \"guide\"\n", "unknown key kinds"},
		{"bad glob", "[params.handbook]\n[[params.handbook.overrides]]\nmatch = \"doc/x**.md\"\nkind = \"guide\"\n", `"**" must be a whole folder name`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := load(t, tc.body)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}
