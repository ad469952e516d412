// Package csrcscan finds where nvFuser's C++ sources read environment
// variables and consult options: getNvFuserEnv("X"), std::getenv("X") and
// every DebugDumpOption::X-style enumerator reference.
//
// It works on cpplex tokens, so text inside comments and string literals
// never counts, and a call split over several lines still does. Macro
// bodies are scanned too: nvFuser's tracing macros consult options. A
// variable name passed as an identifier is resolved when the same file
// assigned it a literal just before (utils.cpp reads NUM_THREADS that way);
// names built at run time (tryReadEnv lists, string concatenation) are not.
package csrcscan

import (
	"fmt"
	"io/fs"
	"regexp"
	"sort"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/internal/safefile"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// Reads is what Scan found.
type Reads struct {
	// Env maps a variable name to the places that read it:
	// "NVFUSER_NUM_THREADS" -> sites. getNvFuserEnv arguments get the
	// NVFUSER_ prefix that function adds; getenv arguments are as written.
	Env map[string][]model.Location
	// Options maps "Enum::Enumerator" to the places that name it:
	// "DebugDumpOption::FusionIr" -> sites.
	Options map[string][]model.Location
	// Messages are the errors and warnings that name an NVFUSER_ variable,
	// sorted by place (see Message).
	Messages []Message
	// Checks are the errors and warnings nvFuser's checking macros can
	// raise (generator/checks), in file and line order, ids assigned.
	Checks []model.Check
	// Skipped lists files that could not be read, or not read to the end
	// (the part before a lexing error is still scanned).
	Skipped []model.Diagnostic
	// Accepts is, per variable, the range or choices the checks on its
	// first read path that states one accept (readValue), with the
	// message nvFuser prints outside them.
	Accepts map[string]model.Accepts
	// Defaults is, per variable, the value the first read that states
	// one falls back to when the variable is unset.
	Defaults map[string]model.CodeDefault

	pending []pendingRule
}

// pendingRule is a read's value rule waiting for the checks (its message).
type pendingRule struct {
	name, file string
	rule       valueRule
}

// envNameRE is an environment variable's name as a shell spells it.
var envNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Scan walks root (an fs.FS at the nvFuser checkout root) under csrc/ and
// records every literal environment read and every reference to an
// enumerator of familyEnums. Locations are sorted by file, then line, and
// hold each (file, line) once per key. It fails only when csrc/ itself
// cannot be walked; unreadable files are listed in Reads.Skipped.
func Scan(root fs.FS, familyEnums []string) (Reads, error) {
	r := Reads{Env: map[string][]model.Location{}, Options: map[string][]model.Location{},
		Accepts: map[string]model.Accepts{}, Defaults: map[string]model.CodeDefault{}}
	families := map[string]bool{}
	for _, e := range familyEnums {
		families[e] = true
	}
	// The walk lists the files (and what it could not enter), in order;
	// each file is then read, lexed and scanned on every core, into a
	// Reads of its own, merged in the walk's order so that the result is
	// the one a walk reading each file in turn made.
	type item struct {
		file string
		skip *model.Diagnostic // a place the walk could not enter
	}
	var items []item
	walk := func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == inputs.CodeDir || p == inputs.BindingsDir {
				return err // no csrc/ at all: the caller pointed us at the wrong place
			}
			items = append(items, item{skip: &model.Diagnostic{Where: model.Location{File: p}, Message: err.Error()}})
			return nil
		}
		if !d.IsDir() && inputs.IsCode(p) {
			items = append(items, item{file: p})
		}
		return nil
	}
	if err := fs.WalkDir(root, inputs.CodeDir, walk); err != nil {
		return r, fmt.Errorf("csrcscan: %w", err)
	}
	if _, err := fs.Stat(root, inputs.BindingsDir); err == nil {
		if err := fs.WalkDir(root, inputs.BindingsDir, walk); err != nil {
			return r, fmt.Errorf("csrcscan: %w", err)
		}
	}
	scanned := make([]fileScan, len(items))
	parallel.For(len(items), func(i int) {
		if items[i].file != "" {
			scanned[i] = scanOne(root, items[i].file, families)
		}
	})
	defs := checks.NewDefs()
	var files []string
	var kept []*fileScan
	for i, it := range items {
		if it.skip != nil {
			r.Skipped = append(r.Skipped, *it.skip)
			continue
		}
		f := scanned[i]
		r.Skipped = append(r.Skipped, f.skipped...)
		if f.src == nil {
			continue // unreadable: said in skipped
		}
		r.merge(&f.reads)
		defs.Merge(f.defs)
		files = append(files, it.file)
		kept = append(kept, &scanned[i])
	}
	// Checks need what every file defines (a wrapper macro in a header is
	// used everywhere): a second pass over the sources and tokens kept from
	// the first (lexing them again was a sixth of the extract stage's CPU),
	// on every core too (defs is only read from here on).
	defs.Resolve()
	found := make([][]model.Check, len(files))
	parallel.For(len(files), func(i int) {
		f := kept[i]
		cs := checks.FromTokensWith(files[i], f.toks, defs)
		checks.AttachCode(f.src, f.toks, cs)
		checks.AttachContext(f.toks, cs)
		found[i] = cs
		f.src, f.toks = nil, nil // what the second pass read is not kept
	})
	for _, cs := range found {
		r.Checks = append(r.Checks, cs...)
	}
	sortLocations(r.Env)
	sortLocations(r.Options)
	checks.AssignIDs(r.Checks)
	r.attachMessages()
	sort.SliceStable(r.Messages, func(i, j int) bool {
		a, b := r.Messages[i].Where, r.Messages[j].Where
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return r, nil
}

// fileScan is what one file holds: its source (nil when it could not be
// read), its reads, its definitions and what was said of it.
type fileScan struct {
	src     []byte
	toks    []cpplex.Token // src lexed (up to a lexing error: the part before it still counts)
	reads   Reads
	defs    *checks.Defs
	skipped []model.Diagnostic
}

// scanOne reads, lexes and scans the file p.
func scanOne(root fs.FS, p string, families map[string]bool) fileScan {
	var f fileScan
	src, err := fs.ReadFile(root, p)
	if err != nil {
		// Refused by the checkout's reader (a named pipe, a link out
		// of the checkout, over the size limit) or unreadable: the
		// location names the file, the message says why.
		f.skipped = append(f.skipped, model.Diagnostic{Where: model.Location{File: p}, Message: safefile.Why(err) + "; skipped"})
		return f
	}
	// A stray byte that is not UTF-8 (a Latin-1 "é" in a message) is
	// replaced here, once, and said at its line: the checks' text goes
	// into front matter and JSON, which must be UTF-8, and one such byte
	// must not fail the build elsewhere, naming a generated file.
	src, bad := safefile.ValidUTF8(src)
	if bad > 0 {
		f.skipped = append(f.skipped, model.Diagnostic{Where: model.Location{File: p, Line: bad},
			Message: "not valid UTF-8 here; read with the bytes replaced by U+FFFD"})
	}
	toks, err := cpplex.Lex(src)
	if err != nil {
		line := 0
		if le, ok := err.(*cpplex.Error); ok {
			line = le.Line
		}
		f.skipped = append(f.skipped, model.Diagnostic{
			Where:   model.Location{File: p, Line: line},
			Message: fmt.Sprintf("scanned only up to here: %v", err),
		})
	}
	f.reads = Reads{Env: map[string][]model.Location{}, Options: map[string][]model.Location{}, Defaults: map[string]model.CodeDefault{}}
	scanFile(&f.reads, p, toks, families)
	f.defs = checks.ReadDefs(p, toks)
	if src == nil {
		src = []byte{} // read, and empty
	}
	f.src, f.toks = src, toks
	return f
}

// merge adds the reads of a file scanned after those in r: locations and
// messages appended in order, a variable's default the first one seen.
func (r *Reads) merge(o *Reads) {
	for k, v := range o.Env {
		r.Env[k] = append(r.Env[k], v...)
	}
	for k, v := range o.Options {
		r.Options[k] = append(r.Options[k], v...)
	}
	r.Messages = append(r.Messages, o.Messages...)
	r.pending = append(r.pending, o.pending...)
	for k, v := range o.Defaults {
		if _, seen := r.Defaults[k]; !seen {
			r.Defaults[k] = v
		}
	}
}

// scanFile records the reads in one file's tokens.
func scanFile(r *Reads, file string, toks []cpplex.Token, families map[string]bool) {
	code := make([]cpplex.Token, 0, len(toks))
	for _, t := range toks {
		if t.Kind != cpplex.Comment && t.Kind != cpplex.Preproc {
			code = append(code, t) // macro bodies (Directive tokens) stay
		}
	}
	// consts holds the latest `name = "literal";` seen in the file, so that
	//   const char* option_env_name = "NUM_THREADS";
	//   getNvFuserEnv(option_env_name);
	// counts as a read of NVFUSER_NUM_THREADS, as nvFuser's utils.cpp does.
	consts := map[string]string{}
	done := 0 // code before this index was read as part of a message macro
	for i := 0; i+2 < len(code); i++ {
		t := code[i]
		if t.Kind == cpplex.String && i >= done {
			m, end, ok := literalRun(file, code, i)
			if ok {
				r.Messages = append(r.Messages, m)
			}
			i = end
			continue
		}
		if t.Kind != cpplex.Ident {
			continue
		}
		at := model.Location{File: file, Line: t.Line}
		switch {
		case t.Text == "getNvFuserEnv" || t.Text == "getenv":
			name, ok := envArg(code, i+1, consts)
			// Only a name a shell can set is a variable: anything else
			// ("X\"><img ...>") would be printed as is into URLs, twins
			// and the JSON API.
			if !ok || !envNameRE.MatchString(name) {
				continue
			}
			if t.Text == "getNvFuserEnv" {
				name = vocab.Prefix + name
			}
			r.Env[name] = append(r.Env[name], at)
			rule, def := readValue(code, i)
			if rule != nil {
				r.pending = append(r.pending, pendingRule{name: name, file: file, rule: *rule})
			}
			if _, seen := r.Defaults[name]; def != nil && !seen {
				def.At.File = file
				r.Defaults[name] = *def
			}
		case families[t.Text] && code[i+1].Is("::") && code[i+2].Kind == cpplex.Ident && !isTableEntry(code, i):
			key := t.Text + "::" + code[i+2].Text
			r.Options[key] = append(r.Options[key], at)
		case checks.Macros[t.Text].Kind != "" || t.Text == rejectReason:
			m, end, ok := messageAt(file, code, i)
			if ok {
				r.Messages = append(r.Messages, m)
			}
			done = max(done, end+1)
		case code[i+1].Is("=") && code[i+2].Kind == cpplex.String && i+3 < len(code) && code[i+3].Is(";"):
			consts[t.Text] = code[i+2].StringValue()
		}
	}
}

// isTableEntry reports whether the enumerator at i is the value of an
// option table entry, {"name", Enum::X}: that defines the option, it does
// not consult it. options.cpp is scanned for its real reads (the profiler
// helpers consult every ProfilerOption there).
func isTableEntry(code []cpplex.Token, i int) bool {
	return i >= 2 && code[i-1].Is(",") && code[i-2].Kind == cpplex.String
}

// envArg reads the variable name passed at open: `("NAME"` or `(ident)`
// where ident holds a literal seen earlier in the file.
func envArg(code []cpplex.Token, open int, consts map[string]string) (string, bool) {
	if open+1 >= len(code) || !code[open].Is("(") {
		return "", false
	}
	arg := code[open+1]
	switch {
	case arg.Kind == cpplex.String:
		v := arg.StringValue()
		return v, v != ""
	case arg.Kind == cpplex.Ident && open+2 < len(code) && code[open+2].Is(")"):
		v, ok := consts[arg.Text]
		return v, ok && v != ""
	}
	return "", false
}

// sortLocations orders each list by file and line and drops repeats.
func sortLocations(m map[string][]model.Location) {
	for k, locs := range m {
		sort.Slice(locs, func(i, j int) bool {
			if locs[i].File != locs[j].File {
				return locs[i].File < locs[j].File
			}
			return locs[i].Line < locs[j].Line
		})
		out := locs[:0]
		for i, l := range locs {
			if i == 0 || l != locs[i-1] {
				out = append(out, l)
			}
		}
		m[k] = out
	}
}

// FileEnvReads returns the variables one C++ file reads, sorted, each
// once: what Scan records for that file, without walking a tree. The
// history stage applies it to past revisions of each file. A lexing error
// is returned with the names found before it.
func FileEnvReads(file string, src []byte) ([]string, error) {
	r := Reads{Env: map[string][]model.Location{}, Options: map[string][]model.Location{},
		Accepts: map[string]model.Accepts{}, Defaults: map[string]model.CodeDefault{}}
	toks, err := cpplex.Lex(src)
	scanFile(&r, file, toks, nil)
	names := make([]string, 0, len(r.Env))
	for n := range r.Env {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, err
}
