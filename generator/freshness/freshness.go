// Package freshness tells, for each line a note points at in an nvFuser git
// checkout, whether those lines still say what they said when the note was
// written: unchanged, changed by later commits, moved (another path or
// other line numbers, same text), deleted, or missing (the file did not
// exist at the note's date).
//
// The note's date picks the base revision: the last first-parent commit of
// HEAD on or before that day. Lines are followed from the base to HEAD
// through renames (commit by commit) and a zero-context diff of the two
// blobs; the commits that changed them are git's own line history
// (`git log -L`), so the verdicts agree with what an engineer would get
// by asking git.
package freshness

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/internal/gitcmd"
	"github.com/nvfuser-handbook/handbook/generator/internal/parallel"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Repo is a git checkout of nvFuser.
type Repo struct {
	dir  string
	Head string // HEAD's commit
}

// Open returns the checkout at dir, or nil when dir is not the top of a
// git work tree (a plain tree has no history to compare with).
func Open(dir string) *Repo {
	head, _, ok := gitcmd.Head(dir)
	if !ok {
		return nil
	}
	return At(dir, head)
}

// At is the checkout at dir whose HEAD the read stage already found
// (sources.HeadRevision), so it is not asked again.
func At(dir, head string) *Repo { return &Repo{dir: dir, Head: head} }

// Check gives the verdict on every reference of n that names lines, as of
// the note's date since (YYYY-MM-DD). A reference without lines is checked
// only for having moved, been deleted or never existed: that the file
// changed says nothing about a whole-file reference.
func (r *Repo) Check(since string, refs []model.FileRef, cache *Cache) []model.Freshness {
	if since == "" || len(refs) == 0 {
		return nil
	}
	base := r.base(since, cache)
	out := make([]model.Freshness, len(refs))
	parallel.For(len(refs), func(i int) {
		key := cacheKey(r.Head, base, refs[i])
		if f, ok := cache.get(key); ok {
			out[i] = f
			return
		}
		out[i] = r.check(base, refs[i])
		cache.put(key, out[i])
	})
	var kept []model.Freshness
	for i, f := range out {
		if f.Status == "" { // a whole-file reference still where it was
			continue
		}
		f.Ref, f.Since = refs[i].String(), since
		if f.Commits == nil {
			f.Commits = []string{}
		}
		kept = append(kept, f)
	}
	return kept
}

// base is the commit a note of that date was written against: the last
// first-parent commit made on or before that day by its committer's own
// calendar, the day git log's %cs (and NoteDate) prints. A cut-off at
// midnight UTC would miss a commit made late in the evening west of
// Greenwich, such as the one that added the note itself with the files it
// names.
func (r *Repo) base(since string, cache *Cache) string {
	if b, ok := cache.base(r.Head + " " + since); ok {
		return b
	}
	// No time zone is later than UTC-12: nothing dated that day (in
	// any zone) was committed after this instant.
	out, _ := git(r.dir, "rev-list", "--first-parent", "--format=%cs", "-n", "256", "--before="+since+"T23:59:59-12:00", "HEAD")
	b := ""
	l := lines(out)
	for i := 0; i+1 < len(l); i += 2 { // "commit <hash>", then its day
		if hash, ok := strings.CutPrefix(l[i], "commit "); ok && strings.TrimSpace(l[i+1]) <= since {
			b = hash
			break
		}
	}
	cache.setBase(r.Head+" "+since, b)
	return b
}

func (r *Repo) check(base string, ref model.FileRef) model.Freshness {
	// A reference to a symbolic link is about the file it points at.
	p := r.resolve(base, ref.Path)
	if base == "" || !r.exists(base, p) || ref.End > r.lineCount(base, p) {
		// The file, or those lines, did not exist when the note was
		// written: it was written against some other version.
		return model.Freshness{Status: model.FreshMissing}
	}
	to := r.follow(base, p)
	if to.path == "" {
		return model.Freshness{Status: model.FreshDeleted, Commits: []string{to.deleted}}
	}
	now := to.path
	if now == r.resolve("HEAD", ref.Path) {
		now = ref.Path // still reached through the note's own name
	}
	if ref.Start == 0 {
		if now == ref.Path {
			return model.Freshness{}
		}
		return model.Freshness{Status: model.FreshMoved, Now: now}
	}
	diff, err := git(r.dir, "diff", "-U0", "--no-color", "--no-ext-diff", base+":"+p, "HEAD:"+to.path)
	if err != nil {
		return model.Freshness{Status: model.FreshMissing}
	}
	c, d, touched := mapRange(parseHunks(diff), ref.Start, ref.End)
	switch {
	case c > d:
		return model.Freshness{Status: model.FreshDeleted, Commits: r.fileCommits(base, p, to.path)}
	case touched:
		return model.Freshness{Status: model.FreshChanged, Commits: r.lineCommits(base, to.path, c, d), Now: span(now, c, d)}
	case now != ref.Path || c != ref.Start:
		return model.Freshness{Status: model.FreshMoved, Now: span(now, c, d)}
	}
	return model.Freshness{Status: model.FreshUnchanged, Now: span(now, c, d)}
}

// lineCommits is git's line history of c..d at HEAD since base, oldest first.
func (r *Repo) lineCommits(base, p string, c, d int) []string {
	out, _ := git(r.dir, "log", "--format=%H", "-s", fmt.Sprintf("-L%d,%d:%s", c, d, p), base+"..HEAD")
	cs := lines(out)
	slices.Reverse(cs)
	return cs
}

// fileCommits lists the commits since base that touched the file under
// either name, oldest first: the lines are gone, so git cannot trace them.
func (r *Repo) fileCommits(base string, paths ...string) []string {
	args := append([]string{"log", "--format=%H", "--reverse", base + "..HEAD", "--"}, slices.Compact(paths)...)
	out, _ := git(r.dir, args...)
	return lines(out)
}

// lineCount is the number of lines of a file at rev.
func (r *Repo) lineCount(rev, p string) int {
	out, err := git(r.dir, "cat-file", "blob", rev+":"+p)
	if err != nil {
		return 0
	}
	n := strings.Count(out, "\n")
	if out != "" && !strings.HasSuffix(out, "\n") {
		n++
	}
	return n
}

func span(p string, c, d int) string {
	if c == d {
		return p + ":" + strconv.Itoa(c)
	}
	return p + ":" + strconv.Itoa(c) + "-" + strconv.Itoa(d)
}
