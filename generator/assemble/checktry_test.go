package assemble

import (
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestCheckTries(t *testing.T) {
	at := func(f string, l int) model.Location { return model.Location{File: f, Line: l} }
	inFn := &model.Option{Env: "NVFUSER_DISABLE", Family: "disable", Name: "in_fn", ReadAt: []model.Location{at("csrc/a/x.cpp", 12)}}
	inFile := &model.Option{Env: "NVFUSER_ENABLE", Family: "enable", Name: "in_file", ReadAt: []model.Location{at("csrc/a/x.cpp", 40)}}
	dump := &model.Option{Env: "NVFUSER_DUMP", Family: "dump", Name: "area_dump", ReadAt: []model.Location{at("csrc/a/y.cpp", 3), at("csrc/b/z.cpp", 3)}}
	elsewhere := &model.Option{Env: "NVFUSER_DUMP", Family: "dump", Name: "other_area", ReadAt: []model.Location{at("csrc/b/z.cpp", 9)}}
	v := &model.Variable{Name: "NVFUSER_NUM_THREADS", ReadAt: []model.Location{at("csrc/a/x.cpp", 15)}}
	guide := &model.Note{ID: "debug", Kind: model.KindGuide, Path: "doc/dev/debug.md", Options: []model.OptionUse{{Env: "NVFUSER_DUMP", Name: "area_dump"}}}
	h := &model.Handbook{Options: []*model.Option{dump, elsewhere, inFile, inFn}, Variables: []*model.Variable{v}, Notes: []*model.Note{guide}}
	h.Sort()
	h.Index()
	c := &model.Check{Kind: model.CheckInternal, Where: at("csrc/a/x.cpp", 14), FuncStart: 10, FuncEnd: 20}
	h.Checks = []*model.Check{c}
	var warns []model.Diagnostic
	steps := []config.CheckStep{
		{Kinds: []string{model.CheckInternal}, Text: "keep the reproducer", Guide: "doc/dev/debug.md"},
		{Kinds: []string{model.CheckInternal}, Text: "serial", Try: "NVFUSER_DISABLE=in_fn"},
		{Kinds: []string{model.CheckInternal}, Text: "gone", Try: "NVFUSER_DISABLE=no_such", At: at("config.toml", 7)},
		{Kinds: []string{model.CheckInternal}, Text: "no guide", Guide: "doc/none.md", At: at("config.toml", 9)},
		{Kinds: []string{model.CheckUser}, Text: "for user checks"},
	}
	checkTries(h, steps, &warns)
	var got []string
	for _, t := range c.Try {
		s := t.Setting + " " + t.Scope + " " + t.Where.String()
		for _, n := range t.Notes {
			s += " note:" + n.ID
		}
		got = append(got, s)
	}
	want := []string{
		"NVFUSER_DISABLE=in_fn function csrc/a/x.cpp:12",
		"NVFUSER_NUM_THREADS function csrc/a/x.cpp:15",
		"NVFUSER_ENABLE=in_file file csrc/a/x.cpp:40",
		"NVFUSER_DUMP=area_dump area csrc/a/y.cpp:3 note:debug",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	ss := h.StepsFor(model.CheckInternal)
	if len(ss) != 3 || ss[0].Guide != guide || ss[1].Option != inFn || ss[2].Guide != nil || ss[2].Text != "no guide" {
		t.Errorf("steps for internal asserts: %+v", ss)
	}
	// No doc among the notes: a missing guide is not warned about.
	if len(warns) != 1 || !strings.Contains(warns[0].Message, "no_such") || warns[0].Where.Line != 7 {
		t.Errorf("warnings: %+v", warns)
	}
	guide.Doc = true
	warns = nil
	checkTries(h, steps, &warns)
	if len(warns) != 2 || !strings.Contains(warns[1].Message, "doc/none.md") {
		t.Errorf("with docs, warnings: %+v", warns)
	}
	if len(h.StepsFor(model.CheckWarning)) != 0 || len(h.StepsFor(model.CheckUser)) != 1 {
		t.Error("steps leak across kinds")
	}
}
