// Package config reads the generator's settings: the [params.handbook]
// table of Hugo's config.toml, overridden by command-line flags.
package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
)

// Settings is what one run of the generator reads and writes.
type Settings struct {
	// ConfigFile is config.toml's path; ProjectDir is its directory, which
	// holds layouts/ and content/.
	ConfigFile string
	ProjectDir string

	// Source is an nvFuser checkout; "" means the embedded example.
	Source string
	// Notes are note files, folders or globs.
	Notes []string
	// Out is where the built site is published.
	Out string

	BaseURL string
	RepoURL string // links to source files: RepoURL/blob/RepoRef/path#Lx
	RepoRef string
	// URLManifest lists URLs that were published and must never disappear.
	URLManifest string
	// NotesEditBase turns a note's path into an "edit this note" URL.
	NotesEditBase string

	// Warnings are findings about config.toml itself that do not stop a
	// run: an unknown [params.handbook] key (a typo that would silently be
	// ignored), named with file and line.
	Warnings []string

	// TemplateMetrics makes the render print Hugo's time per template
	// (gen build --template-metrics), to find what makes pages slow.
	TemplateMetrics bool
}

type file struct {
	BaseURL string `toml:"baseURL"`
	Params  struct {
		Handbook struct {
			Source      string   `toml:"source"`
			Notes       []string `toml:"notes"`
			Out         string   `toml:"out"`
			RepoURL     string   `toml:"repo_url"`
			RepoRef     string   `toml:"repo_ref"`
			URLManifest string   `toml:"url_manifest"`
			NotesEdit   string   `toml:"notes_edit_url"`
		} `toml:"handbook"`
	} `toml:"params"`
}

// Load reads path (config.toml). Relative paths inside it are resolved
// against its directory, so the generator can run from anywhere.
func Load(path string) (*Settings, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	var f file
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return nil, tomlError(path, err)
	}
	dir := filepath.Dir(abs)
	h := f.Params.Handbook
	s := &Settings{
		ConfigFile:    abs,
		ProjectDir:    dir,
		Source:        resolve(dir, h.Source),
		Out:           resolve(dir, h.Out),
		BaseURL:       f.BaseURL,
		RepoURL:       h.RepoURL,
		RepoRef:       h.RepoRef,
		URLManifest:   resolve(dir, h.URLManifest),
		NotesEditBase: h.NotesEdit,
	}
	for _, n := range h.Notes {
		s.Notes = append(s.Notes, resolve(dir, n))
	}
	for _, k := range md.Undecoded() {
		if len(k) == 3 && k[0] == "params" && k[1] == "handbook" {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s:%d: unknown key %s in [params.handbook]; ignored", path, keyLine(string(data), k[2]), k[2]))
		}
	}
	if s.Out == "" {
		s.Out = filepath.Join(dir, "public")
	}
	if s.RepoURL == "" {
		s.RepoURL = "https://github.com/NVIDIA/Fuser"
	}
	if s.RepoRef == "" {
		s.RepoRef = "main"
	}
	return s, nil
}

// GeneratedDir is where generated Hugo content is written: inside the
// project (so Hugo can mount it) but never under content/.
func (s *Settings) GeneratedDir() string { return filepath.Join(s.ProjectDir, "generated") }

func resolve(dir, p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

func tomlError(path string, err error) error {
	if pe, ok := err.(toml.ParseError); ok {
		return fmt.Errorf("%s:%d: %s", path, pe.Position.Line, pe.Message)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// keyLine finds the line of key's assignment after the [params.handbook]
// header (the TOML decoder does not report positions of unknown keys); 0
// when it cannot tell.
func keyLine(data, key string) int {
	inTable := false
	for i, line := range strings.Split(data, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			inTable = t == "[params.handbook]"
			continue
		}
		if rest, ok := strings.CutPrefix(t, key); inTable && ok && strings.HasPrefix(strings.TrimSpace(rest), "=") {
			return i + 1
		}
	}
	return 0
}
