package lookup

import (
	"encoding/json"
	"slices"
	"testing"
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
func TestIndexWithMemo(t *testing.T) {
	build := func(m *Memo) string {
		idx := BuildWith(nil, nil, m)
		idx.WithChecks(fixtureChecks(), "https://h.test/errors/", nil)
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
}
