package history

import "github.com/nvfuser-handbook/handbook/generator/model"

// Commit subjects. The walk reads each commit's subject from `git log`
// and keeps it once, in Result.Subjects, for the commits the result names
// (an option's addition, a check's removal, a function's last changes):
// the events themselves leave it empty, so the cache does not repeat a
// subject per event. Apply fills every event's Subject from the table.

// maxSubject bounds a kept subject (git allows a first line of any
// length; pages show one line).
const maxSubject = 200

// keepSubjects records the subjects of the commits res names.
func (res *Result) keepSubjects(commits []commit) {
	all := make(map[string]string, len(commits))
	for _, c := range commits {
		s := c.Subject
		if len(s) > maxSubject {
			s = truncateUTF8(s, maxSubject) + "…"
		}
		all[c.Hash] = s
	}
	res.Subjects = map[string]string{}
	res.events(func(e *model.Event) {
		if s := all[e.Commit]; s != "" {
			res.Subjects[e.Commit] = s
		}
	})
}

// fillSubjects sets the Subject of every event res holds.
func (res *Result) fillSubjects() {
	res.events(func(e *model.Event) { e.Subject = res.Subjects[e.Commit] })
}

// events calls fn with every event res holds.
func (res *Result) events(fn func(*model.Event)) {
	fn(&res.First)
	for _, m := range []map[string]*Record{res.Options, res.Variables} {
		for _, r := range m {
			historyEvents(&r.History, fn)
		}
	}
	for i := range res.Changes {
		fn(&res.Changes[i].Event)
	}
	for _, r := range res.Checks {
		fn(&r.Added)
		if r.Removed != nil {
			fn(r.Removed)
		}
		if r.Last != nil {
			fn(&r.Last.At)
		}
	}
	for _, evs := range res.FunctionChanges {
		for i := range evs {
			fn(&evs[i])
		}
	}
	for i := range res.Versions {
		fn(&res.Versions[i])
	}
}

func historyEvents(h *model.History, fn func(*model.Event)) {
	fn(&h.Added)
	if h.Removed != nil {
		fn(h.Removed)
	}
	for i := range h.Descriptions {
		fn(&h.Descriptions[i].Event)
	}
}

// truncateUTF8 cuts s to at most n bytes, on a rune boundary.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
