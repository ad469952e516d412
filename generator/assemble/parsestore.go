package assemble

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/nvfuser-handbook/handbook/generator/internal/bincache"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/notes"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// A ParseStore keeps each note as notes.ParseAs read it from one build to
// the next (generated/cache/notes.bin): at 10,000 notes parsing them was
// 1.9 CPU-s of every build, for notes that had not changed
// (docs/benchmarks.md, issue 35 round 8).
//
// A parse depends on the note's bytes, its path, what the handbook says
// about it (notes.Preset), the gen binary, and what it asked the reference
// model: whether an option, a variable or a file of the checkout exists.
// The store keeps the questions with their answers, and a note is taken
// from it only when the same questions get the same answers now. So a new
// nvFuser commit that adds files or options costs only the notes that asked
// about them, not every note.
type ParseStore struct {
	file, gen string

	mu      sync.Mutex
	old     map[string]storedParse // by note path: what the last build kept
	now     []storedParse          // this build's
	reused  int
	changed bool // something differs from what was read
}

// storedParse is one note's parse and what it depended on.
type storedParse struct {
	Path, Rel string
	Sum       [sha256.Size]byte // of the note's bytes
	Preset    notes.Preset
	Asked     []asked
	Note      *model.Note
}

// asked is one question a parse asked of the reference model, and its
// answer.
type asked struct {
	Q    byte // 'o' an option (A env, B name), 'v' a variable (A), 'f' a file (A)
	A, B string
	X, Y bool // the answer: (known, isFamily), (known), (exists, checked)
}

const parseStoreMagic = "gen-note-parses-1\n"

// OpenParseStore reads the store in file, written by the gen binary gen
// ("" keeps no store: nil). A missing or damaged file, or one another
// binary wrote, is an empty store.
func OpenParseStore(file, gen string) *ParseStore {
	if gen == "" {
		return nil
	}
	s := &ParseStore{file: file, gen: gen, old: map[string]storedParse{}}
	if data, err := os.ReadFile(file); err == nil {
		if entries, err := decodeParses(data, gen); err == nil {
			for _, e := range entries {
				s.old[e.Path] = e
			}
		}
	}
	return s
}

func decodeParses(data []byte, gen string) ([]storedParse, error) {
	d, err := bincache.NewDecoder(data, parseStoreMagic, gen)
	if err != nil {
		return nil, err
	}
	body := d.Bytes()
	if err := d.End(); err != nil {
		return nil, err
	}
	var entries []storedParse
	if err := gob.NewDecoder(bytes.NewReader(body)).Decode(&entries); err != nil {
		return nil, err
	}
	return entries, nil
}

// Reused is how many notes this build took from the store, of how many
// it read.
func (s *ParseStore) Reused() (reused, of int) {
	if s == nil {
		return 0, 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reused, len(s.now)
}

// parse is notes.ParseAs for f, from the store when its last parse still
// holds. The note is the store's own: Save, which encodes it, must run
// before anything changes the notes parse returned (later stages add to
// them).
func (s *ParseStore) parse(f sources.File, opt notes.Options, preset notes.Preset) (*model.Note, error) {
	if s == nil {
		return notes.ParseAs(f.Path, f.Data, opt, preset)
	}
	sum := sha256.Sum256(f.Data)
	s.mu.Lock()
	old, ok := s.old[f.Path]
	if ok {
		// Handed out once: two inputs with one path get two parses.
		delete(s.old, f.Path)
	}
	s.mu.Unlock()
	if ok && old.Note != nil && old.Rel == f.Rel && old.Sum == sum && old.Preset == preset && answered(old.Asked, opt) {
		s.keep(old, true)
		return old.Note, nil
	}
	rec := &recorder{opt: opt}
	n, err := notes.ParseAs(f.Path, f.Data, rec.options(), preset)
	if err != nil || n == nil {
		s.mu.Lock()
		s.changed = true
		s.mu.Unlock()
		return n, err
	}
	s.keep(storedParse{Path: f.Path, Rel: f.Rel, Sum: sum, Preset: preset, Asked: rec.asked, Note: n}, false)
	return n, nil
}

func (s *ParseStore) keep(e storedParse, reused bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now = append(s.now, e)
	if reused {
		s.reused++
	} else {
		s.changed = true
	}
}

// Save writes this build's parses over the store's file when they differ
// from what was read (a note parsed anew, or one gone), and returns
// whether it wrote. It encodes the notes: call it before anything changes
// them.
func (s *ParseStore) Save() (wrote bool, err error) {
	if s == nil {
		return false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.changed && len(s.old) == 0 {
		return false, nil // every note read was reused, none is gone
	}
	// In path order whatever the order the notes were parsed in, so the
	// file is the same for the same notes.
	entries := slices.Clone(s.now)
	slices.SortFunc(entries, func(a, b storedParse) int { return strings.Compare(a.Path, b.Path) })
	var body bytes.Buffer
	if err := gob.NewEncoder(&body).Encode(entries); err != nil {
		return false, err
	}
	if err := bincache.WriteFile(s.file, bincache.AppendBytes(bincache.Header(parseStoreMagic, s.gen), body.Bytes())); err != nil {
		return false, err
	}
	return true, nil
}

// answered says every question gets the answer it got before.
func answered(qs []asked, opt notes.Options) bool {
	for _, q := range qs {
		var x, y bool
		switch q.Q {
		case 'o':
			if opt.KnownOption == nil {
				return false
			}
			x, y = opt.KnownOption(q.A, q.B)
		case 'v':
			if opt.KnownVariable == nil {
				return false
			}
			x = opt.KnownVariable(q.A)
		case 'f':
			if opt.FileExists == nil {
				return false
			}
			x, y = opt.FileExists(q.A)
		default:
			return false
		}
		if x != q.X || y != q.Y {
			return false
		}
	}
	return true
}

// recorder asks the reference model for a parse and writes down each
// question and answer. A question the model cannot be asked (a nil
// function) stays unasked: the parse sees the same nil.
type recorder struct {
	opt   notes.Options
	mu    sync.Mutex
	asked []asked
}

func (r *recorder) note(q asked) {
	r.mu.Lock()
	r.asked = append(r.asked, q)
	r.mu.Unlock()
}

func (r *recorder) options() notes.Options {
	var o notes.Options
	if f := r.opt.KnownOption; f != nil {
		o.KnownOption = func(env, name string) (bool, bool) {
			known, family := f(env, name)
			r.note(asked{Q: 'o', A: env, B: name, X: known, Y: family})
			return known, family
		}
	}
	if f := r.opt.KnownVariable; f != nil {
		o.KnownVariable = func(name string) bool {
			known := f(name)
			r.note(asked{Q: 'v', A: name, X: known})
			return known
		}
	}
	if f := r.opt.FileExists; f != nil {
		o.FileExists = func(p string) (bool, bool) {
			exists, checked := f(p)
			r.note(asked{Q: 'f', A: p, X: exists, Y: checked})
			return exists, checked
		}
	}
	return o
}
