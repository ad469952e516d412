// Package config reads the generator's settings: the [params.handbook]
// table and baseURL of the Hugo configuration, loaded by Hugo's own
// config loader, overridden by command-line flags.
package config

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gohugoio/hugo/common/hmaps"
	"github.com/gohugoio/hugo/common/loggers"
	hconfig "github.com/gohugoio/hugo/config"
	"github.com/gohugoio/hugo/config/allconfig"
	"github.com/gohugoio/hugo/hugofs"

	"github.com/nvfuser-handbook/handbook/generator/internal/safefile"
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
	// Locale is config.toml's locale ("en-us"): the language of the
	// documents emit writes for the search index, as of Hugo's pages.
	Locale  string
	RepoURL string // links to source files: RepoURL/blob/RepoRef/path#Lx
	RepoRef string
	// URLManifest lists URLs that were published and must never disappear.
	URLManifest string
	// NotesEditBase turns a note's path into an "edit this note" URL.
	NotesEditBase string

	// Docs says whether nvFuser's own docs (DocsInclude minus DocsExclude,
	// globs of the checkout) are read as guides: DocsAuto, DocsOn or
	// DocsOff (see docs.go).
	Docs        string
	DocsInclude []string
	DocsExclude []string
	// Overrides set kinds, titles and statuses by path
	// ([[params.handbook.overrides]]).
	Overrides []Override
	// CheckSteps are what check pages list under "what to try" for every
	// check of some kinds ([[params.handbook.check_steps]]).
	CheckSteps []CheckStep
	// Explanations is the folder of explanations/<id>.md files
	// (default: explanations/ beside config.toml); ExplainURL, when set,
	// is the handbook repository's new-file page
	// (https://github.com/OWNER/REPO/new/BRANCH) that a check page's
	// "explain this check" link opens.
	Explanations string
	ExplainURL   string
	// RequireExplanations are the checks gen check --strict requires an
	// explanation for (require_explanations: ids and rules).
	RequireExplanations []ExplainRule

	// StaleAfterDays is the age of the nvFuser commit, in days, past which
	// the pages say the handbook may be behind nvFuser (computed in the
	// reader's browser: no build clock in the output); 0 never says it.
	StaleAfterDays int

	// Warnings are findings about the configuration itself that do not
	// stop a run: an unknown [params.handbook] key (a typo that would
	// silently be ignored), named with file and line.
	Warnings []string

	// TemplateMetrics makes the render print Hugo's time per template and
	// per build step (gen build --template-metrics), to find what makes
	// pages slow.
	TemplateMetrics bool
}

// Load reads the project's configuration through Hugo's own loader (see
// LoadHugo): config.toml beside it or a config/ folder, the environment's
// HUGO_* overrides. gen's settings are the [params.handbook] table and the
// baseURL Hugo resolved, so the JSON API, the checker and the rendered
// pages agree on them. Relative paths inside are resolved against the
// project folder, so the generator can run from anywhere.
func Load(path string) (*Settings, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(abs)
	configs, err := LoadHugo(abs, hconfig.New(), loggers.NewDefault())
	if err != nil {
		return nil, err
	}
	base := configs.Base
	h, _ := base.Params["handbook"].(hmaps.Params)                               // Hugo lower-cases keys
	data, _ := safefile.ReadFile(dir, filepath.Base(abs), safefile.MaxTextBytes) // for the line of a bad key, when the file has it
	where := func(k string) string {
		if line := keyLine(string(data), k); line > 0 {
			return abs + ":" + strconv.Itoa(line)
		}
		return abs
	}
	var typeErr error
	str := func(k string) string {
		v, ok := h[k].(string)
		if !ok && h[k] != nil && typeErr == nil {
			typeErr = fmt.Errorf("%s: params.handbook.%s: expected a string, got %T", where(k), k, h[k])
		}
		return v
	}
	s := &Settings{
		ConfigFile:    abs,
		ProjectDir:    dir,
		Source:        resolve(dir, str("source")),
		Out:           resolve(dir, str("out")),
		BaseURL:       base.BaseURL,
		Locale:        base.Locale,
		RepoURL:       str("repo_url"),
		RepoRef:       str("repo_ref"),
		URLManifest:   resolve(dir, str("url_manifest")),
		NotesEditBase: str("notes_edit_url"),
		Explanations:  resolve(dir, str("explanations")),
		ExplainURL:    str("explain_url"),
	}
	if s.Explanations == "" {
		s.Explanations = filepath.Join(dir, "explanations")
	}
	if typeErr != nil {
		return nil, typeErr
	}
	switch notes := h["notes"].(type) {
	case []any:
		for _, n := range notes {
			p, ok := n.(string)
			if !ok {
				return nil, fmt.Errorf("%s: params.handbook.notes: expected strings, got %T", where("notes"), n)
			}
			s.Notes = append(s.Notes, resolve(dir, p))
		}
	case []string:
		for _, n := range notes {
			s.Notes = append(s.Notes, resolve(dir, n))
		}
	case nil:
	default:
		return nil, fmt.Errorf("%s: params.handbook.notes: expected a list of paths, got %T", where("notes"), notes)
	}
	if err := s.loadDocs(abs, string(data), h); err != nil {
		return nil, err
	}
	if s.StaleAfterDays, err = staleAfterDays(h["stale_after_days"]); err != nil {
		return nil, fmt.Errorf("%s: params.handbook.stale_after_days: %v", where("stale_after_days"), err)
	}
	if s.CheckSteps, err = checkSteps(abs, string(data), h["check_steps"]); err != nil {
		return nil, err
	}
	if s.RequireExplanations, err = explainRules(abs, string(data), h["require_explanations"]); err != nil {
		return nil, err
	}
	s.Warnings = unknownKeys(abs, h)
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

// knownKeys are the [params.handbook] keys gen reads.
var knownKeys = map[string]bool{"source": true, "notes": true, "out": true, "repo_url": true, "repo_ref": true, "url_manifest": true, "notes_edit_url": true,
	"docs": true, "docs_include": true, "docs_exclude": true, "overrides": true,
	"check_steps": true, "explanations": true, "explain_url": true, "stale_after_days": true,
	"require_explanations": true}

// DefaultStaleAfterDays is stale_after_days when config.toml does not set
// it: two weeks, a dozen missed nightly runs.
const DefaultStaleAfterDays = 14

// maxStaleAfterDays bounds stale_after_days to a century, so the number a
// page prints stays an ordinary one.
const maxStaleAfterDays = 36500

// staleAfterDays reads stale_after_days: a whole number of days from 0
// (never) to a century; absent means DefaultStaleAfterDays.
func staleAfterDays(v any) (int, error) {
	var n int64
	switch x := v.(type) {
	case nil:
		return DefaultStaleAfterDays, nil
	case int64:
		n = x
	case int:
		n = int64(x)
	case uint64:
		if x > maxStaleAfterDays {
			n = maxStaleAfterDays + 1
		} else {
			n = int64(x)
		}
	case float64:
		if x != float64(int64(x)) {
			return 0, fmt.Errorf("want a whole number of days, got %v", x)
		}
		n = int64(x)
	default:
		return 0, fmt.Errorf("want a whole number of days, got %T", v)
	}
	if n < 0 || n > maxStaleAfterDays {
		return 0, fmt.Errorf("want 0 (never) to %d days, got %d", maxStaleAfterDays, n)
	}
	return int(n), nil
}

// unknownKeys warns about each [params.handbook] key gen does not read,
// sorted, with the line of config.toml that sets it when that file has it
// (Hugo's loader does not keep positions; a key set in a config/ folder or
// the environment is named without a line).
func unknownKeys(configFile string, h hmaps.Params) []string {
	var keys []string
	for k := range h {
		if !knownKeys[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	data, _ := safefile.ReadFile(filepath.Dir(configFile), filepath.Base(configFile), safefile.MaxTextBytes)
	var out []string
	for _, k := range keys {
		where := configFile
		if line := keyLine(string(data), k); line > 0 {
			where += ":" + strconv.Itoa(line)
		}
		out = append(out, fmt.Sprintf("%s: unknown key %s in [params.handbook]; ignored", where, k))
	}
	return out
}

// keyLine finds the line of key's assignment after the [params.handbook]
// header; 0 when it cannot tell.
func keyLine(data, key string) int {
	inTable := false
	for i, line := range strings.Split(data, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			inTable = t == "[params.handbook]"
			continue
		}
		if rest, ok := strings.CutPrefix(strings.ToLower(t), key); inTable && ok && strings.HasPrefix(strings.TrimSpace(rest), "=") {
			return i + 1
		}
	}
	return 0
}

// LoadHugo loads the Hugo configuration of the project whose config file
// is configFile the way the hugo command does: the file (or, when it does
// not exist, the project's config/ folder: config/_default and
// config/production), HUGO_* environment variables, then flags. gen's
// settings and the render both load through here, so one set of
// conventions decides the site, its JSON API and the checker's base URL.
func LoadHugo(configFile string, flags hconfig.Provider, logger loggers.Logger) (*allconfig.Configs, error) {
	dir := filepath.Dir(configFile)
	flags.Set("workingDir", dir)
	d := allconfig.ConfigSourceDescriptor{
		Fs:          hugofs.Os,
		Flags:       flags,
		Filename:    configFile,
		ConfigDir:   filepath.Join(dir, "config"), // as the hugo command
		Environment: "production",
		// Hugo skips the environment when it runs under go test; gen's
		// tests run gen in-process and must see what a real run sees.
		Environ: os.Environ(),
		Logger:  logger,
	}
	if _, err := os.Stat(configFile); err != nil {
		if _, derr := os.Stat(filepath.Join(dir, "config")); derr != nil {
			return nil, fmt.Errorf("config: %w", err)
		}
		d.Filename = "" // a config/ folder only
	} else if err := safefile.Check(dir, filepath.Base(configFile), safefile.MaxTextBytes); err != nil {
		// Read by the rule every input is read by, before Hugo's loader
		// opens it: a named pipe would hang it, a link out of the
		// project would read a file that is not the project's.
		return nil, err
	}
	configs, err := allconfig.LoadConfig(d)
	if err != nil {
		// Hugo names the place as "file:line:col" in quotes, deep in a
		// chain of wrappers; bring it to the front, as every gen error is.
		if m := hugoPlace.FindStringSubmatch(err.Error()); m != nil {
			return nil, fmt.Errorf("%s:%s: %s", m[1], m[2], m[3])
		}
		return nil, fmt.Errorf("config %s: %w", configFile, err)
	}
	return configs, nil
}

var hugoPlace = regexp.MustCompile(`"([^"]+):(\d+):\d+": (?:unmarshal failed: )?(.*)`)

// GeneratedDir is where generated Hugo content is written: inside the
// project (so Hugo can mount it) but never under content/.
func (s *Settings) GeneratedDir() string { return filepath.Join(s.ProjectDir, "generated") }

func resolve(dir, p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// PlaceholderBaseURL is config.toml's baseURL: an address no site is
// served at, for local builds. A site built with it has absolute links and
// JSON API urls that lead nowhere, which gen says.
const PlaceholderBaseURL = "https://nvfuser-handbook.example/"

// PlaceholderBase reports whether the site would be built for the
// placeholder address.
func (s *Settings) PlaceholderBase() bool { return s.BaseURL == PlaceholderBaseURL }
