package pipeline

import (
	"go/build"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/internal/project"
)

const module = "github.com/nvfuser-handbook/handbook/"

// stageOrder is the pipeline, in order; a package may import packages of
// its own stage or an earlier one, never a later one.
var stageOrder = []string{"read", "extract", "model", "emit", "render", "search", "check", "publish"}

// stageOf places every package of the module. "base" packages are used by
// any stage: the model's data types (each stage's output is data in them),
// and helpers with no stage of their own. "outside" packages run the
// stages (cmd, pipeline) or serve tests and tools (internal/), and may
// import anything. A new package must be placed here, so the test fails
// until its stage is decided.
var stageOf = map[string]string{
	"generator/config":  "read",
	"generator/inputs":  "read", // the one table of what is read in nvFuser's checkout, and by which parser
	"generator/sources": "read",
	"generator/example": "read",
	".":                 "read", // the Hugo project itself, embedded for gen run outside the repository

	"generator/envyaml":   "extract",
	"generator/cppopts":   "extract",
	"generator/csrcscan":  "extract",
	"generator/checks":    "extract", // nvFuser's checking macros: every error it can raise
	"generator/notes":     "extract",
	"generator/buildscan": "extract",
	"generator/linkscan":  "extract",
	"generator/history":   "extract", // the same parsers over the checkout's git history
	"generator/freshness": "extract", // git's answers about the lines notes point at
	"generator/envcheck":  "extract", // nvFuser's reading of option values, for notes and the composer
	"generator/explain":   "extract", // explanations people write for checks, explanations/<id>.md

	"generator/assemble": "model",
	"generator/drift":    "model",
	"generator/quality":  "model",
	"generator/coverage": "model", // what the error index explains, by area and kind
	"generator/localref": "model", // notes' relative links and images, against the files on disk
	"generator/rank":     "model", // which checks a text (a pasted error, a note) points at, best first: assemble and lookup share it

	"generator/emit":    "emit",
	"generator/linkify": "emit",
	"generator/lookup":  "emit",
	"generator/urls":    "emit",

	"generator/site":    "render",
	"generator/search":  "search",
	"generator/check":   "check",
	"generator/triage":  "check", // reads a built site's lookup index against a CI log
	"generator/publish": "publish",

	"generator/model":              "base",
	"generator/vocab":              "base", // nvFuser's vocabulary, used from extract on
	"generator/internal/cpplex":    "base",
	"generator/internal/flock":     "base",
	"generator/internal/parallel":  "base",
	"generator/internal/gcpolicy":  "base",
	"generator/internal/urlsafe":   "base",
	"generator/internal/mdconf":    "base", // the one Markdown dialect (parse, emit, render)
	"generator/internal/gitcmd":    "base",
	"generator/internal/pathglob":  "base", // the globs of the configuration (docs, overrides)
	"generator/internal/safefile":  "base", // every input file read by one rule (regular, inside its folder, bounded)
	"generator/internal/ghactions": "base", // GitHub Actions annotations (triage, the check-quality report)
	"generator/internal/fsutil":    "base", // copying a tree (static files), writing maps of files
	"generator/internal/buildid":   "base", // the gen binary's Go build ID, which the page cache is keyed on
	"generator/internal/bincache":  "base", // the encoding of the caches a build reads (check pages, lookup features)

	"generator/pipeline": "outside",
	"generator/preview":  "outside", // gen serve: runs the stages again as files change
	"cmd/":               "outside",
	"internal/":          "outside",
}

func place(pkg string) (string, bool) {
	if s, ok := stageOf[pkg]; ok {
		return s, true
	}
	for _, prefix := range []string{"cmd/", "internal/"} {
		if strings.HasPrefix(pkg, prefix) {
			return stageOf[prefix], true
		}
	}
	return "", false
}

func rank(stage string) int {
	for i, s := range stageOrder {
		if s == stage {
			return i
		}
	}
	return -1
}

// TestStageOrder reads the imports of every package in the module (the
// non-test files for this GOOS, as go list would) and fails when one
// imports a package of a later stage, or a "base" package imports a stage.
func TestStageOrder(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := project.Root(wd)
	if err != nil {
		t.Fatal(err)
	}
	imports := map[string][]string{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules" || name == "public" || name == "generated") {
			return filepath.SkipDir
		}
		ctx := build.Default
		ctx.UseAllFiles = false
		bp, err := ctx.ImportDir(p, build.IgnoreVendor)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			return err
		}
		rel, _ := filepath.Rel(root, p)
		imports[filepath.ToSlash(rel)] = bp.Imports
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(imports) < 20 {
		t.Fatalf("found only %d packages under %s", len(imports), root)
	}
	pkgs := make([]string, 0, len(imports))
	for p := range imports {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, pkg := range pkgs {
		if _, ok := place(pkg); !ok {
			t.Errorf("%s has no stage: add it to stageOf", pkg)
			continue
		}
		for _, imp := range imports[pkg] {
			if dep, ok := strings.CutPrefix(imp, module); ok {
				if msg := violation(pkg, dep); msg != "" {
					t.Error(msg)
				}
			}
		}
	}
}

// violation says why pkg may not import dep, or "" when it may.
func violation(pkg, dep string) string {
	stage, _ := place(pkg)
	depStage, ok := place(dep)
	switch {
	case strings.HasPrefix(pkg, "generator/") && strings.HasPrefix(dep, "internal/"):
		// The generator is the product; the top-level internal/ holds the
		// tools and test helpers that run it. An import back up would
		// make gen depend on them (its tests may use them).
		return pkg + " imports " + dep + " from the top-level internal/, which serves tools and tests"
	case stage == "outside":
		return ""
	case !ok:
		return pkg + " imports " + dep + ", which has no stage"
	case depStage == "outside":
		return pkg + " (" + stage + ") imports " + dep + ", which runs the stages or serves tests"
	case depStage == "base":
		return ""
	case stage == "base":
		return pkg + " is used by every stage but imports " + dep + " (" + depStage + ")"
	case rank(depStage) > rank(stage):
		return pkg + " (" + stage + ") imports " + path.Base(dep) + " from a later stage (" + depStage + ")"
	}
	return ""
}

// The rules themselves: what they allow and what they refuse.
func TestStageRules(t *testing.T) {
	for _, tc := range []struct {
		pkg, dep string
		allowed  bool
	}{
		{"generator/emit", "generator/notes", true},  // earlier stage
		{"generator/emit", "generator/urls", true},   // same stage
		{"generator/notes", "generator/model", true}, // base data types
		{"generator/search", "generator/internal/flock", true},
		{"generator/pipeline", "generator/publish", true}, // runs the stages
		{"internal/testsite", "generator/search", true},
		{"generator/notes", "generator/linkify", false}, // later stage
		{"generator/assemble", "generator/emit", false},
		{"generator/check", "generator/publish", false},
		{"generator/model", "generator/assemble", false}, // base imports a stage
		{"generator/emit", "generator/pipeline", false},  // outside
		{"generator/emit", "generator/newthing", false},  // unplaced
		{"generator/site", "generator/internal/fsutil", true},
		{"generator/site", "internal/project", false},     // back up into the tools
		{"generator/pipeline", "internal/syncbuf", false}, // even from a package that runs the stages
		{"generator/preview", "internal/testsite", false},
	} {
		if got := violation(tc.pkg, tc.dep) == ""; got != tc.allowed {
			t.Errorf("%s importing %s: allowed=%v, want %v", tc.pkg, tc.dep, got, tc.allowed)
		}
	}
}
