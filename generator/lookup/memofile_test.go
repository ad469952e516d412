package lookup

import (
	"reflect"
	"testing"
)

// The features kept on disk are those the memo had, and a memo read from
// them gives textFeatures' answers without computing them.
func TestMemoTextsRoundTrip(t *testing.T) {
	texts := []string{
		"Expected a.size() == b.size() . Mismatch\nException raised from f at csrc/ops/alias.cpp:235",
		"CUDA error: out of memory",
		"",
	}
	m := NewMemo()
	want := m.textFeatures(texts)
	data := m.MarshalTexts("g")
	if again := m.MarshalTexts("g"); string(again) != string(data) {
		t.Error("the same memo encodes to different bytes")
	}
	read := NewMemo()
	if err := read.UnmarshalTexts(data, "g"); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(read.texts, m.texts) {
		t.Errorf("read %v, want %v", read.texts, m.texts)
	}
	// What the memo answers is what it was given, not a recomputation:
	// a feature planted in the file comes back.
	read.texts[texts[1]] = []string{"planted:x"}
	if got := read.textFeatures(texts[1:2]); !reflect.DeepEqual(got, [][]string{{"planted:x"}}) {
		t.Errorf("textFeatures = %v: the memo was not used", got)
	}
	if got := NewMemo().textFeatures(texts); !reflect.DeepEqual(got, want) {
		t.Errorf("features differ between two memos: %v, %v", got, want)
	}
	other := NewMemo()
	if err := other.UnmarshalTexts(data, "another gen"); err == nil || other.texts != nil {
		t.Errorf("a file of another gen was read: %v, %v", err, other.texts)
	}
	for n := range len(data) {
		if err := NewMemo().UnmarshalTexts(data[:n], "g"); err == nil {
			t.Fatalf("a file cut to %d of %d bytes was read", n, len(data))
		}
	}
}
