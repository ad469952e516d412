package lookup

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// TestMemoTextFeatures: the memo answers what Features answers, for the
// texts of the last call, and forgets the others.
func TestMemoTextFeatures(t *testing.T) {
	m := NewMemo()
	for _, texts := range [][]string{
		{"RuntimeError: a at csrc/a.cpp:1", "b failed at csrc/b.cpp:2"},
		{"RuntimeError: a at csrc/a.cpp:1", "c changed at csrc/c.cpp:3"}, // one kept, one new
	} {
		got := m.textFeatures(texts)
		for i, text := range texts {
			if want := Features(text); !slices.Equal(got[i], want) {
				t.Errorf("%q: %v, want %v", text, got[i], want)
			}
		}
		if len(m.texts) != len(texts) {
			t.Errorf("the memo holds %d texts after a call with %d", len(m.texts), len(texts))
		}
	}
	if _, ok := m.texts["b failed at csrc/b.cpp:2"]; ok {
		t.Error("the memo kept a text the last call did not have")
	}
}

// TestIndexWithMemo: an index built with a memo, again and again, is the
// index built without one.
// A history that changed is resolved again, not recalled.
func TestIndexWithMemo(t *testing.T) {
	spots, removed := fixturePast()
	build := func(m *Memo) string {
		idx := BuildWith(nil, nil, m)
		idx.WithChecks(fixtureChecks(), "https://h.test/errors/", nil)
		idx.WithPast(spots, removed)
		b, err := json.Marshal(idx)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	want := build(nil)
	m := NewMemo()
	for i := range 2 {
		if got := build(m); got != want {
			t.Errorf("build %d with a memo differs from one without", i)
		}
	}
	if m.past == nil {
		t.Fatal("WithPast kept nothing in the memo")
	}
	// One more past line: the memo's result no longer holds.
	spots = append(spots, model.PastSpot{File: "csrc/device_lower/validation.cpp", Line: 700, Check: "validatevectorize-vectorized-accesses-cannot-be-inline-with"})
	if got, want := build(m), build(nil); got != want {
		t.Error("after the history changed, the memo's index differs from one built without it")
	}
	if !strings.Contains(build(m), "700") {
		t.Error("the new past line is missing from the index")
	}
}
