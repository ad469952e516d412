package csrcscan

import (
	"io/fs"
	"os"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/cppopts"
)

// The demo tree under generator/example/fuser is meant to be consistent,
// except for exactly one dump option that nothing consults, so the drift
// report has one entry to show. This test keeps it that way.
func TestExampleTree(t *testing.T) {
	tree := os.DirFS("../example/fuser")
	cpp, err := fs.ReadFile(tree, "csrc/options.cpp")
	if err != nil {
		t.Fatalf("the committed example tree is missing: %v", err)
	}
	h, err := fs.ReadFile(tree, "csrc/options.h")
	if err != nil {
		t.Fatal(err)
	}
	tables, err := cppopts.ParseTables("csrc/options.cpp", cpp)
	if err != nil {
		t.Fatal(err)
	}
	enums, err := cppopts.ParseHeader("csrc/options.h", h)
	if err != nil {
		t.Fatal(err)
	}

	declared := map[string]cppopts.Enumerator{}
	var names []string
	for _, e := range enums {
		names = append(names, e.Name)
		if e.Env == "" {
			t.Errorf("enum %s: doc names no variable", e.Name)
		}
		for _, v := range e.Values {
			declared[e.Name+"::"+v.Name] = v
		}
	}
	reads, err := Scan(tree, names)
	if err != nil {
		t.Fatal(err)
	}

	wantEnv := map[string]string{
		"DebugDumpOption": "NVFUSER_DUMP", "EnableOption": "NVFUSER_ENABLE",
		"DisableOption": "NVFUSER_DISABLE", "ProfilerOption": "NVFUSER_PROF",
	}
	var unread []string
	entries := 0
	for _, tb := range tables {
		if tb.Env != wantEnv[tb.Enum] {
			t.Errorf("table %s env %q, want %q", tb.Enum, tb.Env, wantEnv[tb.Enum])
		}
		for _, e := range tb.Entries {
			entries++
			key := tb.Enum + "::" + e.Enumerator
			v, ok := declared[key]
			if !ok {
				t.Errorf("%s not declared in options.h", key)
			}
			if v.Doc == "" && key != "DebugDumpOption::PreSegmenterLogging" {
				t.Errorf("%s has no description", key)
			}
			if len(reads.Options[key]) == 0 {
				unread = append(unread, key)
			}
		}
	}
	if len(tables) != 4 || entries != len(declared) {
		t.Errorf("%d tables with %d entries; header declares %d", len(tables), entries, len(declared))
	}
	if len(unread) != 1 || unread[0] != "DebugDumpOption::FusionIrPreseg" {
		t.Errorf("options never consulted = %v, want just DebugDumpOption::FusionIrPreseg", unread)
	}
	for _, v := range []string{"NVFUSER_NUM_THREADS", "NVFUSER_DISABLE_FALLBACK", "NVFUSER_JIT_OPT_LEVEL"} {
		if len(reads.Env[v]) == 0 {
			t.Errorf("%s not read anywhere", v)
		}
	}
	if len(reads.Skipped) != 0 {
		t.Errorf("skipped: %v", reads.Skipped)
	}
}
