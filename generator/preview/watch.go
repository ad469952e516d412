package preview

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/gohugoio/hugo/watcher"

	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/generator/internal/pathglob"
	"github.com/nvfuser-handbook/handbook/generator/localref"
	"github.com/nvfuser-handbook/handbook/generator/sources"
)

// projectDirs are the Hugo project's folders whose files Hugo renders or
// copies; a change there goes straight to Hugo.
var projectDirs = []string{"layouts", "content", "static", "assets", "i18n", "data", "archetypes"}

// watch follows the files a build reads, with Hugo's own file watcher
// (operating-system events, or polling), and sorts each batch of changes
// by what it calls for.
type watch struct {
	b        *watcher.Batcher
	s        *config.Settings
	site     []string // project folders
	notes    []string // note folders, files, and glob bases
	checkout []string // checkout paths gen reads
	git      string   // the checkout's .git folder
}

func newWatcher(s *config.Settings, batch, poll time.Duration) (*watch, error) {
	interval := poll
	if interval == 0 {
		interval = 500 * time.Millisecond // the poller's fallback only
	}
	b, err := watcher.New(batch, interval, poll > 0)
	if err != nil {
		return nil, err
	}
	w := &watch{b: b, s: s}
	for _, d := range projectDirs {
		p := filepath.Join(s.ProjectDir, d)
		w.site = append(w.site, p)
		w.addTree(p)
	}
	// The config file: its folder, so that an editor's replace-by-rename
	// is seen too.
	_ = b.Add(filepath.Dir(s.ConfigFile))
	for _, n := range s.Notes {
		root, _ := filepath.Abs(sources.NotesRoot(n))
		w.notes = append(w.notes, root)
		if st, err := os.Stat(root); err == nil && !st.IsDir() {
			_ = b.Add(filepath.Dir(root))
			continue
		}
		w.addTree(root)
	}
	// The explanations people write for checks are read with the
	// checkout's facts: a saved one reads them again.
	if s.Explanations != "" {
		w.checkout = append(w.checkout, s.Explanations)
		w.addTree(s.Explanations)
	}
	if s.Source != "" {
		for _, p := range inputs.TreeRoots() {
			full := filepath.Join(s.Source, filepath.FromSlash(p))
			w.checkout = append(w.checkout, full)
			if st, err := os.Stat(full); err == nil && !st.IsDir() {
				_ = b.Add(filepath.Dir(full))
				continue
			}
			w.addTree(full)
		}
		// nvFuser's docs, read as guides, are part of the checkout (a
		// pattern without a folder, "*.md", would watch all of it: not).
		if s.Docs != config.DocsOff {
			for _, inc := range s.DocsInclude {
				if g, err := pathglob.Compile(inc); err == nil && g.Root() != "." {
					full := filepath.Join(s.Source, filepath.FromSlash(g.Root()))
					w.checkout = append(w.checkout, full)
					w.addTree(full)
				}
			}
		}
		// A checkout of another commit moves HEAD; a commit moves a ref.
		w.git = filepath.Join(s.Source, ".git")
		if st, err := os.Stat(w.git); err == nil && st.IsDir() {
			_ = b.Add(w.git)
			w.addTree(filepath.Join(w.git, "refs", "heads"))
		}
	}
	return w, nil
}

// addTree watches root and every folder below it (the watcher does not
// recurse by itself).
func (w *watch) addTree(root string) {
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if d.Name() == "node_modules" || (strings.HasPrefix(d.Name(), ".") && p != root) {
				return filepath.SkipDir
			}
			_ = w.b.Add(p)
		}
		return nil
	})
}

func (w *watch) events() <-chan []fsnotify.Event { return w.b.Events }
func (w *watch) errors() <-chan error            { return w.b.Errors() }
func (w *watch) close()                          { w.b.Close() }

// changes is one batch of changes, sorted by what each calls for.
type changes struct {
	config   bool     // the config file: start over
	checkout bool     // the checkout: read it again
	notes    bool     // note files
	site     []string // project files for Hugo
}

func (c changes) empty() bool { return !c.config && !c.checkout && !c.notes && len(c.site) == 0 }

// classify sorts a batch of events, skipping editors' temporary files
// and permission changes, and watches folders created meanwhile.
func (w *watch) classify(evs []fsnotify.Event) changes {
	var c changes
	seen := map[string]bool{}
	for _, ev := range evs {
		if ev.Op == fsnotify.Chmod || ev.Name == "" || seen[ev.Name] || editorTemp(ev.Name) {
			continue
		}
		seen[ev.Name] = true
		if ev.Has(fsnotify.Create) {
			if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
				w.addTree(ev.Name)
			}
		}
		switch {
		case ev.Name == w.s.ConfigFile:
			c.config = true
		case w.git != "" && (ev.Name == filepath.Join(w.git, "HEAD") || under(filepath.Join(w.git, "refs"), ev.Name)):
			c.checkout = true
		case w.isNote(ev.Name):
			c.notes = true
		case underAny(w.checkout, ev.Name):
			c.checkout = true
		case underAny(w.site, ev.Name):
			c.site = append(c.site, ev.Name)
		}
	}
	return c
}

// isNote reports whether path is, or may be, one of the notes: a note
// file under a notes folder or glob base, or a note file named alone. A
// folder's removal counts too (its notes went with it).
func (w *watch) isNote(path string) bool {
	for _, root := range w.notes {
		if path == root {
			return true
		}
		// An image a note shows is published from the notes folder:
		// a changed one means emitting again, like a changed note.
		if under(root, path) && (sources.IsNoteFile(path) || localref.IsImage(path) || filepath.Ext(path) == "") {
			return true
		}
	}
	return false
}

func under(root, path string) bool {
	r, err := filepath.Rel(root, path)
	return err == nil && r != "." && !strings.HasPrefix(r, "..") && !filepath.IsAbs(r)
}

func underAny(roots []string, path string) bool {
	for _, r := range roots {
		if path == r || under(r, path) {
			return true
		}
	}
	return false
}

// editorTemp reports the files editors write beside the one being saved
// (the same list hugo server skips).
func editorTemp(name string) bool {
	ext, base := filepath.Ext(name), filepath.Base(name)
	return strings.HasSuffix(ext, "~") || ext == ".swp" || ext == ".swx" || ext == ".bck" || ext == ".tmp" ||
		base == "4913" || base == ".DS_Store" || strings.HasPrefix(ext, ".goutputstream") ||
		strings.HasSuffix(ext, "jb_old___") || strings.HasSuffix(ext, "jb_tmp___") || strings.HasSuffix(ext, "jb_bak___") ||
		strings.HasPrefix(ext, ".sb-") || strings.HasPrefix(base, ".#") || strings.HasPrefix(base, "#")
}
