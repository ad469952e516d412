// Package model is the handbook's data model: what nvFuser's sources say about
// environment variables, option families, options, investigation notes and
// where they disagree.
//
// The model knows nothing about Hugo. Every later stage (content emission,
// the JSON API, the error lookup, and future exports such as option history
// or an agent bundle) reads a *Handbook; only the emit stage turns it into
// Hugo content. Keep it that way: new facts go here first.
package model

import (
	"fmt"
	"sort"
	"strconv"
)

// Location is a place in an input file. File is repository-relative for
// nvFuser sources ("csrc/options.cpp") and the path as given for notes.
type Location struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

// String renders "path:line", or "path" when the line is unknown, or "" for
// the zero Location. This is the form used in the JSON API.
func (l Location) String() string {
	if l.File == "" {
		return ""
	}
	if l.Line <= 0 {
		return l.File
	}
	return l.File + ":" + strconv.Itoa(l.Line)
}

// IsZero reports whether the location is unset.
func (l Location) IsZero() bool { return l.File == "" }

// Category is a group of variables declared in env_options.yaml.
type Category struct {
	Key         string // "dump", "build", ...
	DisplayName string
}

// Variable is one environment variable, from any source.
type Variable struct {
	Name        string // "NVFUSER_NUM_THREADS"
	Category    string // category key from env_options.yaml, or "" if undocumented
	Type        string // bool, int, string, multi (from the YAML)
	Default     string
	Choices     []string
	Description string

	// Family is set when the variable selects options of an option family
	// (NVFUSER_DUMP and friends).
	Family string

	Documented   bool     // listed in env_options.yaml
	DocumentedAt Location // its entry in env_options.yaml
	ReadAt       []Location

	// Accepts is the range or choices nvFuser's checks on the read path
	// state; nil when none is stated. CodeDefault is the value when
	// unset as the reading code states it; nil when it states none
	// (Default is then the YAML's text only).
	Accepts     *Accepts
	CodeDefault *CodeDefault

	// History is when it appeared, changed and went away; nil without git.
	// A variable only the history knows is no longer read or documented.
	History *History

	// Hints are messages nvFuser prints that suggest this variable (sorted
	// by place); a message naming one of its options is on the option.
	Hints []Hint
}

// Family is an option family: the options behind one environment variable
// such as NVFUSER_DUMP, backed by one C++ enum.
type Family struct {
	Env        string // "NVFUSER_DUMP"
	Key        string // "dump": short, URL-safe, derived from Env
	Enum       string // "DebugDumpOption"
	Doc        string // the enum's doc comment in options.h
	DefinedAt  Location
	DeclaredAt Location
}

// Option is one option of a family: a token accepted in NVFUSER_DUMP etc.
type Option struct {
	Env         string // "NVFUSER_DUMP"
	Family      string // family key, "dump"
	Name        string // "fusion_ir"
	Enum        string // "DebugDumpOption::FusionIr"
	Description string // options.h doc comment, else the YAML description

	// HeaderDescription and YAMLDescription keep each source's wording, so
	// the drift stage and pages can show both when they differ.
	HeaderDescription string
	YAMLDescription   string

	Type    string // from the YAML, when documented
	Default string

	DefinedAt    Location // the map entry in csrc/options.cpp; zero if only the YAML lists it
	DeclaredAt   Location // the enumerator in csrc/options.h
	ReadAt       []Location
	Documented   bool // listed in env_options.yaml
	DocumentedAt Location

	Hints []Hint // messages nvFuser prints that suggest NAME=option

	// History is when it appeared, changed and went away; nil without git.
	// A removed option (History.Removed set) has a zero DefinedAt.
	History *History
}

// Removed says whether the option is gone from the checkout: the history
// records its removal and no option table defines it now.
func (o *Option) Removed() bool { return o.DefinedAt.IsZero() && o.History.IsRemoved() }

// Removed says whether the variable is gone: nothing reads or documents it
// now and the history records its removal.
func (v *Variable) Removed() bool {
	return !v.Documented && len(v.ReadAt) == 0 && v.Family == "" && v.History.IsRemoved()
}

// Key identifies an option across sources.
func (o *Option) Key() string { return o.Env + "=" + o.Name }

// Drift kinds. They are part of the JSON API; do not rename.
const (
	DriftUndocumentedOption = "undocumented-option" // in options.cpp, not in the YAML
	DriftRemovedOption      = "documented-option-missing"
	DriftUndocumentedVar    = "undocumented-variable" // read in csrc, not in the YAML
	DriftUnreadVar          = "documented-variable-unread"
	DriftUnusedOption       = "option-never-consulted" // in the tables, never checked in csrc
	DriftUndeclaredOption   = "option-without-enum"    // map entry whose enumerator is not in options.h
	DriftStaleNoteOption    = "note-unknown-option"    // a note sets an option that does not exist
	DriftNoteMissingFile    = "note-missing-file"      // a note points at a file not in the checkout
	DriftNoteUnknownVar     = "note-unknown-variable"
	DriftNoteStaleRef       = "note-stale-reference" // lines a note points at changed, moved or went away since it was written
	DriftDefaultDiffers     = "default-differs"      // the YAML's default is not the reading code's
)

// DriftKind describes a kind of finding for readers.
type DriftKind struct {
	Kind  string
	Title string
	What  string // what it means and why it matters
}

// DriftKinds lists every kind in the order the report shows them. It is the
// one place a kind is described: pages and exports read it from here.
var DriftKinds = []DriftKind{
	{DriftUndocumentedOption, "Options missing from the YAML", "An option in the tables of csrc/options.cpp that env_options.yaml does not document. It works, but nobody can find it."},
	{DriftRemovedOption, "Documented options that no longer exist", "env_options.yaml documents an option that csrc/options.cpp does not define. Setting it does nothing (or is rejected)."},
	{DriftUndocumentedVar, "Variables read but not documented", "The code reads an environment variable that env_options.yaml does not describe."},
	{DriftUnreadVar, "Documented variables nothing reads", "env_options.yaml documents a variable that no code reads any more."},
	{DriftDefaultDiffers, "Defaults the code does not have", "env_options.yaml states a default that is not the value the code reading the variable falls back to when it is unset."},
	{DriftUnusedOption, "Options never consulted", "An option defined in the tables that no code in csrc checks: setting it has no effect."},
	{DriftUndeclaredOption, "Options without an enumerator", "An option table entry whose enumerator is not declared in csrc/options.h."},
	{DriftStaleNoteOption, "Notes setting unknown options", "A note sets an option that no option table defines: the note may be stale, or the option was renamed."},
	{DriftNoteMissingFile, "Notes pointing at missing files", "A note names a file that is not in the source checkout: it was moved, renamed or deleted."},
	{DriftNoteUnknownVar, "Notes setting unknown variables", "A note sets an environment variable the handbook does not know."},
	{DriftNoteStaleRef, "Notes pointing at code that changed", "Lines a note points at were edited, moved or deleted after the note was written (git history of the checkout): the note may describe code that is no longer there."},
}

// Drift is one disagreement between sources.
type Drift struct {
	Kind    string
	Subject string // the variable, "NVFUSER_DUMP=fusion_ir", or a file: for people and the JSON API
	Detail  string
	// Gone, from the git history, says when the option or variable went
	// away and what replaced it ("removed in 0.2.10, 2024-09-10, replaced
	// by NVFUSER_ENABLE=x"). Apart from Detail, so that the page of that
	// option or variable, whose banner already says it, does not say it
	// twice; the drift report and the JSON API show Text.
	Gone  string
	Where Location

	// What the finding is about, for stages that link or group it (never
	// re-parse Subject): the option or variable of a reference finding, or
	// the note of a note finding (whose Where is in the note); a note
	// setting an option nvFuser no longer accepts also names the Option
	// when the handbook still knows it (an option only the YAML lists).
	Option   *Option
	Variable *Variable
	Note     *Note
}

// Text is the finding's whole detail: Detail, then Gone.
func (d Drift) Text() string {
	if d.Gone == "" {
		return d.Detail
	}
	return d.Detail + "; " + d.Gone
}

// Diagnostic is a problem met while reading a source that did not stop the
// build: a missing input, a line that was skipped.
type Diagnostic struct {
	Where   Location
	Message string
}

func (d Diagnostic) String() string {
	if d.Where.IsZero() {
		return d.Message
	}
	return fmt.Sprintf("%s: %s", d.Where, d.Message)
}

// Handbook is everything the generator knows, ready to be emitted.
type Handbook struct {
	Categories []Category
	Variables  []*Variable // sorted by Name
	Families   []*Family   // sorted by Env
	Options    []*Option   // sorted by Env, then Name
	Notes      []*Note     // sorted by ID
	Drift      []Drift     // sorted by Kind, Subject
	Warnings   []Diagnostic
	// Checks are the errors and warnings nvFuser's checking macros can
	// raise, sorted by file and line (generator/checks).
	Checks []*Check
	// CheckSteps are what to try for every check of some kinds, from
	// config.toml's rules, what they name found in the checkout.
	CheckSteps []CheckStep
	// RemovedChecks are check ids the git history saw go away, most
	// recently removed first.
	RemovedChecks []RemovedCheck
	// PastSpots are where today's checks sat in past revisions, by file
	// and line.
	PastSpots []PastSpot
	// Quality is the check-quality report (generator/quality), most
	// costly to users first.
	Quality []CheckFinding
	// Coverage is what the error index says about its checks, by area and
	// kind, and what users hit that is not explained (generator/coverage).
	Coverage Coverage
	// Versions are the first commit of each nvFuser version
	// (python/version.txt), oldest first; empty without git history.
	Versions []Event
	// Mainline are the commits of the checkout's first-parent history,
	// full hashes, oldest first (generator/history): a build named by its
	// commit alone finds its version there.
	Mainline []string
	// StrayExplanations are explanations/<id>.md files whose id no check of
	// this checkout has or ever had (the history tells): a warning in a
	// build, an error under gen check --strict.
	StrayExplanations []Diagnostic

	// Revision is the nvFuser commit the checkout was at; zero for a plain
	// tree or the embedded example.
	Revision Revision
	// Inbound lists the handbook URLs written in nvFuser's tree, sorted by
	// place.
	Inbound []InboundLink

	// HasSource is false when no nvFuser checkout was read: then no file
	// named by a note can be called missing.
	HasSource bool
	// HasEnvYAML is false when env_options.yaml was not read: then nothing
	// can be called undocumented.
	HasEnvYAML bool
	// HasHistory is true when the checkout's git history was read: every
	// option and variable ever defined is listed, removed ones included.
	HasHistory bool
	// Changes lists additions, removals and renames, oldest first.
	Changes []Change

	// Lookup indexes, built once by Index when the reference lists are
	// complete (assemble does it before returning the handbook).
	indexed bool
	vars    map[string]*Variable
	opts    map[string]*Option
	fams    map[string]*Family
}

// Index builds the lookup maps from Variables, Options and Families. The
// stage that fills those lists calls it once they are final; from then on
// the maps are only read, so concurrent lookups are safe.
func (h *Handbook) Index() {
	h.vars = make(map[string]*Variable, len(h.Variables))
	for _, v := range h.Variables {
		h.vars[v.Name] = v
	}
	h.opts = make(map[string]*Option, len(h.Options))
	for _, o := range h.Options {
		h.opts[o.Key()] = o
	}
	h.fams = make(map[string]*Family, len(h.Families))
	for _, f := range h.Families {
		h.fams[f.Env] = f
	}
	h.indexed = true
}

// mustBeIndexed turns a lookup in a handbook nobody indexed (which would
// find nothing, silently) into a loud programming error.
func (h *Handbook) mustBeIndexed() {
	if !h.indexed {
		panic("model: lookup in a Handbook before Index was called")
	}
}

// Sort puts Variables, Families and Options in their published order:
// variables by name, families by variable, options by family then name.
// A stage that adds to the lists sorts and indexes again.
func (h *Handbook) Sort() {
	sort.Slice(h.Variables, func(i, j int) bool { return h.Variables[i].Name < h.Variables[j].Name })
	sort.Slice(h.Families, func(i, j int) bool { return h.Families[i].Env < h.Families[j].Env })
	sort.Slice(h.Options, func(i, j int) bool {
		a, b := h.Options[i], h.Options[j]
		if a.Family != b.Family {
			return a.Family < b.Family
		}
		return a.Name < b.Name
	})
}

// Variable returns the variable with the given name, or nil.
func (h *Handbook) Variable(name string) *Variable {
	h.mustBeIndexed()
	return h.vars[name]
}

// Family returns the family selected through env, or nil.
func (h *Handbook) Family(env string) *Family {
	h.mustBeIndexed()
	return h.fams[env]
}

// Option returns the option name of the family behind env, or nil.
func (h *Handbook) Option(env, name string) *Option {
	h.mustBeIndexed()
	return h.opts[env+"="+name] // Option.Key's form
}
