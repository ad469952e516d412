package assemble

import (
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// TestHintChecks: a hint printed by one of the handbook's checks names
// that check and takes its line (the macro's, which the check page
// shows), not the line of the literal naming the variable; a hint no
// check prints keeps its own line.
func TestHintChecks(t *testing.T) {
	at := func(f string, l int) model.Location { return model.Location{File: f, Line: l} }
	v := &model.Variable{Name: "NVFUSER_JIT_OPT_LEVEL", Hints: []model.Hint{
		{Message: "range is 0 to 4", Where: at("csrc/k.cpp", 559)}, // second line of the call at 558
		{Message: "set manually", Where: at("csrc/k.cpp", 548)},    // the call's own line
		{Message: "not a check", Where: at("csrc/k.cpp", 600)},     // a string literal, no macro
		{Message: "other file", Where: at("csrc/other.cpp", 559)},  // same line, another file
	}}
	h := &model.Handbook{Variables: []*model.Variable{v}, Checks: []*model.Check{
		{ID: "warn-range", Where: at("csrc/k.cpp", 558), EndLine: 561},
		{ID: "warn-manual", Where: at("csrc/k.cpp", 548), EndLine: 548},
	}}
	hintChecks(h)
	want := []struct {
		id   string
		line int
	}{{"warn-range", 558}, {"warn-manual", 548}, {"", 600}, {"", 559}}
	for i, w := range want {
		if got := v.Hints[i]; got.CheckID != w.id || got.Where.Line != w.line {
			t.Errorf("hint %q: check %q line %d, want %q line %d", got.Message, got.CheckID, got.Where.Line, w.id, w.line)
		}
	}
}
