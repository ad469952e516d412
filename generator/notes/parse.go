package notes

import (
	"fmt"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Options tells Parse what the rest of the handbook knows, so extracted
// facts can be checked against nvFuser's sources. Every field may be nil.
type Options struct {
	// KnownOption reports whether name is an option of the family read
	// through env (e.g. "NVFUSER_DUMP", "fusion_ir"; always the NVFUSER_
	// spelling, see vocab.Canonical), and isFamily whether
	// env is an option-family variable at all. When nil, NVFUSER_DUMP,
	// _ENABLE, _DISABLE and _PROF are families and no option is known.
	KnownOption func(env, name string) (known, isFamily bool)
	// KnownVariable reports whether an env var is known to the handbook.
	// It lets single-word names (no underscore) count as variables.
	KnownVariable func(name string) bool
	// FileExists reports whether a repo-relative path exists in the source
	// checkout; checked=false when no checkout was read.
	FileExists func(path string) (exists, checked bool)
}

// extractor accumulates one note's facts.
type extractor struct {
	opt  Options
	doc  *doc
	note *model.Note
	bare []model.FileRef // bare file names waiting for resolveBare
	date string          // the date the note gives itself
}

// Preset is what the handbook says about one note before reading it:
// defaults for a doc of the checkout, and the configuration's override
// for its path. Front matter beats the defaults; the override beats
// front matter (it is how one sets the kind of a file one cannot edit).
type Preset struct {
	// ID replaces the id derived from the file name ("" keeps it);
	// front matter's id still wins.
	ID string
	// DefaultKind replaces the derived kind ("" keeps it): a doc of the
	// checkout is a guide, whatever its words.
	DefaultKind string
	// Origin says where the note is from ("nvFuser doc"), added to a
	// title that is not the note's own heading ("Table of Contents
	// (nvFuser doc)").
	Origin string
	// Kind, Title and Status are the override's ("" sets nothing).
	Kind, Title, Status string
}

// Parse reads one note. source is the path as given (used for the id and
// in errors); data is the file's content. Errors have the form
// "source:line: message". Parse never panics.
func Parse(source string, data []byte, opt Options) (*model.Note, error) {
	return ParseAs(source, data, opt, Preset{})
}

// ParseAs is Parse with what the handbook says about the note (see Preset).
func ParseAs(source string, data []byte, opt Options, preset Preset) (note *model.Note, err error) {
	defer func() {
		// Belt and braces: a bug in an extractor must cost one note, not
		// the build.
		if r := recover(); r != nil {
			note, err = nil, fmt.Errorf("%s:1: internal error reading note: %v", source, r)
		}
	}()
	if err := checkInput(source, data); err != nil {
		return nil, err
	}
	data = normalize(data)
	fm, body, bodyLine, err := splitFrontMatter(source, data)
	if err != nil {
		return nil, err
	}
	lines := newLineIndex(body, bodyLine-1, countLines(data))
	if err := checkBody(source, body, lines); err != nil {
		return nil, err
	}

	n := &model.Note{
		ID:       IDFromSource(source),
		Source:   source,
		Body:     string(body),
		BodyLine: bodyLine,
	}
	x := &extractor{opt: opt, doc: readDoc(body, lines), note: n}
	x.commands()
	x.env()
	x.files()
	x.resolveBare()
	x.symbols()
	x.tests()
	x.commits()
	x.issues()
	x.tools()
	x.dates()
	x.signatures()
	n.Mentions = x.mentions()
	for _, t := range x.doc.tasks {
		n.Checklist.Items = append(n.Checklist.Items, model.ChecklistItem{Text: t.text, Done: t.done})
		n.Checklist.Total++
		if t.done {
			n.Checklist.Done++
		}
	}

	n.UnsafeURLs = x.doc.unsafe
	for _, w := range x.doc.warnings {
		w.Where.File = source
		n.Warnings = append(n.Warnings, w)
	}
	n.Local = x.doc.localRefs()
	n.Title = x.doc.title()
	n.Symptom = x.doc.symptom()
	n.Date = x.date
	n.Kind = scoreKind(x.doc, n).kind()
	if preset.ID != "" {
		n.ID = sanitizeID(preset.ID)
	}
	if preset.DefaultKind != "" {
		n.Kind = preset.DefaultKind
	}

	// Front matter wins over everything derived; the handbook's override
	// wins over front matter.
	if fm.ID != "" {
		n.ID = sanitizeID(fm.ID)
	}
	if fm.Title != "" {
		n.Title = fm.Title
	}
	if preset.Title != "" {
		n.Title = preset.Title
	}
	if n.Title == "" {
		n.Title = humanize(n.ID)
		if preset.ID != "" && fm.ID == "" { // a doc's id is its path; its name is its file's
			n.Title = humanize(IDFromSource(source))
		}
	}
	// A title that is not the page's own heading ("Table of Contents",
	// a file name) says where the page is from, when the handbook knows.
	if preset.Origin != "" && fm.Title == "" && preset.Title == "" && x.doc.headingTitle() == "" {
		n.Title += " (" + preset.Origin + ")"
	}
	if fm.Kind != "" {
		n.Kind = fm.Kind
	}
	if preset.Kind != "" {
		n.Kind = preset.Kind
	}
	if fm.Date != "" {
		n.Date = fm.Date
	}
	for _, a := range fm.Aliases {
		if a = sanitizeID(a); a != n.ID {
			n.Aliases = append(n.Aliases, a)
		}
	}
	if n.Kind == model.KindRunbook {
		n.Status = runbookStatus(x.doc)
		if fm.Status != "" {
			n.Status = fm.Status
		}
		if preset.Status != "" {
			n.Status = preset.Status
		}
	}
	finish(n)
	return n, nil
}
