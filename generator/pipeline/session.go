package pipeline

import (
	"fmt"
	"maps"
	"path/filepath"
	"time"

	"github.com/nvfuser-handbook/handbook/generator/assemble"
	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/emit"
	"github.com/nvfuser-handbook/handbook/generator/internal/flock"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// Session runs read, extract, model and emit again and again for gen
// serve, keeping what it read between runs so that a change costs what
// it touches: after a note edit only the note files whose size or time
// moved are read, only notes whose bytes changed are parsed, and the
// checkout is not read at all. Emit writes only files whose bytes change;
// Hugo (site.Live) re-renders what depends on those.
type Session struct {
	s     *config.Settings
	in    *sources.Inputs
	facts *assemble.Facts
	// extractWarnings are the warnings extracting from the checkout gave:
	// they stand for the runs that do not read it again.
	extractWarnings []model.Diagnostic
	writer          *emit.Writer
	pending         *emit.Pending
	twins           map[string][]byte // see Twins
	memo            *emit.Memo
	// Progress, when set, hears about each stage as it runs.
	Progress Progress
}

// NewSession returns a session over s's sources; its first Update reads
// everything.
func NewSession(s *config.Settings) *Session { return &Session{s: s, memo: emit.NewMemo()} }

// Twins are the Markdown twins and the check pages' search documents of
// the last Update, for the served site (site.Options.Extra,
// Live.SetExtra): the preview indexes every search document at once.
func (ss *Session) Twins() map[string][]byte { return ss.twins }

// Settings are the session's settings.
func (ss *Session) Settings() *config.Settings { return ss.s }

// Update brings the generated content up to date. notesOnly says that
// nothing but note files changed since the last Update (the checkout
// stays as read); the first Update always reads everything. The result
// lists the generated files that changed (Result.Changed). It writes the
// pages only; Finish writes the rest.
func (ss *Session) Update(notesOnly bool) (*Result, error) {
	r := &Result{Out: ss.s.Out, progress: ss.Progress}
	unlock, err := flock.Lock(filepath.Join(ss.s.GeneratedDir(), ".lock"))
	if err != nil {
		return r, err
	}
	defer unlock()

	var in *sources.Inputs
	if notesOnly && ss.in != nil {
		t := time.Now()
		in, err = ss.in.RereadNotes(ss.s.Notes)
		if err != nil {
			return r, err
		}
		changed := ss.in.ChangedNotes(in)
		r.add("read", t, fmt.Sprintf("%d of %d note file(s) changed", len(changed), len(in.Notes)))
		in.Warnings = append(in.Warnings, ss.extractWarnings...)
	} else {
		var facts *assemble.Facts
		in, facts, err = readAndExtract(ss.s, r)
		if err != nil {
			return r, err
		}
		// Notes parsed against the previous checkout may read differently
		// against this one (an option added or removed): parse anew.
		facts.Parsed = assemble.NewNoteCache()
		ss.facts = facts
		// Check pages are made from the checkout: made anew (emit.Memo).
		ss.memo.NewCheckout()
		ss.extractWarnings = in.LaterWarnings()
		// The checkout as read now, even if a note fails below: the next
		// note edit must not go back to an older HEAD.
		ss.in = in
	}
	if err := merge(in, ss.facts, r); err != nil {
		return r, err
	}
	ss.in = in
	r.Start("emit", "writing Hugo content", false)
	t := time.Now()
	w, pending, err := emitPages(ss.s, r.Handbook, ss.memo, nil, false)
	if err != nil {
		return r, err
	}
	twins := make(map[string][]byte, len(pending.Twins())+len(pending.SearchDocs()))
	maps.Copy(twins, pending.Twins())
	maps.Copy(twins, pending.SearchDocs())
	ss.writer, ss.pending, ss.twins = w, pending, twins
	r.Written = len(w.Written)
	r.emitWarnings = w.Warnings()
	r.Changed = ss.abs(w.Written)
	r.add("emit", t, emitDetail(ss.s, w))
	return r, nil
}

// Finish writes what Update left for after Hugo has rendered the pages:
// the JSON API, and the removal of files no longer produced (a deleted
// note's page). It returns the files it changed, as Update does.
func (ss *Session) Finish() (Stage, []string, error) {
	if ss.pending == nil {
		return Stage{Name: "api"}, nil, nil
	}
	unlock, err := flock.Lock(filepath.Join(ss.s.GeneratedDir(), ".lock"))
	if err != nil {
		return Stage{}, nil, err
	}
	defer unlock()
	t := time.Now()
	w := ss.writer
	before := map[string]bool{}
	for _, rel := range w.Written {
		before[rel] = true
	}
	err = ss.pending.Finish()
	ss.pending = nil
	if err != nil {
		return Stage{}, nil, err
	}
	var changed []string
	for _, rel := range w.Written {
		if !before[rel] {
			changed = append(changed, rel)
		}
	}
	changed = append(changed, w.Removed...)
	st := Stage{Name: "api", Took: time.Since(t), Detail: fmt.Sprintf("JSON API: %d file(s) changed, %d removed", len(changed)-len(w.Removed), len(w.Removed))}
	return st, ss.abs(changed), nil
}

func (ss *Session) abs(rels []string) []string {
	out := make([]string, 0, len(rels))
	for _, rel := range rels {
		out = append(out, filepath.Join(ss.s.GeneratedDir(), filepath.FromSlash(rel)))
	}
	return out
}

// Origin is the note a generated file (relative to the generated folder)
// was made from, as of the last Update: Hugo's errors must name the note.
func (ss *Session) Origin(rel string, line int) (string, bool) {
	if ss.writer == nil {
		return "", false
	}
	return ss.writer.Locate(rel, line)
}
