// Package assemble reads every source through its parser and merges what
// they say into one model.Handbook: one Variable per environment variable,
// one Option per family option, one Note per note file, each carrying where
// every source mentions it. Disagreements are left for package drift.
package assemble

import (
	"slices"
	"sort"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/buildscan"
	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/coverage"
	"github.com/nvfuser-handbook/handbook/generator/cppopts"
	"github.com/nvfuser-handbook/handbook/generator/csrcscan"
	"github.com/nvfuser-handbook/handbook/generator/drift"
	"github.com/nvfuser-handbook/handbook/generator/envyaml"
	"github.com/nvfuser-handbook/handbook/generator/history"
	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/generator/localref"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/quality"
	"github.com/nvfuser-handbook/handbook/generator/sources"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// Facts is what the source parsers extracted, before merging.
type Facts struct {
	YAML   *envyaml.File // nil when the file is missing
	Tables []cppopts.Table
	Enums  []cppopts.Enum
	Reads  csrcscan.Reads
	Build  map[string][]model.Location // build-script reads of documented variables
	// Tests are the checkout's tests that expect an error message
	// (generator/checks), matched to checks by text.
	Tests []model.ExpectedError
	// HasSource is true when an nvFuser checkout was read (not only notes).
	HasSource bool
	// History is the checkout's git history of the option and variable
	// sources (generator/history); nil for a plain tree.
	History *history.Result
	// Inbound are the handbook URLs written in the checkout
	// (generator/linkscan).
	Inbound []model.InboundLink
	// FreshnessCache is where the freshness verdicts of notes' code
	// references are cached (generator/freshness); "" caches nothing.
	FreshnessCache string
	// Parsed are notes parsed by an earlier run against these same facts
	// (gen serve keeps them between changes); nil parses every note.
	Parsed *NoteCache
	// Stored are the notes' parses the last build kept (a build's
	// generated/cache/notes.bin); nil keeps none.
	Stored *ParseStore
	// Quotes are the checks each note text quoted in the last build (a
	// build's generated/cache/quotes.bin); nil keeps none.
	Quotes *QuoteStore
	// Overrides set kinds, titles and statuses of notes and docs by path
	// (config.toml's [[params.handbook.overrides]]).
	Overrides []config.Override
	// CheckSteps are the steps config.toml gives check pages of some
	// kinds ([[params.handbook.check_steps]]).
	CheckSteps []config.CheckStep
	// Explanations are the handbook's explanations/<id>.md files.
	Explanations []model.Explanation
	// RequireExplanations are the checks config.toml requires an
	// explanation for (gen check --strict; generator/coverage).
	RequireExplanations []config.ExplainRule

	derivedOnce sync.Once
	derived     *derived // see memo
}

// Extract runs the source parsers. A parse error is fatal (it names file and
// line); a missing file is a warning recorded in in.Warnings.
func Extract(in *sources.Inputs) (*Facts, error) {
	f := &Facts{HasSource: in.Tree != nil}
	if data, ok := in.ReadTreeFile(inputs.EnvYAMLFile); ok {
		y, err := envyaml.Parse(inputs.EnvYAMLFile, data)
		if err != nil {
			return nil, err
		}
		f.YAML = y
	}
	if data, ok := in.ReadTreeFile(inputs.OptionsH); ok {
		enums, err := cppopts.ParseHeader(inputs.OptionsH, data)
		if err != nil {
			return nil, err
		}
		f.Enums = enums
	}
	if data, ok := in.ReadTreeFile(inputs.OptionsCpp); ok {
		tables, err := cppopts.ParseTables(inputs.OptionsCpp, data)
		if err != nil {
			return nil, err
		}
		f.Tables = tables
	}
	if in.Tree != nil {
		var enums []string
		for _, t := range f.Tables {
			enums = append(enums, t.Enum)
		}
		reads, err := csrcscan.Scan(in.Tree, enums)
		if err != nil {
			return nil, err
		}
		f.Reads = reads
		f.Tests = checks.ScanTests(in.Tree)
		// A C++ file the scanner could not read to the end is worth knowing:
		// its reads may be missing from the pages and the drift report.
		in.Warnings = append(in.Warnings, reads.Skipped...)
		if f.YAML != nil {
			var names []string
			for _, e := range f.YAML.Entries {
				if e.EnvVar == "" { // a variable, not an option of a family
					names = append(names, e.Name)
				}
			}
			f.Build = buildscan.Scan(in.ReadOptional, names)
		}
	}
	return f, nil
}

// Handbook returns the complete handbook: the reference model merged from
// the facts and indexed, the notes parsed against it, the drift between
// all sources, and the warnings met while reading. Later stages only read
// it; nothing is patched in afterwards.
func Handbook(in *sources.Inputs, f *Facts) (*model.Handbook, error) {
	h := Merge(f)
	h.Revision = in.Revision
	// Before notes: they and every later stage look names up in h, and
	// removed options and variables are names too.
	history.Apply(h, f.History)
	keepLegacyIDs(h)
	h.Inbound = f.Inbound
	notes, err := Notes(in, h, f.Parsed, f.Stored, f.Overrides)
	if err != nil {
		return nil, err
	}
	h.Notes = notes
	// Relative links and images, against the notes as a whole and the
	// checkout on disk; what does not resolve is a warning at its line.
	in.Warnings = append(in.Warnings, localref.New(in.Dir, notes).Notes(notes)...)
	if err := quoteChecks(h, f.memo(), f.Quotes); err != nil {
		return nil, err
	}
	checkTries(h, f.CheckSteps, &in.Warnings)
	if err := attachExplanations(h, f.Explanations, &in.Warnings); err != nil {
		return nil, err
	}
	if _, err := Freshen(in, notes, f.FreshnessCache); err != nil {
		return nil, err
	}
	h.Drift = drift.Find(h)
	h.Quality = quality.Find(h)
	h.Coverage = coverage.Find(h, f.RequireExplanations)
	h.Warnings = in.Warnings
	return h, nil
}

// Merge builds the handbook's reference model (variables, families,
// options) from the extracted facts, and indexes it.
func Merge(f *Facts) *model.Handbook {
	h := &model.Handbook{HasEnvYAML: f.YAML != nil, HasSource: f.HasSource}
	if f.YAML != nil {
		h.Categories = f.YAML.Categories
	}
	mergeFamilies(h, f)
	mergeOptions(h, f)
	mergeVariables(h, f)
	h.Sort()
	h.Index()
	mergeHints(h, f.Reads.Messages) // looks variables and options up: after indexing
	mergeChecks(h, f.Reads.Checks, f.Tests, f.memo())
	return h
}

func enumByName(enums []cppopts.Enum) map[string]*cppopts.Enum {
	m := map[string]*cppopts.Enum{}
	for i := range enums {
		m[enums[i].Name] = &enums[i]
	}
	return m
}

func mergeFamilies(h *model.Handbook, f *Facts) {
	enums := enumByName(f.Enums)
	for _, t := range f.Tables {
		if t.Env == "" {
			continue
		}
		fam := &model.Family{Env: t.Env, Key: vocab.FamilyKey(t.Env), Enum: t.Enum, DefinedAt: model.Location{File: inputs.OptionsCpp, Line: t.Line}}
		if e := enums[t.Enum]; e != nil {
			fam.Doc = e.Doc
			fam.DeclaredAt = model.Location{File: inputs.OptionsH, Line: e.Line}
		}
		h.Families = append(h.Families, fam)
	}
	// Families that only the YAML still knows (env_var of an entry).
	if f.YAML != nil {
		for _, e := range f.YAML.Entries {
			if e.EnvVar != "" && findFamily(h, e.EnvVar) == nil {
				h.Families = append(h.Families, &model.Family{Env: e.EnvVar, Key: vocab.FamilyKey(e.EnvVar)})
			}
		}
	}
}

// findFamily matches env against family variables, treating the old
// PYTORCH_NVFUSER_ spelling as the same family.
func findFamily(h *model.Handbook, env string) *model.Family {
	for _, fam := range h.Families {
		if fam.Env == env || fam.Key == vocab.FamilyKey(env) {
			return fam
		}
	}
	return nil
}

func mergeOptions(h *model.Handbook, f *Facts) {
	enums := enumByName(f.Enums)
	byKey := map[string]*model.Option{}
	for _, t := range f.Tables {
		if t.Env == "" {
			continue
		}
		decl := enums[t.Enum]
		for _, e := range t.Entries {
			o := &model.Option{
				Env:       t.Env,
				Family:    vocab.FamilyKey(t.Env),
				Name:      e.Name,
				Enum:      t.Enum + "::" + e.Enumerator,
				DefinedAt: model.Location{File: inputs.OptionsCpp, Line: e.Line},
				ReadAt:    f.Reads.Options[t.Enum+"::"+e.Enumerator],
			}
			if decl != nil {
				for _, v := range decl.Values {
					if v.Name == e.Enumerator {
						o.HeaderDescription = v.Doc
						o.DeclaredAt = model.Location{File: inputs.OptionsH, Line: v.Line}
					}
				}
			}
			byKey[o.Family+"="+o.Name] = o
			h.Options = append(h.Options, o)
		}
	}
	// get finds an option the tables did not define but the YAML documents,
	// making it the first time.
	get := func(fam *model.Family, name string) *model.Option {
		if o := byKey[fam.Key+"="+name]; o != nil {
			return o
		}
		o := &model.Option{Env: fam.Env, Family: fam.Key, Name: name}
		byKey[fam.Key+"="+name] = o
		h.Options = append(h.Options, o)
		return o
	}
	if f.YAML != nil {
		for _, e := range f.YAML.Entries {
			if e.EnvVar == "" {
				continue
			}
			o := get(findFamily(h, e.EnvVar), e.Name)
			o.Documented = true
			o.DocumentedAt = model.Location{File: inputs.EnvYAMLFile, Line: e.Line}
			o.YAMLDescription = e.Description
			o.Type, o.Default = e.Type, e.Default
		}
		// The YAML may document a family as one variable whose choices are
		// its options (NVFUSER_PROF is written that way).
		for _, e := range f.YAML.Entries {
			fam := findFamily(h, e.Name)
			if e.EnvVar != "" || fam == nil {
				continue
			}
			for _, c := range e.Choices {
				if c == "" {
					continue
				}
				if o := get(fam, c); !o.Documented {
					o.Documented = true
					o.DocumentedAt = model.Location{File: inputs.EnvYAMLFile, Line: e.Line}
				}
			}
		}
	}
	finishOptions(h)
}

// finishOptions picks the description shown: the header's doc comment is
// closest to the code, the YAML's wording is the fallback.
func finishOptions(h *model.Handbook) {
	for _, o := range h.Options {
		o.Description = o.HeaderDescription
		if o.Description == "" {
			o.Description = o.YAMLDescription
		}
	}
}

func mergeVariables(h *model.Handbook, f *Facts) {
	byName := map[string]*model.Variable{}
	get := func(name string) *model.Variable {
		if v := byName[name]; v != nil {
			return v
		}
		v := &model.Variable{Name: name}
		byName[name] = v
		h.Variables = append(h.Variables, v)
		return v
	}
	if f.YAML != nil {
		for _, e := range f.YAML.Entries {
			if e.EnvVar != "" {
				continue
			}
			v := get(e.Name)
			v.Category, v.Type, v.Default, v.Choices, v.Description = e.Category, e.Type, e.Default, e.Choices, e.Description
			v.Documented, v.DocumentedAt = true, model.Location{File: inputs.EnvYAMLFile, Line: e.Line}
		}
	}
	for _, fam := range h.Families {
		v := get(fam.Env)
		v.Family = fam.Key
		if v.Description == "" {
			v.Description = familyDescription(fam)
		}
		if !fam.DefinedAt.IsZero() {
			v.ReadAt = append(v.ReadAt, fam.DefinedAt)
		}
		// A family is documented when the YAML lists its options.
		for _, o := range h.Options {
			if o.Family == fam.Key && o.Documented {
				v.Documented = true
				if v.DocumentedAt.IsZero() {
					v.DocumentedAt = o.DocumentedAt
				}
			}
		}
		if v.Category == "" {
			v.Category = familyCategory(f, fam)
		}
	}
	for name, locs := range f.Reads.Env {
		v := get(name)
		v.ReadAt = append(v.ReadAt, locs...)
		if a, ok := f.Reads.Accepts[name]; ok {
			v.Accepts = &a
		}
		if d, ok := f.Reads.Defaults[name]; ok {
			v.CodeDefault = &d
		}
	}
	for name, locs := range f.Build {
		v := get(name)
		v.ReadAt = append(v.ReadAt, locs...)
	}
	for _, v := range h.Variables {
		sortLocations(v.ReadAt)
	}
}

func familyDescription(fam *model.Family) string {
	if fam.Doc != "" {
		return fam.Doc
	}
	return "Comma-separated list of " + fam.Key + " options."
}

// familyCategory is the YAML category of a family's documented options.
func familyCategory(f *Facts, fam *model.Family) string {
	if f.YAML == nil {
		return ""
	}
	for _, e := range f.YAML.Entries {
		if e.EnvVar != "" && vocab.FamilyKey(e.EnvVar) == fam.Key {
			return e.Category
		}
	}
	return ""
}

func sortLocations(l []model.Location) {
	sort.Slice(l, func(i, j int) bool {
		if l[i].File != l[j].File {
			return l[i].File < l[j].File
		}
		return l[i].Line < l[j].Line
	})
}

// keepLegacyIDs makes the id a check had before the extractor read it
// right (model.Check.Legacy) one of its former ids: its page answers at the
// URL an older handbook published.
func keepLegacyIDs(h *model.Handbook) {
	for _, c := range h.Checks {
		if c.Legacy != "" && !slices.Contains(c.Formerly, c.Legacy) {
			c.Formerly = append(c.Formerly, c.Legacy)
		}
	}
}
