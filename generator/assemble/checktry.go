package assemble

import (
	"fmt"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// What a check page offers to try comes from the checkout: the options and
// variables nvFuser reads in the check's function (they change the code
// path the check is on), then elsewhere in its file, and the dump options
// read in its area (they show the state it checks); each with the notes
// that name it. Steps every check of a kind shares come from config.toml.

const (
	maxFileTries = 4 // options read elsewhere in the file
	maxAreaDumps = 3 // dump options of the area
	maxTryNotes  = 3
)

type readSite struct {
	opt  *model.Option
	v    *model.Variable
	line int
}

func checkTries(h *model.Handbook, steps []config.CheckStep, warnings *[]model.Diagnostic) {
	notesOf := map[*model.Option][]*model.Note{}
	for _, n := range h.Notes {
		for _, u := range n.Options {
			if o := h.Option(u.Env, u.Name); o != nil && !containsNote(notesOf[o], n) && len(notesOf[o]) < maxTryNotes {
				notesOf[o] = append(notesOf[o], n)
			}
		}
	}
	byFile := map[string][]readSite{}
	areaDumps := map[string]map[*model.Option]int{}
	for _, o := range h.Options {
		for _, at := range o.ReadAt {
			byFile[at.File] = append(byFile[at.File], readSite{opt: o, line: at.Line})
			if o.Family == "dump" {
				a := (&model.Check{Where: at}).Area()
				if areaDumps[a] == nil {
					areaDumps[a] = map[*model.Option]int{}
				}
				areaDumps[a][o]++
			}
		}
	}
	for _, v := range h.Variables {
		if v.Family != "" {
			continue // NVFUSER_DUMP itself: its options are listed
		}
		for _, at := range v.ReadAt {
			byFile[at.File] = append(byFile[at.File], readSite{v: v, line: at.Line})
		}
	}
	for f := range byFile {
		sort.SliceStable(byFile[f], func(i, j int) bool { return byFile[f][i].line < byFile[f][j].line })
	}
	// The dump options of each area, most read first.
	dumps := map[string][]*model.Option{}
	for a, m := range areaDumps {
		for o := range m {
			dumps[a] = append(dumps[a], o)
		}
		sort.Slice(dumps[a], func(i, j int) bool {
			x, y := dumps[a][i], dumps[a][j]
			if m[x] != m[y] {
				return m[x] > m[y]
			}
			return x.Name < y.Name
		})
	}
	for _, c := range h.Checks {
		c.Try = nil // a rerun (gen serve) starts afresh
		seen := map[any]bool{}
		add := func(s readSite, scope string) {
			var key any = s.opt
			t := model.CheckTry{Option: s.opt, Variable: s.v, Scope: scope, Where: model.Location{File: c.Where.File, Line: s.line}}
			if s.opt != nil {
				t.Setting, t.Notes = s.opt.Key(), notesOf[s.opt]
			} else {
				key, t.Setting = s.v, s.v.Name
			}
			if !seen[key] {
				seen[key] = true
				c.Try = append(c.Try, t)
			}
		}
		reads := byFile[c.Where.File]
		if c.FuncEnd > 0 {
			for _, s := range reads {
				if c.FuncStart <= s.line && s.line <= c.FuncEnd {
					add(s, model.TryFunction)
				}
			}
		}
		n := 0
		for _, s := range reads {
			if n < maxFileTries && !(c.FuncStart <= s.line && s.line <= c.FuncEnd) && !seen[s.opt] && !seen[s.v] {
				add(s, model.TryFile)
				n++
			}
		}
		n = 0
		for _, o := range dumps[c.Area()] {
			if n == maxAreaDumps {
				break
			}
			if !seen[o] && len(o.ReadAt) > 0 {
				seen[o] = true
				at := o.ReadAt[0]
				for _, r := range o.ReadAt {
					if (&model.Check{Where: r}).Area() == c.Area() {
						at = r
						break
					}
				}
				c.Try = append(c.Try, model.CheckTry{Setting: o.Key(), Option: o, Scope: model.TryArea, Where: at, Notes: notesOf[o]})
				n++
			}
		}
	}
	h.CheckSteps = resolveSteps(h, steps, warnings)
}

func containsNote(ns []*model.Note, n *model.Note) bool {
	for _, x := range ns {
		if x == n {
			return true
		}
	}
	return false
}

// resolveSteps finds what each rule names; a rule naming a setting the
// checkout does not have is left out with a warning at its line in
// config.toml, and one naming a page the handbook lacks is shown without
// it (warned about when the build reads nvFuser's docs).
func resolveSteps(h *model.Handbook, steps []config.CheckStep, warnings *[]model.Diagnostic) []model.CheckStep {
	var out []model.CheckStep
	hasDocs := false
	for _, n := range h.Notes {
		hasDocs = hasDocs || n.Doc
	}
	for _, s := range steps {
		m := model.CheckStep{Kinds: s.Kinds, Text: s.Text, Setting: s.Try, URL: s.URL, Rule: s.At}
		if s.Try != "" {
			env, name, _ := strings.Cut(s.Try, "=")
			m.Option = h.Option(env, name)
			if m.Option == nil && (name != "" || h.Variable(env) == nil) {
				*warnings = append(*warnings, model.Diagnostic{Where: s.At, Message: fmt.Sprintf("check step: try = %q: the checkout has no such option or variable; the step is left out", s.Try)})
				continue
			}
		}
		if s.Guide != "" {
			for _, n := range h.Notes {
				if n.Path == s.Guide {
					m.Guide = n
					break
				}
			}
			// Without its guide the step still stands (a build without
			// nvFuser's docs); a guide missing from a build that has docs
			// is a typo or a doc gone, worth a warning.
			if m.Guide == nil && hasDocs {
				*warnings = append(*warnings, model.Diagnostic{Where: s.At, Message: fmt.Sprintf("check step: guide = %q: no note or doc of that path; the step is shown without it", s.Guide)})
			}
		}
		out = append(out, m)
	}
	return out
}
