package emit

import (
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// Site holds the settings pages need for absolute and outbound links.
type Site struct {
	BaseURL string
	RepoURL string // nvFuser repository, for source links
	RepoRef string
	// NotesEditBase, when set, turns a note's source path into an edit URL
	// (NotesEditBase + source). Empty means no edit link.
	NotesEditBase string
	// FileExists reports whether a repo-relative path is in the checkout
	// (checked=false when none was read); nil means nothing can be checked.
	FileExists func(path string) (exists, checked bool)
}

// EditURL is where a note's source can be edited, or "".
func (s Site) EditURL(source string) string {
	if s.NotesEditBase == "" || source == "" {
		return ""
	}
	return strings.TrimSuffix(s.NotesEditBase, "/") + "/" + strings.TrimPrefix(source, "/")
}

// IssueURL links "#1234" to the repository's issue tracker (GitHub redirects
// issue numbers to pull requests and back).
func (s Site) IssueURL(ref string) string {
	num := strings.TrimLeft(ref, "#")
	return strings.TrimSuffix(s.RepoURL, "/") + "/issues/" + num
}

// Content is where generated content lives under the generated root.
const (
	ContentDir = "content"
	StaticDir  = "static"
	DataDir    = "data" // Hugo's site.Data, for lists templates render
)

type emitter struct {
	h        *model.Handbook
	site     Site
	w        *Writer
	usedBy   map[string][]Ref
	drift    map[string][]string
	postings map[string][]*model.Note
}

// Emit writes every generated page and the JSON API through w.
func Emit(h *model.Handbook, site Site, w *Writer) error {
	e := &emitter{h: h, site: site, w: w}
	e.indexUsage()
	e.indexDrift()
	e.indexRelated()
	steps := []func() error{e.reference, e.notes, e.sections, e.driftPage, e.api, e.schemas}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return w.Prune(ContentDir, StaticDir, DataDir)
}

func (e *emitter) put(rel string, p page) error {
	p.body = escapeRawHTML(p.body)
	data, err := p.render()
	if err != nil {
		return fmt.Errorf("emit %s: %w", rel, err)
	}
	return e.w.Write(path.Join(ContentDir, rel), data)
}

func (e *emitter) reference() error {
	for _, v := range e.h.Variables {
		if err := e.put("env/"+strings.ToLower(v.Name)+".md", e.variablePage(v)); err != nil {
			return err
		}
	}
	for _, f := range e.h.Families {
		if err := e.put("options/"+f.Key+"/_index.md", e.familyPage(f)); err != nil {
			return err
		}
	}
	for _, o := range e.h.Options {
		if err := e.put("options/"+o.Family+"/"+strings.ToLower(o.Name)+".md", e.optionPage(o)); err != nil {
			return err
		}
	}
	return nil
}

// notes writes every note's page. Notes are independent (the related and
// used-by indexes are built before), so they are rendered in parallel.
func (e *emitter) notes() error {
	errs := make([]error, len(e.h.Notes))
	parallel.For(len(e.h.Notes), func(i int) {
		n := e.h.Notes[i]
		errs[i] = e.put(urls.Section(n.Kind)+"/"+n.ID+".md", e.notePage(n))
	})
	return errors.Join(errs...)
}

// indexUsage records which notes mention each variable and option, for the
// "used by" lists on reference pages.
func (e *emitter) indexUsage() {
	e.usedBy = map[string][]Ref{}
	for _, n := range e.h.Notes {
		ref := noteRef(n)
		seen := map[string]bool{}
		add := func(key string) {
			if !seen[key] {
				seen[key] = true
				e.usedBy[key] = append(e.usedBy[key], ref)
			}
		}
		for _, s := range n.Env {
			if e.h.Variable(s.Name) != nil {
				add("var:" + s.Name)
			}
		}
		for _, o := range n.Options {
			if opt := e.h.Option(o.Env, o.Name); opt != nil && o.Known {
				add("opt:" + opt.Env + "=" + opt.Name)
			}
		}
	}
	for _, refs := range e.usedBy {
		sort.Slice(refs, func(i, j int) bool { return refs[i].ID < refs[j].ID })
	}
}

func (e *emitter) indexDrift() {
	e.drift = map[string][]string{}
	for _, d := range e.h.Drift {
		e.drift[d.Subject] = append(e.drift[d.Subject], d.Detail)
	}
}

func (e *emitter) driftFor(subject string) []string { return e.drift[subject] }

// resolver gives linkify the destinations of mentions in notes. Internal
// destinations are content paths, which the render-link hook resolves with
// Hugo's page lookup, so a wrong one fails the build instead of 404ing.
type resolver struct{ e *emitter }

func (r resolver) Env(name string) string {
	if r.e.h.Variable(name) == nil {
		return ""
	}
	return contentPath(urls.Var(name))
}

func (r resolver) Option(env, name string) string {
	o := r.e.h.Option(env, name)
	if o == nil || o.DefinedAt.IsZero() && !o.Documented {
		return ""
	}
	return contentPath(urls.Option(o.Family, o.Name))
}

func (r resolver) File(f model.FileRef) string {
	if r.e.site.FileExists != nil {
		if exists, checked := r.e.site.FileExists(f.Path); checked && !exists {
			return "missing:" + f.String()
		}
	}
	return urls.SourceRange(r.e.site.RepoURL, r.e.site.RepoRef, f)
}

func (r resolver) PR(num string) string { return r.e.site.IssueURL(num) }
