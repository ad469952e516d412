package history

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// TestHistoryOfChecks walks a repository whose checks move, get renamed
// with their file, reworded and removed, and compares with what the
// commits written here did (an independent account of the same history).
func TestHistoryOfChecks(t *testing.T) {
	r := newRepo(t)
	v1 := "void lower(int x) {\n  NVF_ERROR(x > 0, \"Vectorized accesses cannot be inline with computation: \", x);\n}\n" +
		"void segment(int y) {\n  NVF_CHECK(y != 1, \"Multiple use of replicated upcast tensor found\");\n}\n"
	c1 := r.commit(map[string]string{"csrc/validation.cpp": v1, "csrc/README": "not C++"})
	// Lines move: nothing happens to the checks.
	r.commit(map[string]string{"csrc/validation.cpp": "// a header comment\n\n\n" + v1})
	// The file is renamed: still nothing.
	r.commit(map[string]string{"csrc/validation.cpp": "", "csrc/device_lower/validation.cpp": "// a header comment\n\n\n" + v1})
	// The segment check is reworded in its first words.
	v2 := "void lower(int x) {\n  NVF_ERROR(x > 0, \"Vectorized accesses cannot be inline with computation: \", x);\n}\n" +
		"void segment(int y) {\n  NVF_CHECK(y != 1, \"Replicated upcast tensor used more than once\");\n}\n"
	c4 := r.commit(map[string]string{"csrc/device_lower/validation.cpp": v2})
	// A new check is added, then the vectorize check is removed.
	c5 := r.commit(map[string]string{"csrc/device_lower/validation.cpp": v2 + "void extra() {\n  NVF_THROW(\"unreachable\");\n}\n"})
	c6 := r.commit(map[string]string{"csrc/device_lower/validation.cpp": "void segment(int y) {\n  NVF_CHECK(y != 1, \"Replicated upcast tensor used more than once\");\n}\n" +
		"void extra() {\n  NVF_THROW(\"unreachable\");\n}\n"})

	res, err := read(r.dir, "", "")
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		added, removed, replacedBy string
		formerly                   []string
	}
	wants := map[string]want{
		"lower-vectorized-accesses-cannot-be-inline-with":  {added: c1, removed: c6},
		"segment-multiple-use-of-replicated-upcast-tensor": {added: c1, removed: c4, replacedBy: "segment-replicated-upcast-tensor-used-more-than"},
		"segment-replicated-upcast-tensor-used-more-than":  {added: c1, formerly: []string{"segment-multiple-use-of-replicated-upcast-tensor"}},
		"extra-unreachable": {added: c5},
	}
	if len(res.Checks) != len(wants) {
		t.Errorf("%d check records, want %d: %v", len(res.Checks), len(wants), keys(res.Checks))
	}
	for id, w := range wants {
		rec := res.Checks[id]
		if rec == nil {
			t.Errorf("%s: no record", id)
			continue
		}
		removed := ""
		if rec.Removed != nil {
			removed = rec.Removed.Commit
		}
		if rec.Added.Commit != w.added || removed != w.removed || rec.ReplacedBy != w.replacedBy || !reflect.DeepEqual(rec.Formerly, w.formerly) {
			t.Errorf("%s: added %.7s removed %.7s replaced by %q formerly %v; want added %.7s removed %.7s replaced by %q formerly %v",
				id, rec.Added.Commit, removed, rec.ReplacedBy, rec.Formerly, w.added, w.removed, w.replacedBy, w.formerly)
		}
	}
	// Where each sat, by the lines the commits above wrote: a place
	// keeps the ids that held it in at least half of the file's
	// revisions with a check there.
	const lower, segOld, segNew, extra = "lower-vectorized-accesses-cannot-be-inline-with",
		"segment-multiple-use-of-replicated-upcast-tensor", "segment-replicated-upcast-tensor-used-more-than", "extra-unreachable"
	wantSpots := []Spot{
		{File: "csrc/device_lower/validation.cpp", Line: 2, ID: lower},  // c4, c5 (c6: segNew, once)
		{File: "csrc/device_lower/validation.cpp", Line: 5, ID: segNew}, // c4, c5 (c3: lower, c6: extra)
		{File: "csrc/device_lower/validation.cpp", Line: 8, ID: extra},  // c5
		{File: "csrc/device_lower/validation.cpp", Line: 8, ID: segOld}, // c3
		{File: "csrc/validation.cpp", Line: 2, ID: lower},               // c1
		{File: "csrc/validation.cpp", Line: 5, ID: lower},               // c2
		{File: "csrc/validation.cpp", Line: 5, ID: segOld},              // c1
		{File: "csrc/validation.cpp", Line: 8, ID: segOld},              // c2
	}
	if !reflect.DeepEqual(res.Spots, wantSpots) {
		t.Errorf("spots:\n got %v\nwant %v", res.Spots, wantSpots)
	}
}

func keys[V any](m map[string]V) []string { return sortedKeys(m) }

// TestCheckFunctionRenamed: the function around a check is renamed (and
// the file with it); the check keeps its history under its new id.
func TestCheckFunctionRenamed(t *testing.T) {
	r := newRepo(t)
	c1 := r.commit(map[string]string{"csrc/a.cpp": "void revert(int y) {\n  NVF_ERROR(y == 1, \"Multiple use of replicated upcast tensor found: \", y);\n}\n"})
	r.commit(map[string]string{"csrc/a.cpp": "void revertPrivatizedOps(int y) {\n  NVF_ERROR(y == 1, \"Multiple use of replicated upcast tensor found: \", y);\n}\n"})
	res, err := read(r.dir, "", "")
	if err != nil {
		t.Fatal(err)
	}
	rec := res.Checks["revertprivatizedops-multiple-use-of-replicated-upcast-tensor"]
	if rec == nil || !reflect.DeepEqual(rec.Formerly, []string{"revert-multiple-use-of-replicated-upcast-tensor"}) || rec.Added.Commit != c1 {
		t.Fatalf("got %+v", rec)
	}
	if old := res.Checks["revert-multiple-use-of-replicated-upcast-tensor"]; old == nil || old.ReplacedBy != rec.ID || old.Removed == nil {
		t.Errorf("old id: %+v", old)
	}
}

// TestFunctionChanges: the commits that changed the function around a
// check, by the commits the test writes: comments and moved lines are no
// change, a renamed file keeps its functions' changes, the first revision
// read is none.
func TestFunctionChanges(t *testing.T) {
	r := newRepo(t)
	f := "void f(int x) {\n  NVF_ERROR(x > 0, \"positive\");\n}\n"
	g := "void g(int y) {\n  NVF_CHECK(y != 0, \"gee\");\n}\n"
	r.commit(map[string]string{"csrc/a.cpp": f + g})
	r.commit(map[string]string{"csrc/a.cpp": "// moved down\n" + f + "// a comment\n" + g})
	f2 := "void f(int x) {\n  x++;\n  NVF_ERROR(x > 0, \"positive\");\n}\n"
	c3 := r.commit(map[string]string{"csrc/a.cpp": f2 + g})
	r.commit(map[string]string{"csrc/a.cpp": "", "csrc/b.cpp": f2 + g})
	c5 := r.commit(map[string]string{"csrc/b.cpp": f2 + "void g(int y) {\n  NVF_CHECK(y != 0, \"gee\");\n  y--;\n}\n"})
	res, err := read(r.dir, "", "")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for k, evs := range res.FunctionChanges {
		for _, e := range evs {
			got[k] = append(got[k], e.Commit)
		}
	}
	want := map[string][]string{"csrc/b.cpp#f": {c3}, "csrc/b.cpp#g": {c5}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("function changes %v, want %v", got, want)
	}
}

// TestPastSpotsResolve: the history's places resolve to today's checks —
// through a rewording, never for a spot where the check still sits, never
// for numbered twins — and to a removed check's own id when it went.
func TestPastSpotsResolve(t *testing.T) {
	gone := &model.Event{Commit: "c9", Date: "2025-01-01"}
	cur := func(id, fn, file string, line int, words string) *model.Check {
		return &model.Check{ID: id, Function: fn, Within: fn, Where: model.Location{File: file, Line: line}, EndLine: line,
			Pieces: []string{words}, Macro: "NVF_ERROR", Kind: model.CheckInternal}
	}
	cs := []*model.Check{
		cur("lower-vectorized-accesses", "lower", "csrc/v.cpp", 40, "Vectorized accesses"),
		cur("twin-same-words", "twin", "csrc/t.cpp", 1, "Same words"),
		cur("twin-same-words-2", "twin", "csrc/t.cpp", 9, "Same words"),
	}
	r := &Result{
		Checks: map[string]*CheckRecord{
			"lower-old-wording":         {ID: "lower-old-wording", Removed: gone, ReplacedBy: "lower-vectorized-accesses"},
			"lower-vectorized-accesses": {ID: "lower-vectorized-accesses"},
			"gone-for-good":             {ID: "gone-for-good", Removed: gone},
			"twin-same-words":           {ID: "twin-same-words"},
		},
		Spots: []Spot{
			{File: "csrc/v.cpp", Line: 12, ID: "lower-old-wording", From: "0.1.0", To: "0.1.4"}, // reworded since: today's check
			{File: "csrc/v.cpp", Line: 40, ID: "lower-vectorized-accesses"},                     // where it still sits, no versions: left out
			{File: "csrc/old.cpp", Line: 7, ID: "lower-vectorized-accesses"},
			{File: "csrc/g.cpp", Line: 3, ID: "gone-for-good"}, // removed: its own page
			{File: "csrc/t.cpp", Line: 5, ID: "twin-same-words"},
			{File: "csrc/x.cpp", Line: 5, ID: "never-recorded"},
		},
	}
	got := pastSpots(cs, r)
	want := []model.PastSpot{
		{File: "csrc/v.cpp", Line: 12, Check: "lower-vectorized-accesses", From: "0.1.0", To: "0.1.4"},
		{File: "csrc/old.cpp", Line: 7, Check: "lower-vectorized-accesses"},
		{File: "csrc/g.cpp", Line: 3, Check: "gone-for-good", Removed: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("past spots\n got %+v\nwant %+v", got, want)
	}
	// Asked again (gen serve, after a note edit), the same answer, which
	// a caller's changes to it do not reach.
	got[0].Line = 999
	if again := pastSpots(cs, r); !reflect.DeepEqual(again, want) {
		t.Errorf("past spots asked again\n got %+v\nwant %+v", again, want)
	}
	// A check that moved is resolved again: the reworded check now sits
	// on line 12, where its old wording was, so that spot is today's line.
	moved := append([]*model.Check{cur("lower-vectorized-accesses", "lower", "csrc/v.cpp", 12, "Vectorized accesses")}, cs[1:]...)
	want = []model.PastSpot{
		{File: "csrc/v.cpp", Line: 12, Check: "lower-vectorized-accesses", From: "0.1.0", To: "0.1.4", Current: true},
		{File: "csrc/v.cpp", Line: 40, Check: "lower-vectorized-accesses"},
		{File: "csrc/old.cpp", Line: 7, Check: "lower-vectorized-accesses"},
		{File: "csrc/g.cpp", Line: 3, Check: "gone-for-good", Removed: true},
	}
	if got := pastSpots(moved, r); !reflect.DeepEqual(got, want) {
		t.Errorf("past spots after the check moved\n got %+v\nwant %+v", got, want)
	}
}

// TestSpotVersions: each place a check held carries the versions whose
// revisions had it there, and the versions' first commits are listed: an
// error naming its build resolves against that build's lines.
func TestSpotVersions(t *testing.T) {
	r := newRepo(t)
	body := "void f(int x) {\n  NVF_ERROR(x > 0, \"positive\");\n}\n"
	c1 := r.commit(map[string]string{"python/version.txt": "0.1.0\n", "csrc/a.cpp": body})
	c2 := r.commit(map[string]string{"python/version.txt": "0.2.0\n"})
	r.commit(map[string]string{"csrc/a.cpp": "// two\n// lines\n" + body})
	c4 := r.commit(map[string]string{"python/version.txt": "0.3.0\n"})
	res, err := read(r.dir, "", "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range res.Spots {
		got = append(got, fmt.Sprintf("%s:%d %s..%s", s.File, s.Line, s.From, s.To))
	}
	want := []string{"csrc/a.cpp:2 0.1.0..0.2.0", "csrc/a.cpp:4 0.2.0..0.3.0"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("spots %v, want %v", got, want)
	}
	var vers []string
	for _, v := range res.Versions {
		vers = append(vers, v.Version+"@"+v.Commit)
	}
	if want := []string{"0.1.0@" + c1, "0.2.0@" + c2, "0.3.0@" + c4}; !reflect.DeepEqual(vers, want) {
		t.Errorf("versions %v, want %v", vers, want)
	}
}

// TestOldIDLeadsToOnePage: checks that print the same text in the same
// function share a base id and its history; the ids they had before a
// rewording go to the first of them only, so that each old id is an
// alias of one page (given to both, which page it led to depended on
// which Hugo wrote last).
func TestOldIDLeadsToOnePage(t *testing.T) {
	mk := func(id string, line int) *model.Check {
		return &model.Check{ID: id, Macro: "NVF_ERROR", Function: "lower", Pieces: []string{"tensor is not ready"},
			Where: model.Location{File: "csrc/lower.cpp", Line: line}}
	}
	a, b := mk("lower-tensor-is-not-ready", 10), mk("lower-tensor-is-not-ready-2", 20)
	base := checks.BaseID(a)
	if checks.BaseID(b) != base {
		t.Fatalf("fixture: base ids %q and %q differ", base, checks.BaseID(b))
	}
	h := &model.Handbook{Checks: []*model.Check{a, b}}
	applyChecks(h, &Result{Checks: map[string]*CheckRecord{base: {ID: base, Formerly: []string{"lower-tensor-not-ready"}}}})
	if !reflect.DeepEqual(a.Formerly, []string{"lower-tensor-not-ready"}) || b.Formerly != nil {
		t.Errorf("formerly: first %v, second %v; want the old id on the first only", a.Formerly, b.Formerly)
	}
	if a.History == nil || b.History == nil {
		t.Errorf("both checks keep their shared history: %v %v", a.History, b.History)
	}
}

// TestSubjectsAndLastSeen: the walk keeps the subject of every commit it
// names (once, filled into every event by Apply), and a removed check's
// message, condition and code as the last revision that had it wrote
// them, with the commit of that revision.
func TestSubjectsAndLastSeen(t *testing.T) {
	r := newRepo(t)
	v1 := "void lower(int x) {\n  NVF_ERROR(x > 0, \"Vectorized accesses cannot be inline with computation: \", x);\n}\n" +
		"void segment(int y) {\n  NVF_CHECK(y != 1, \"Multiple use of replicated upcast tensor found\");\n}\n"
	r.commit(map[string]string{"csrc/validation.cpp": v1})                               // 0
	c1 := r.commit(map[string]string{"csrc/validation.cpp": "// moved down\n\n\n" + v1}) // 1
	r.commit(map[string]string{"csrc/README": "not C++"})                                // 2: the file unchanged
	moved := "void elsewhere(int y) {\n  NVF_CHECK(y != 1, \"Multiple use of replicated upcast tensor found\");\n}\n"
	c3 := r.commit(map[string]string{"csrc/validation.cpp": "// moved down\n", "csrc/other.cpp": moved}) // 3: both go

	res, err := read(r.dir, "", "")
	if err != nil {
		t.Fatal(err)
	}
	const lower, segment = "lower-vectorized-accesses-cannot-be-inline-with", "segment-multiple-use-of-replicated-upcast-tensor"
	if got, want := res.Subjects[c3], subjectOf(3); got != want {
		t.Errorf("subject of the removing commit: %q, want %q", got, want)
	}
	if _, kept := res.Subjects[r.git("rev-parse", "HEAD~1")]; kept {
		t.Errorf("the subject of a commit the result does not name is kept")
	}
	for _, id := range []string{lower, segment} {
		rec := res.Checks[id]
		if rec == nil || rec.Removed == nil || rec.Last == nil {
			t.Fatalf("%s: not removed with its last revision: %+v", id, rec)
		}
		if rec.Last.At.Commit != c1 {
			t.Errorf("%s: last revision %.7s, want %.7s (the commit that last changed its file)", id, rec.Last.At.Commit, c1)
		}
	}
	l := res.Checks[lower].Last
	if got := strings.Join(l.Pieces, "{}"); got != "Vectorized accesses cannot be inline with computation: {}" || l.Condition != "x > 0" || l.Macro != "NVF_ERROR" {
		t.Errorf("lower's last text: %q, condition %q, macro %q", got, l.Condition, l.Macro)
	}
	if l.Line != 5 || l.CodeStart != 2 || !strings.Contains(l.Code, "NVF_ERROR(x > 0") {
		t.Errorf("lower's last place: line %d, code from %d:\n%s", l.Line, l.CodeStart, l.Code)
	}

	// Applied: every event has its subject; the removed check names the
	// check that prints its text today (segment's, moved to elsewhere).
	h := &model.Handbook{Checks: []*model.Check{{ID: "elsewhere-multiple-use-of-replicated-upcast-tensor", Function: "elsewhere",
		Pieces: []string{"Multiple use of replicated upcast tensor found"}, Where: model.Location{File: "csrc/other.cpp", Line: 2}}}}
	Apply(h, res)
	if len(h.RemovedChecks) != 2 {
		t.Fatalf("%d removed checks, want 2", len(h.RemovedChecks))
	}
	for _, rc := range h.RemovedChecks {
		if rc.Removed.Subject != subjectOf(3) || rc.Last == nil || rc.Last.At.Subject != subjectOf(1) || rc.Added.Subject != subjectOf(0) {
			t.Errorf("%s: subjects removed %q, last %+v, added %q", rc.ID, rc.Removed.Subject, rc.Last, rc.Added.Subject)
		}
		if rc.Last != nil && len(rc.Last.CodeSpans) == 0 {
			t.Errorf("%s: code not cut for highlighting", rc.ID)
		}
		same := len(rc.SameMessage) == 1 && rc.SameMessage[0].ID == "elsewhere-multiple-use-of-replicated-upcast-tensor"
		if same != (rc.ID == segment) {
			t.Errorf("%s: same message today %v", rc.ID, rc.SameMessage)
		}
	}
}

// TestRewordedBesideANewCheck: one commit rewords a check and adds
// another to the same function; the new id that keeps most of the old
// words is the rewording. When two gone ids share as many words with it,
// or two new ids tie, nothing is paired.
func TestRewordedBesideANewCheck(t *testing.T) {
	for _, c := range []struct {
		name        string
		before, now string
		old, want   string // want "" when the old id must stay unpaired
	}{
		{"reworded beside a new check",
			"void bind(int x) {\n  NVF_CHECK(x > 0, \"Expected \", x, \" to be bound to an input tensor, but got \", x);\n}\n",
			"void bind(int x) {\n  NVF_CHECK(x > 0, \"Expected \", x, \", to be an input tensor but got scalar \", x);\n  NVF_CHECK(x < 9, \"Expected \", x, \", to be a scalar but got \", x);\n}\n",
			"bind-expected-to-be-bound-to-an", "bind-expected-to-be-an-input-tensor"},
		{"two new checks as close: no pairing",
			"void bind(int x) {\n  NVF_CHECK(x > 0, \"Expected to be bound to an input tensor\");\n}\n",
			"void bind(int x) {\n  NVF_CHECK(x > 0, \"Expected to be an input\");\n  NVF_CHECK(x < 9, \"Expected to be bound to one\");\n}\n",
			"bind-expected-to-be-bound-to-an", ""},
		{"too few words kept: no pairing",
			"void bind(int x) {\n  NVF_CHECK(x > 0, \"Cannot bind a value twice to one input\");\n}\n",
			"void bind(int x) {\n  NVF_CHECK(x > 0, \"Unsupported tensor layout for this op\");\n  NVF_CHECK(x < 9, \"Scalar expected\");\n}\n",
			"bind-cannot-bind-a-value-twice-to", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRepo(t)
			r.commit(map[string]string{"csrc/eval.cpp": c.before})
			r.commit(map[string]string{"csrc/eval.cpp": c.now})
			res, err := read(r.dir, "", "")
			if err != nil {
				t.Fatal(err)
			}
			old := res.Checks[c.old]
			if old == nil || old.Removed == nil {
				t.Fatalf("%s: want a removed record, got %+v (records %v)", c.old, old, keys(res.Checks))
			}
			if old.ReplacedBy != c.want {
				t.Errorf("%s replaced by %q, want %q", c.old, old.ReplacedBy, c.want)
			}
			if c.want != "" {
				if nu := res.Checks[c.want]; nu == nil || !reflect.DeepEqual(nu.Formerly, []string{c.old}) || nu.Added != old.Added {
					t.Errorf("%s: %+v, want formerly [%s] and added with the old wording", c.want, nu, c.old)
				}
			}
		})
	}
}
