package pipeline

import (
	"fmt"
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
	memo            *emit.Memo
}

// NewSession returns a session over s's sources; its first Update reads
// everything.
func NewSession(s *config.Settings) *Session { return &Session{s: s, memo: emit.NewMemo()} }

// Settings are the session's settings.
func (ss *Session) Settings() *config.Settings { return ss.s }

// Update brings the generated content up to date. notesOnly says that
// nothing but note files changed since the last Update (the checkout
// stays as read); the first Update always reads everything. The result
// lists the generated files that changed (Result.Changed).
func (ss *Session) Update(notesOnly bool) (*Result, error) {
	r := &Result{Out: ss.s.Out}
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
		ss.extractWarnings = in.LaterWarnings()
	}
	if err := merge(in, ss.facts, r); err != nil {
		return r, err
	}
	ss.in = in
	w, err := emitContent(ss.s, r, ss.memo)
	if err != nil {
		return r, err
	}
	ss.writer = w
	for _, rel := range append(append([]string(nil), w.Written...), w.Removed...) {
		r.Changed = append(r.Changed, filepath.Join(ss.s.GeneratedDir(), filepath.FromSlash(rel)))
	}
	return r, nil
}

// Origin is the note a generated file (relative to the generated folder)
// was made from, as of the last Update: Hugo's errors must name the note.
func (ss *Session) Origin(rel string, line int) (string, bool) {
	if ss.writer == nil {
		return "", false
	}
	o, ok := ss.writer.Origin(rel)
	return o.Locate(line), ok
}
