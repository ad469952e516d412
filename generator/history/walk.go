package history

import (
	"fmt"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// Record is the history of one option or variable.
type Record struct {
	Env  string `json:"env,omitempty"`  // options: the family variable, NVFUSER_ spelling
	Name string `json:"name"`           // option or variable name
	Enum string `json:"enum,omitempty"` // options: "Enum::Enumerator" when last defined
	// Doc is the last description the sources gave it.
	Doc string `json:"doc,omitempty"`
	model.History
}

// Key is how the renames file and ReplacedBy name a record:
// "NVFUSER_DUMP=debug_info" for an option, the name for a variable.
func (r *Record) Key() string {
	if r.Env != "" {
		return r.Env + "=" + r.Name
	}
	return r.Name
}

// Result is the history of every option and variable the walked revisions
// defined.
type Result struct {
	Head  string      `json:"head"`
	First model.Event `json:"first"` // the earliest revision read
	// Options are keyed by Record.Key, variables by name.
	Options   map[string]*Record `json:"options"`
	Variables map[string]*Record `json:"variables"`
	Changes   []model.Change     `json:"changes"`
	// Skipped lists revisions a parser rejected; the history around them
	// is read from their neighbours.
	Skipped []model.Diagnostic `json:"skipped"`
	// Checks are keyed by base id (checks.BaseID).
	Checks map[string]*CheckRecord `json:"checks"`
	// Spots are where checks sat in past revisions (see Spot).
	Spots []Spot `json:"spots,omitempty"`
	// FunctionChanges are the last commits that changed each function
	// holding checks, newest first, by "path#name".
	FunctionChanges map[string][]model.Event `json:"function_changes,omitempty"`
	// Versions are the first commit of each python/version.txt version,
	// oldest first: a build named by its version is that commit or later.
	Versions []model.Event `json:"versions,omitempty"`
	// Subjects are the subjects of the commits the result names, by full
	// hash (see subjects.go).
	Subjects map[string]string `json:"subjects,omitempty"`
	// Mainline are every first-parent commit up to Head, oldest first.
	Mainline []string `json:"mainline,omitempty"`

	// spots is pastSpots' last answer (see there).
	spots spotsMemo
}

// option is an option as one revision defines it.
type option struct{ env, rawEnv, name, enum, doc string }

// event is an addition or removal seen while walking.
type event struct {
	at       model.Event
	added    bool
	key      string
	isOption bool
}

// walker replays the commits, keeping what the checkout looked like after
// each one.
type walker struct {
	fact    func(kind, path, blob string) facts
	res     *Result
	version string
	cpp, h  string // blobs of options.cpp and options.h
	yaml    []yamlVar
	reads   map[string][]string // path -> variables its current blob reads
	count   map[string]int      // variable -> files reading it
	opts    map[string]option   // key -> option, after the last commit
	vars    map[string]bool
	events  []event
	seenOpt bool // options.cpp has parsed once: later additions are real additions
	checks  *checkWalk
}

func (w *walker) commit(c commit, first bool) {
	var optsChanged, yamlChanged, readsChanged bool
	checksChanged := map[string][]checkFact{}
	digests := map[string]map[string]uint64{}
	var checkOrder []string
	for _, ch := range c.Changes {
		for _, kind := range blobKinds(ch.Path) {
			switch kind {
			case kindTables:
				w.cpp, optsChanged = ch.Blob, true
			case kindHeader:
				w.h, optsChanged = ch.Blob, true
			case kindVersion:
				if ch.Blob != "" {
					v := w.fact(kind, ch.Path, ch.Blob).Text
					if v != "" && v != w.version {
						w.res.Versions = append(w.res.Versions, model.Event{Commit: c.Hash, Date: c.Date, Version: v})
					}
					w.version = v
				}
			case kindYAML:
				yamlChanged = true
				w.yaml = nil
				if ch.Blob != "" {
					f := w.fact(kind, ch.Path, ch.Blob)
					if f.Err != "" {
						w.skip(c, ch.Path, f.Err)
						continue
					}
					w.yaml = f.Vars
				}
			case kindChecks:
				var cs []checkFact
				digests[ch.Path] = nil
				if ch.Blob != "" {
					f := w.fact(kind, ch.Path, ch.Blob)
					cs, digests[ch.Path] = f.Checks, f.Digests
					if cs == nil {
						cs = []checkFact{}
					}
				}
				if _, seen := checksChanged[ch.Path]; !seen {
					checkOrder = append(checkOrder, ch.Path)
				}
				if w.checks != nil {
					w.checks.nextBlob[ch.Path] = ch.Blob
				}
				checksChanged[ch.Path] = cs
			case kindReads:
				readsChanged = true
				for _, n := range w.reads[ch.Path] {
					w.count[n]--
				}
				delete(w.reads, ch.Path)
				if ch.Blob != "" {
					f := w.fact(kind, ch.Path, ch.Blob)
					w.reads[ch.Path] = f.Reads
					for _, n := range f.Reads {
						w.count[n]++
					}
				}
			}
		}
	}
	at := model.Event{Commit: c.Hash, Date: c.Date, Version: w.version}
	if len(checkOrder) > 0 && w.checks != nil {
		w.checks.commit(checksChanged, checkOrder, at, first)
		w.checks.functions(digests, checkOrder, at, first)
	}
	if optsChanged {
		w.options(c, at)
	}
	if optsChanged || yamlChanged || readsChanged {
		w.variables(at, first)
	}
}

func (w *walker) skip(c commit, path, msg string) {
	w.res.Skipped = append(w.res.Skipped, model.Diagnostic{Where: model.Location{File: path},
		Message: fmt.Sprintf("revision %s (%s): %s; read from the revisions around it", short(c.Hash), c.Date, msg)})
}

func short(h string) string {
	if len(h) > 9 {
		return h[:9]
	}
	return h
}

// options recomputes the option set after a change to options.cpp or .h.
func (w *walker) options(c commit, at model.Event) {
	now := map[string]option{}
	if w.cpp != "" {
		tf := w.fact(kindTables, inputs.OptionsCpp, w.cpp)
		if tf.Err != "" {
			w.skip(c, inputs.OptionsCpp, tf.Err)
			return
		}
		var docs map[string]string
		if w.h != "" {
			hf := w.fact(kindHeader, inputs.OptionsH, w.h)
			if hf.Err != "" {
				w.skip(c, inputs.OptionsH, hf.Err)
			}
			docs = hf.Docs
		}
		for _, e := range tf.Tables {
			if e.Env == "" {
				continue // a table no parseEnvOptions call reads
			}
			env := vocab.Canonical(e.Env)
			o := option{env: env, rawEnv: e.Env, name: e.Name, enum: e.Enum, doc: docs[e.Enum]}
			now[env+"="+e.Name] = o
		}
	}
	earliest := !w.seenOpt && len(now) > 0
	if len(now) > 0 {
		w.seenOpt = true
	}
	for _, k := range sortedKeys(now) {
		o := now[k]
		r := w.res.Options[k]
		if r == nil {
			r = &Record{Env: o.env, Name: o.name, History: model.History{Added: at, Earliest: earliest}}
			w.res.Options[k] = r
		}
		if _, had := w.opts[k]; !had {
			r.Removed = nil
			w.events = append(w.events, event{at: at, added: true, key: k, isOption: true})
		}
		r.Enum = o.enum
		describe(r, at, o.doc)
	}
	for _, k := range sortedKeys(w.opts) {
		if _, ok := now[k]; !ok {
			ev := at
			w.res.Options[k].Removed = &ev
			w.events = append(w.events, event{at: at, key: k, isOption: true})
		}
	}
	w.opts = now
}

// variables recomputes the variable set: read in csrc/, documented in the
// YAML, or selecting an option family.
func (w *walker) variables(at model.Event, first bool) {
	now := map[string]string{} // name -> description
	for n, k := range w.count {
		if k > 0 {
			now[n] = ""
		}
	}
	for _, o := range w.opts {
		now[o.rawEnv] = "" // as spelled then: PYTORCH_NVFUSER_DUMP is a variable of its own
	}
	for _, v := range w.yaml {
		now[v.Name] = v.Description
	}
	for _, n := range sortedKeys(now) {
		r := w.res.Variables[n]
		if r == nil {
			r = &Record{Name: n, History: model.History{Added: at, Earliest: first}}
			w.res.Variables[n] = r
		}
		if !w.vars[n] {
			r.Removed = nil
			w.events = append(w.events, event{at: at, added: true, key: n})
		}
		describe(r, at, now[n])
	}
	for _, n := range sortedKeys(w.vars) {
		if _, ok := now[n]; !ok {
			ev := at
			w.res.Variables[n].Removed = &ev
			w.events = append(w.events, event{at: at, key: n})
		}
	}
	w.vars = map[string]bool{}
	for n := range now {
		w.vars[n] = true
	}
}

// describe records a new wording; a revision without one keeps the last.
func describe(r *Record, at model.Event, doc string) {
	doc = strings.TrimSpace(doc)
	if doc == "" || doc == r.Doc {
		return
	}
	r.Doc = doc
	r.Descriptions = append(r.Descriptions, model.Description{Event: at, Text: doc})
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
