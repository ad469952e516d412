package history

import (
	"reflect"
	"testing"
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
