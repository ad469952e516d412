package config

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	body := "baseURL = \"https://h.test/\"\n[params.handbook]\nsource = \"../Fuser\"\nnotes = [\"notes\", \"/abs/notes\"]\nrepo_ref = \"v1\"\nurl_manifest = \"urls.txt\"\n"
	if err := os.WriteFile(cfg, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(cfg)
	if err != nil {
		t.Fatal(err)
	}
	checks := map[string][2]string{
		"BaseURL":     {s.BaseURL, "https://h.test/"},
		"Source":      {s.Source, filepath.Join(filepath.Dir(dir), "Fuser")},
		"Notes[0]":    {s.Notes[0], filepath.Join(dir, "notes")},
		"Notes[1]":    {s.Notes[1], "/abs/notes"},
		"Out":         {s.Out, filepath.Join(dir, "public")},
		"RepoURL":     {s.RepoURL, "https://github.com/NVIDIA/Fuser"},
		"RepoRef":     {s.RepoRef, "v1"},
		"URLManifest": {s.URLManifest, filepath.Join(dir, "urls.txt")},
		"Generated":   {s.GeneratedDir(), filepath.Join(dir, "generated")},
	}
	for name, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s = %q, want %q", name, c[0], c[1])
		}
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(cfg, []byte("title = \"x\"\n[params\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(cfg); err == nil || !regexp.MustCompile(regexp.QuoteMeta(cfg)+`:\d+: `).MatchString(err.Error()) {
		t.Errorf("err = %v, want file:line", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.toml")); err == nil {
		t.Error("a missing config loaded")
	}
}

// The repository's own config.toml loads.
func TestRepositoryConfig(t *testing.T) {
	s, err := Load(filepath.Join("..", "..", "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if s.BaseURL == "" || s.Source != "" {
		t.Errorf("repository config: %+v", s)
	}
}

// Hugo's conventions apply to gen's settings too: a config/ folder instead
// of config.toml, HUGO_* environment overrides.
func TestHugoConventions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string
		env     map[string]string
		baseURL string
		repoRef string
	}{
		{"config folder", map[string]string{
			"config/_default/hugo.toml":   "baseURL = \"https://folder.test/\"\n",
			"config/_default/params.toml": "[handbook]\nrepo_ref = \"v2\"\n",
		}, nil, "https://folder.test/", "v2"},
		{"production overrides _default", map[string]string{
			"config/_default/hugo.toml":   "baseURL = \"https://dev.test/\"\n",
			"config/production/hugo.toml": "baseURL = \"https://prod.test/\"\n",
			"config/_default/params.yaml": "handbook:\n  repo_ref: v3\n",
		}, nil, "https://prod.test/", "v3"},
		{"HUGO_BASEURL", map[string]string{
			"config.toml": "baseURL = \"https://file.test/\"\n",
		}, map[string]string{"HUGO_BASEURL": "https://env.test/"}, "https://env.test/", "main"},
		{"HUGO_PARAMS", map[string]string{
			"config.toml": "baseURL = \"https://file.test/\"\n[params.handbook]\nrepo_ref = \"v1\"\n",
		}, map[string]string{"HUGOxPARAMSxHANDBOOKxREPO_REF": "v9"}, "https://file.test/", "v9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, body := range tc.files {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			s, err := Load(filepath.Join(dir, "config.toml"))
			if err != nil {
				t.Fatal(err)
			}
			if s.BaseURL != tc.baseURL || s.RepoRef != tc.repoRef {
				t.Errorf("baseURL %q repo_ref %q, want %q %q", s.BaseURL, s.RepoRef, tc.baseURL, tc.repoRef)
			}
		})
	}
}

// TestUnknownKeyWarns: a misspelt [params.handbook] key is a warning with
// file and line, not silently ignored; Hugo's own keys are not ours to judge.
func TestUnknownKeyWarns(t *testing.T) {
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte("baseURL = \"https://x/\"\ntitle = \"t\"\n[params]\n  color = \"red\"\n[params.handbook]\n  notes = []\n  sorce = \"../Fuser\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], p+":7: unknown key sorce") {
		t.Errorf("warnings = %q, want one naming %s:7 and sorce", s.Warnings, p)
	}
}

// A value of the wrong type is an error naming the file and line.
func TestWrongType(t *testing.T) {
	for _, body := range []string{"[params.handbook]\nnotes = \"notes\"\n", "[params.handbook]\nsource = 3\n"} {
		p := filepath.Join(t.TempDir(), "config.toml")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(p); err == nil || !strings.Contains(err.Error(), p+":2: params.handbook.") {
			t.Errorf("%q: err = %v, want one naming %s:2", body, err, p)
		}
	}
}
