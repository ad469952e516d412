package assemble

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// storeNotes are notes that ask the reference model every kind of
// question: an option of a family, a variable, files of the checkout.
var storeNotes = []sources.File{
	{Path: "/n/crash.md", Rel: "crash.md", Data: []byte("# Crash in the scheduler\n\n" +
		"Run with `NVFUSER_DUMP=fusion_ir,launch_param`, `NVFUSER_TRACE=1` and DEBUG=1.\n\n" +
		"It fails in csrc/scheduler/reduction.cpp:120 and in `executor.cpp`.\n\n" +
		"```\nRuntimeError: vectorize failed\n```\n")},
	{Path: "/n/guide.md", Rel: "guide.md", Data: []byte("---\nkind: guide\n---\n# How to bisect\n\n1. Set NVFUSER_DISABLE=parallel_compile.\n2. Read csrc/fusion.h.\n")},
}

// storeModel is a reference model whose answers a test can change.
type storeModel struct {
	options, variables, files map[string]bool
}

func (m storeModel) opt() notes.Options {
	return notes.Options{
		KnownOption: func(env, name string) (bool, bool) {
			return m.options[env+" "+name], env == "NVFUSER_DUMP" || env == "NVFUSER_DISABLE"
		},
		KnownVariable: func(name string) bool { return m.variables[name] },
		FileExists:    func(p string) (bool, bool) { return m.files[p], true },
	}
}

func newStoreModel() storeModel {
	return storeModel{
		options:   map[string]bool{"NVFUSER_DUMP fusion_ir": true},
		variables: map[string]bool{"NVFUSER_DUMP": true, "NVFUSER_TRACE": true},
		files:     map[string]bool{"csrc/scheduler/reduction.cpp": true, "csrc/fusion.h": true},
	}
}

// parseAll parses fs through the store s, as Notes does.
func parseAll(t testing.TB, s *ParseStore, fs []sources.File, m storeModel, preset notes.Preset) []*model.Note {
	t.Helper()
	var out []*model.Note
	for _, f := range fs {
		n, err := s.parse(f, m.opt(), preset)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	if _, err := s.Save(); err != nil {
		t.Fatal(err)
	}
	return out
}

// same says a and b are the same parse; lists empty or absent count as
// the same (the store keeps neither apart, and nothing reads them apart).
func same(a, b *model.Note) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	var x, y any
	_ = json.Unmarshal(ja, &x)
	_ = json.Unmarshal(jb, &y)
	return reflect.DeepEqual(dropEmpty(x), dropEmpty(y))
}

func dropEmpty(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			if x = dropEmpty(x); x != nil {
				out[k] = x
			}
		}
		return out
	case []any:
		if len(v) == 0 {
			return nil
		}
		for i := range v {
			v[i] = dropEmpty(v[i])
		}
	}
	return v
}

func TestParseStore(t *testing.T) {
	changedNote := append([]sources.File{}, storeNotes...)
	changedNote[1].Data = append([]byte{}, storeNotes[1].Data...)
	changedNote[1].Data = append(changedNote[1].Data, "More words.\n"...)
	moved := append([]sources.File{}, storeNotes...)
	moved[0].Rel = "old/crash.md"

	for _, tc := range []struct {
		name   string
		next   []sources.File
		model  func(m storeModel)
		preset notes.Preset
		gen    string
		damage bool
		reused int
		wrote  bool
	}{
		{name: "same notes, same model: every parse reused, nothing written", next: storeNotes, reused: 2},
		{name: "a note's bytes changed", next: changedNote, reused: 1, wrote: true},
		{name: "a note's relative path changed", next: moved, reused: 1, wrote: true},
		{name: "a note gone", next: storeNotes[:1], reused: 1, wrote: true},
		{name: "another preset", next: storeNotes, preset: notes.Preset{Kind: "runbook"}, wrote: true},
		{name: "an option the note names became known", next: storeNotes, model: func(m storeModel) { m.options["NVFUSER_DUMP launch_param"] = true }, reused: 1, wrote: true},
		{name: "a one-word name the note sets became a known variable", next: storeNotes, model: func(m storeModel) { m.variables["DEBUG"] = true }, reused: 1, wrote: true},
		{name: "a file the note names went away", next: storeNotes, model: func(m storeModel) { delete(m.files, "csrc/fusion.h") }, reused: 1, wrote: true},
		{name: "a variable no note asks about went away", next: storeNotes, model: func(m storeModel) { delete(m.variables, "NVFUSER_TRACE") }, reused: 2},
		{name: "a file no note names appeared", next: storeNotes, model: func(m storeModel) { m.files["csrc/new_pass.cpp"] = true }, reused: 2},
		{name: "another gen binary", next: storeNotes, gen: "other", wrote: true},
		{name: "a damaged file", next: storeNotes, damage: true, wrote: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "notes.bin")
			parseAll(t, OpenParseStore(file, "gen-1"), storeNotes, newStoreModel(), notes.Preset{})
			if r, of := OpenParseStore(file, "gen-1").Reused(); r != 0 || of != 0 {
				t.Fatalf("a store opened: %d of %d reused before any parse", r, of)
			}
			if tc.damage {
				data, _ := os.ReadFile(file)
				if err := os.WriteFile(file, data[:len(data)/2], 0o644); err != nil {
					t.Fatal(err)
				}
			}
			m := newStoreModel()
			if tc.model != nil {
				tc.model(m)
			}
			gen := "gen-1"
			if tc.gen != "" {
				gen = tc.gen
			}
			s := OpenParseStore(file, gen)
			var got []*model.Note
			for _, f := range tc.next {
				n, err := s.parse(f, m.opt(), tc.preset)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, n)
			}
			wrote, err := s.Save()
			if err != nil {
				t.Fatal(err)
			}
			if reused, of := s.Reused(); reused != tc.reused || of != len(tc.next) {
				t.Errorf("reused %d of %d, want %d of %d", reused, of, tc.reused, len(tc.next))
			}
			if wrote != tc.wrote {
				t.Errorf("Save wrote: %v, want %v", wrote, tc.wrote)
			}
			// Whatever came from the store is what parsing gives now.
			for i, f := range tc.next {
				want, err := notes.ParseAs(f.Path, f.Data, m.opt(), tc.preset)
				if err != nil {
					t.Fatal(err)
				}
				if !same(got[i], want) {
					t.Errorf("%s: the store's note differs from a parse:\n got  %+v\n want %+v", f.Path, got[i], want)
				}
			}
		})
	}
}

// TestParseStoreKeepsParseNotLaterChanges: what later stages add to a note
// is not what the next build reads.
func TestParseStoreKeepsParseNotLaterChanges(t *testing.T) {
	file := filepath.Join(t.TempDir(), "notes.bin")
	ns := parseAll(t, OpenParseStore(file, "g"), storeNotes, newStoreModel(), notes.Preset{})
	ns[0].ListTitle = "changed after the parse"
	ns[0].Former = append(ns[0].Former, model.NoteRef{Kind: "notes", ID: "old"})
	again := parseAll(t, OpenParseStore(file, "g"), storeNotes, newStoreModel(), notes.Preset{})
	if again[0].ListTitle != "" || len(again[0].Former) != 0 {
		t.Errorf("the store kept a later stage's change: %q %v", again[0].ListTitle, again[0].Former)
	}
}

// TestParseStoreSeeds: every seed note, and nvFuser's own debugging guide
// among them, comes back from the store as it was parsed.
func TestParseStoreSeeds(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "seeds", "*.txt"))
	if len(files) == 0 {
		t.Skip("../shared/seeds is not here")
	}
	var fs []sources.File
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, sources.File{Path: f, Rel: filepath.Base(f), Data: data})
	}
	file := filepath.Join(t.TempDir(), "notes.bin")
	m := newStoreModel()
	first := parseAll(t, OpenParseStore(file, "g"), fs, m, notes.Preset{})
	s := OpenParseStore(file, "g")
	again := parseAll(t, s, fs, m, notes.Preset{})
	if r, of := s.Reused(); r != len(fs) || of != len(fs) {
		t.Fatalf("reused %d of %d, want all %d", r, of, len(fs))
	}
	for i := range fs {
		if !same(first[i], again[i]) {
			t.Errorf("%s: differs after the store", fs[i].Rel)
		}
	}
}
