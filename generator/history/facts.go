package history

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/cppopts"
	"github.com/nvfuser-handbook/handbook/generator/csrcscan"
	"github.com/nvfuser-handbook/handbook/generator/envyaml"
	"github.com/nvfuser-handbook/handbook/generator/inputs"
)

// blobKinds says which parsers read a path's blobs, from the table of
// nvFuser's inputs (generator/inputs): options.cpp holds both the tables
// and reads of its own.
func blobKinds(p string) []string {
	var kinds []string
	for _, parser := range inputs.HistoryParsers(p) {
		kinds = append(kinds, parserKinds[parser]...)
	}
	return kinds
}

// parserKinds are the blob kinds of each parser of the inputs' table.
var parserKinds = map[inputs.Parser][]string{
	inputs.OptionTables: {kindTables},
	inputs.OptionHeader: {kindHeader},
	inputs.EnvYAML:      {kindYAML},
	inputs.Version:      {kindVersion},
	inputs.Code:         {kindReads, kindChecks},
}

// Paths are what the history walks: every path blobKinds reads lives under
// one of them.
func Paths() []string { return inputs.HistoryRoots() }

const (
	kindTables  = "tables"
	kindHeader  = "header"
	kindYAML    = "yaml"
	kindVersion = "version"
	kindReads   = "reads"
)

// tableEntry is one option of a revision of options.cpp.
type tableEntry struct {
	Env  string `json:"env"`  // as that revision spelled it
	Name string `json:"name"` // "fusion_ir"
	Enum string `json:"enum"` // "DebugDumpOption::FusionIr"
}

// yamlVar is one variable env_options.yaml documented in a revision.
type yamlVar struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// facts is what the parsers said about one blob. A blob is parsed once,
// whatever path and commit it appears under; the cache keeps it.
type facts struct {
	Tables []tableEntry      `json:"tables,omitempty"`
	Docs   map[string]string `json:"docs,omitempty"` // "Enum::Enumerator" -> doc comment
	Vars   []yamlVar         `json:"vars,omitempty"`
	Reads  []string          `json:"reads,omitempty"`
	Text   string            `json:"text,omitempty"` // version.txt
	Checks []checkFact       `json:"checks,omitempty"`
	// Digests are the code digests of the functions holding checks
	// (checks.Digests): a change is a commit that changed one.
	Digests map[string]uint64 `json:"digests,omitempty"`
	Err     string            `json:"err,omitempty"` // the parser rejected this revision
}

// readMarkers prefilter C++ blobs: one that names neither reads no
// variable, and most of csrc's history is skipped without lexing.
var readMarkers = [][]byte{[]byte("getenv"), []byte("getNvFuserEnv")}

func mentionsRead(data []byte) bool {
	return bytes.Contains(data, readMarkers[0]) || bytes.Contains(data, readMarkers[1])
}

// parse applies today's parser for kind to one blob.
func parse(kind, path string, data []byte) facts {
	var f facts
	switch kind {
	case kindTables:
		tables, err := cppopts.ParseTables(path, data)
		if err != nil {
			f.Err = err.Error()
			break
		}
		for _, t := range tables {
			for _, e := range t.Entries {
				f.Tables = append(f.Tables, tableEntry{Env: t.Env, Name: e.Name, Enum: t.Enum + "::" + e.Enumerator})
			}
		}
		if f.Tables == nil {
			f.Err = "no option table found"
		}
	case kindHeader:
		enums, err := cppopts.ParseHeader(path, data)
		if err != nil {
			f.Err = err.Error()
			break
		}
		f.Docs = map[string]string{}
		for _, e := range enums {
			for _, v := range e.Values {
				f.Docs[e.Name+"::"+v.Name] = v.Doc
			}
		}
	case kindYAML:
		y, err := envyaml.Parse(path, data)
		if err != nil {
			f.Err = err.Error()
			break
		}
		for _, e := range y.Entries {
			if e.EnvVar == "" {
				f.Vars = append(f.Vars, yamlVar{Name: e.Name, Description: e.Description})
			}
		}
	case kindVersion:
		f.Text = strings.TrimSpace(string(data))
	case kindChecks:
		f = parseChecks(path, data)
	case kindReads:
		if !mentionsRead(data) {
			break
		}
		names, err := csrcscan.FileEnvReads(path, data)
		f.Reads = names
		if err != nil {
			// Like Scan: the part before a lexing error still counts.
			f.Err = fmt.Sprintf("scanned only part: %v", err)
		}
	}
	return f
}
