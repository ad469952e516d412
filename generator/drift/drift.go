// Package drift finds where nvFuser's sources disagree: options.cpp against
// env_options.yaml, csrc reads against the documented variables, and notes
// against both. Each finding is a model.Drift with the place to fix.
package drift

import (
	"fmt"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// exemptCategories hold variables read by compilers and toolchains (CC,
// CUDA_HOME, ...), not by nvFuser: "never read" means nothing for them.
var exemptCategories = map[string]bool{"environment": true}

// Find returns every disagreement in h, sorted by kind then subject.
func Find(h *model.Handbook) []model.Drift {
	var out []model.Drift
	out = append(out, optionDrift(h)...)
	out = append(out, variableDrift(h)...)
	out = append(out, noteDrift(h)...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		if out[i].Subject != out[j].Subject {
			return out[i].Subject < out[j].Subject
		}
		return out[i].Where.String() < out[j].Where.String()
	})
	return out
}

func optionDrift(h *model.Handbook) []model.Drift {
	var out []model.Drift
	for _, o := range h.Options {
		subject := o.Env + "=" + o.Name
		switch {
		case !o.DefinedAt.IsZero() && !o.Documented && h.HasEnvYAML:
			out = append(out, model.Drift{Kind: model.DriftUndocumentedOption, Subject: subject, Option: o,
				Detail: "defined in csrc/options.cpp but not listed in env_options.yaml", Where: o.DefinedAt})
		case o.DefinedAt.IsZero() && o.Documented:
			out = append(out, model.Drift{Kind: model.DriftRemovedOption, Subject: subject, Option: o,
				Detail: "listed in env_options.yaml but no longer accepted by csrc/options.cpp", Gone: gone(o.History), Where: o.DocumentedAt})
		}
		if !o.DefinedAt.IsZero() && o.DeclaredAt.IsZero() && len(h.Families) > 0 {
			out = append(out, model.Drift{Kind: model.DriftUndeclaredOption, Subject: subject, Option: o,
				Detail: fmt.Sprintf("options.cpp maps it to %s, which csrc/options.h does not declare", o.Enum), Where: o.DefinedAt})
		}
		if !o.DefinedAt.IsZero() && len(o.ReadAt) == 0 {
			out = append(out, model.Drift{Kind: model.DriftUnusedOption, Subject: subject, Option: o,
				Detail: fmt.Sprintf("accepted, but no code under csrc/ consults %s", o.Enum), Where: o.DefinedAt})
		}
	}
	return out
}

func variableDrift(h *model.Handbook) []model.Drift {
	var out []model.Drift
	for _, v := range h.Variables {
		switch {
		case !v.Documented && len(v.ReadAt) > 0 && h.HasEnvYAML:
			out = append(out, model.Drift{Kind: model.DriftUndocumentedVar, Subject: v.Name, Variable: v,
				Detail: fmt.Sprintf("read at %s but not listed in env_options.yaml", v.ReadAt[0]), Where: v.ReadAt[0]})
		case v.Documented && len(v.ReadAt) == 0 && !exemptCategories[v.Category]:
			out = append(out, model.Drift{Kind: model.DriftUnreadVar, Subject: v.Name, Variable: v,
				Detail: "listed in env_options.yaml but never read by csrc/ or the build scripts", Where: v.DocumentedAt})
		}
		if d := v.CodeDefault; d != nil && v.Default != "" && !model.SameDefault(d.Value, v.Default) {
			out = append(out, model.Drift{Kind: model.DriftDefaultDiffers, Subject: v.Name, Variable: v,
				Detail: fmt.Sprintf("env_options.yaml's default is %q, but the code at %s falls back to %s", v.Default, d.At, d.Value), Where: v.DocumentedAt})
		}
	}
	return out
}

// noteDrift reports notes that name options that do not exist and files
// that are not in the checkout (notes are often written on a branch).
func noteDrift(h *model.Handbook) []model.Drift {
	var out []model.Drift
	for _, n := range h.Notes {
		for _, u := range n.Options {
			if !u.Known {
				d := model.Drift{Kind: model.DriftStaleNoteOption, Subject: u.Env + "=" + u.Name, Note: n,
					Detail: fmt.Sprintf("note %q sets an option %s does not accept", n.ID, u.Env), Where: model.Location{File: n.Source, Line: u.Line}}
				if d.Option = h.Option(u.Env, u.Name); d.Option != nil {
					d.Gone = gone(d.Option.History)
				}
				out = append(out, d)
			}
		}
		// A variable a note sets that no source knows: renamed or mistyped.
		seenVar := map[string]bool{}
		for _, e := range n.Env {
			v := h.Variable(e.Name)
			if h.HasSource && !seenVar[e.Name] && strings.Contains(e.Name, vocab.Prefix) && (v == nil || v.Removed()) {
				seenVar[e.Name] = true
				d := model.Drift{Kind: model.DriftNoteUnknownVar, Subject: e.Name, Note: n,
					Detail: fmt.Sprintf("note %q sets a variable no nvFuser source reads or documents", n.ID), Where: model.Location{File: n.Source, Line: e.Line}}
				if v != nil {
					d.Gone = gone(v.History)
				}
				out = append(out, d)
			}
		}
		// One finding per missing file per note, at its first mention.
		first := map[string]int{}
		var order []string
		for _, f := range n.Files {
			if f.Exists || !strings.Contains(f.Path, "/") || !h.HasSource {
				continue
			}
			if l, ok := first[f.Path]; !ok || f.Line < l {
				if !ok {
					order = append(order, f.Path)
				}
				first[f.Path] = f.Line
			}
		}
		for _, p := range order {
			out = append(out, model.Drift{Kind: model.DriftNoteMissingFile, Subject: p, Note: n,
				Detail: fmt.Sprintf("note %q points at a file that is not in the source checkout", n.ID), Where: model.Location{File: n.Source, Line: first[p]}})
		}
		out = append(out, staleRefs(n)...)
	}
	return out
}

// staleRefs reports the note's references whose lines changed, moved or
// were deleted since the note's date. A file absent at that date says the
// note was written against another branch, not that it went stale.
func staleRefs(n *model.Note) []model.Drift {
	line := map[string]int{}
	for _, f := range n.Files {
		if _, ok := line[f.String()]; !ok {
			line[f.String()] = f.Line
		}
	}
	var out []model.Drift
	for _, f := range n.Freshness {
		if !f.Stale() || f.Status == model.FreshMissing {
			continue
		}
		detail := fmt.Sprintf("note %q (%s): %s since then", n.ID, f.Since, f.Status)
		if f.Now != "" && f.Now != f.Ref {
			detail += ", now at " + f.Now
		}
		out = append(out, model.Drift{Kind: model.DriftNoteStaleRef, Subject: f.Ref, Note: n, Detail: detail, Where: model.Location{File: n.Source, Line: line[f.Ref]}})
	}
	return out
}

// gone says when a stale name went away and what replaced it, from the git
// history: "removed in 0.2.10, 2024-09-10, replaced by NVFUSER_ENABLE=x".
func gone(h *model.History) string {
	if !h.IsRemoved() {
		return ""
	}
	s := "removed in " + h.Removed.Since()
	if len(h.ReplacedBy) > 0 {
		s += ", replaced by " + strings.Join(h.ReplacedBy, ", ")
	}
	return s
}
