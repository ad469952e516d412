// Package inputs is the one table of what gen reads in an nvFuser
// checkout: each file or folder, relative to the checkout root, and the
// parser that reads it. Extract (generator/assemble), the parsers
// themselves, the history walk (generator/history) and gen serve's watcher
// (generator/preview) all read their paths here, so that a file nvFuser
// moves is moved once, and what the watcher follows is what the stages
// read. It holds no code of the parsers: they import it, not the reverse.
package inputs

import (
	"path"
	"strings"
)

// Parser names what reads an input.
type Parser string

const (
	// EnvYAML is generator/envyaml: the documented variables and options.
	EnvYAML Parser = "env-yaml"
	// OptionTables is cppopts.ParseTables: the options each NVFUSER_*
	// family accepts.
	OptionTables Parser = "option-tables"
	// OptionHeader is cppopts.ParseHeader: the options' enums and their
	// doc comments.
	OptionHeader Parser = "option-header"
	// Code is generator/csrcscan (with generator/checks): environment
	// reads, references to options, the checks nvFuser raises.
	Code Parser = "code"
	// Tests is checks.ScanTests: the tests that expect an error message.
	Tests Parser = "tests"
	// BuildScript is generator/buildscan: the build's reads of variables.
	BuildScript Parser = "build-script"
	// Version is the release number a revision carried (the history only).
	Version Parser = "version"
)

// The inputs' paths, for the code that reads one of them by name.
const (
	EnvYAMLFile = "tools/env-config/env_options.yaml"
	OptionsCpp  = "csrc/options.cpp"
	OptionsH    = "csrc/options.h"
	// CodeDir is where nvFuser keeps its C++ sources: a checkout without
	// it is not an nvFuser checkout.
	CodeDir = "csrc"
	// BindingsDir holds the Python bindings' C++, which consults some
	// options (python_definition, ...) that csrc never does. Optional.
	BindingsDir = "python"
	TestsDir    = "tests"
	VersionFile = "python/version.txt"
	// OldVersionFile is where the version lived until it moved to python/.
	OldVersionFile = "version.txt"
)

// Input is one file or folder of the checkout and what reads it.
type Input struct {
	Path string // slash-separated, from the checkout root
	// Dir: Path is a folder, and the parser reads the files below it
	// whose extension is in Exts (every file when Exts is empty).
	Dir  bool
	Exts []string
	// Parser reads it.
	Parser Parser
	// Tree: Extract reads it from the checkout's files (gen serve watches
	// it). History: the history walk reads it at every revision.
	Tree, History bool
}

// codeExts are the C++ files the Code parser reads.
var codeExts = []string{".cpp", ".cu", ".h", ".hpp", ".cuh"}

// Table is every input, in the order a path's parsers run (a file's own
// parser before the one of the folder it is in: options.cpp's tables are
// read before its code).
var Table = []Input{
	{Path: EnvYAMLFile, Parser: EnvYAML, Tree: true, History: true},
	{Path: OptionsCpp, Parser: OptionTables, Tree: true, History: true},
	{Path: OptionsH, Parser: OptionHeader, Tree: true, History: true},
	{Path: CodeDir, Dir: true, Exts: codeExts, Parser: Code, Tree: true, History: true},
	{Path: BindingsDir, Dir: true, Exts: codeExts, Parser: Code, Tree: true, History: true},
	{Path: VersionFile, Parser: Version, History: true},
	{Path: OldVersionFile, Parser: Version, History: true},
	{Path: TestsDir, Dir: true, Exts: []string{".cpp", ".cu", ".h", ".py"}, Parser: Tests, Tree: true},
	// Where nvFuser's build reads its NVFUSER_BUILD_* and other build-time
	// variables. csrc never reads those, so without them every build
	// variable would be reported as "documented but never read".
	{Path: "setup.py", Parser: BuildScript, Tree: true},
	{Path: "python/setup.py", Parser: BuildScript, Tree: true},
	{Path: "python/utils.py", Parser: BuildScript, Tree: true},
	{Path: "CMakeLists.txt", Parser: BuildScript, Tree: true},
}

// nvFuser's own docs, read as guides: config.toml's defaults for
// docs_include and docs_exclude (globs of the checkout, which the
// configuration may change).
var (
	DocsInclude = []string{"doc/**/*.md"}
	DocsExclude = []string{"doc/sphinx/**"}
)

// Reads reports whether the input reads the file at p (slash-separated,
// from the checkout root).
func (in Input) Reads(p string) bool {
	if !in.Dir {
		return p == in.Path
	}
	if !strings.HasPrefix(p, in.Path+"/") {
		return false
	}
	if len(in.Exts) == 0 {
		return true
	}
	ext := path.Ext(p)
	for _, e := range in.Exts {
		if ext == e {
			return true
		}
	}
	return false
}

// Paths are the paths the parser reads, in the table's order.
func Paths(p Parser) []string {
	var out []string
	for _, in := range Table {
		if in.Parser == p {
			out = append(out, in.Path)
		}
	}
	return out
}

// IsCode reports whether the Code parser reads a file of that name,
// wherever it is (by its extension).
func IsCode(name string) bool {
	ext := path.Ext(name)
	for _, e := range codeExts {
		if ext == e {
			return true
		}
	}
	return false
}

// HistoryParsers are the parsers the history walk runs on a file at p,
// in the table's order.
func HistoryParsers(p string) []Parser {
	var out []Parser
	for _, in := range Table {
		if in.History && in.Reads(p) {
			out = append(out, in.Parser)
		}
	}
	return out
}

// HistoryRoots are what the history walk asks git about: every History
// input, but those inside another one.
func HistoryRoots() []string { return roots(func(in Input) bool { return in.History }) }

// TreeRoots are what Extract reads from the checkout's files, but those
// inside another one: what gen serve watches.
func TreeRoots() []string { return roots(func(in Input) bool { return in.Tree }) }

func roots(keep func(Input) bool) []string {
	var out []string
	for _, in := range Table {
		if !keep(in) {
			continue
		}
		inside := false
		for _, o := range Table {
			if keep(o) && o.Dir && o.Path != in.Path && strings.HasPrefix(in.Path, o.Path+"/") {
				inside = true
				break
			}
		}
		if !inside && !contains(out, in.Path) {
			out = append(out, in.Path)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
