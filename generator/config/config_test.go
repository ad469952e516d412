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

// TestStaleAfterDays: stale_after_days is a whole number of days, 0 to a
// century, 14 when unset; anything else is an error naming its line.
func TestStaleAfterDays(t *testing.T) {
	for _, c := range []struct {
		value string // "" leaves it unset
		want  int
		err   string
	}{
		{"", DefaultStaleAfterDays, ""},
		{"0", 0, ""},
		{"30", 30, ""},
		{"36500", 36500, ""},
		{"7.0", 7, ""},
		{"36501", 0, "0 (never) to 36500 days, got 36501"},
		{"-1", 0, "got -1"},
		{"1.5", 0, "whole number of days, got 1.5"},
		{`"14"`, 0, "whole number of days, got string"},
		{"true", 0, "got bool"},
		{"18446744073709551615", 0, "too large"}, // TOML itself refuses it, at the line
	} {
		body := "[params.handbook]\n"
		if c.value != "" {
			body += "stale_after_days = " + c.value + "\n"
		}
		p := filepath.Join(t.TempDir(), "config.toml")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Load(p)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), p+":2: ") || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: err = %v, want one naming %s:2 and %q", c.value, err, p, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.value, err)
			continue
		}
		if s.StaleAfterDays != c.want || len(s.Warnings) != 0 {
			t.Errorf("%s: StaleAfterDays %d, warnings %q; want %d and none", c.value, s.StaleAfterDays, s.Warnings, c.want)
		}
	}
}
