package history

import (
	"fmt"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/vocab"
)

// Apply adds the history to a handbook assembled from the checkout: each
// option and variable gets its History, and those the history knows but
// the checkout no longer defines are added as removed (their pages stay,
// saying when they went away and what replaced them). It runs before
// anything looks names up in h. A nil result changes nothing.
func Apply(h *model.Handbook, r *Result) {
	if r == nil {
		return
	}
	h.HasHistory = true
	r.fillSubjects()
	applyChecks(h, r)
	opts := map[string]*model.Option{}
	for _, o := range h.Options {
		opts[o.Family+"="+o.Name] = o
	}
	for _, k := range sortedKeys(r.Options) {
		rec := r.Options[k]
		key := vocab.FamilyKey(rec.Env)
		o := opts[key+"="+rec.Name]
		if o == nil {
			if rec.Removed == nil {
				continue // committed, but not in the working tree: the tree wins
			}
			o = &model.Option{Env: familyOf(h, rec.Env, key).Env, Family: key, Name: rec.Name, Enum: rec.Enum,
				Description: rec.Doc, HeaderDescription: rec.Doc}
			h.Options = append(h.Options, o)
		}
		o.History = history(rec, !o.DefinedAt.IsZero())
	}
	vars := map[string]*model.Variable{}
	for _, v := range h.Variables {
		vars[v.Name] = v
	}
	for _, n := range sortedKeys(r.Variables) {
		rec := r.Variables[n]
		v := vars[n]
		if v == nil {
			if rec.Removed == nil {
				continue
			}
			v = &model.Variable{Name: n, Description: rec.Doc}
			h.Variables = append(h.Variables, v)
		}
		v.History = history(rec, len(v.ReadAt) > 0 || v.Documented || v.Family != "")
	}
	h.Changes = r.Changes
	h.Sort()
	h.Index()
}

// Warnings sums up the past revisions a parser rejected, one line per file
// (listing every one would bury the build's own warnings).
func Warnings(r *Result) []model.Diagnostic {
	if r == nil {
		return nil
	}
	byFile := map[string][]string{}
	for _, d := range r.Skipped {
		byFile[d.Where.File] = append(byFile[d.Where.File], d.Message)
	}
	var out []model.Diagnostic
	for _, f := range sortedKeys(byFile) {
		msgs := byFile[f]
		msg := "history: " + msgs[0]
		if len(msgs) > 1 {
			msg += fmt.Sprintf(" (and %d more past revisions)", len(msgs)-1)
		}
		out = append(out, model.Diagnostic{Where: model.Location{File: f}, Message: msg})
	}
	return out
}

// history copies a record's history; a name the working tree still
// defines is not removed, whatever the commits say.
func history(rec *Record, presentNow bool) *model.History {
	h := rec.History
	h.ReplacedBy = append([]string(nil), rec.ReplacedBy...)
	h.Replaces = append([]string(nil), rec.Replaces...)
	h.Descriptions = append([]model.Description(nil), rec.Descriptions...)
	if presentNow {
		h.Removed = nil
	}
	return &h
}

// familyOf finds the family with that key, adding it when only the history
// knows it (a family that was removed whole).
func familyOf(h *model.Handbook, env, key string) *model.Family {
	for _, f := range h.Families {
		if f.Key == key {
			return f
		}
	}
	f := &model.Family{Env: env, Key: key}
	h.Families = append(h.Families, f)
	return f
}
