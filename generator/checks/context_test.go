package checks

import (
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
)

// A file written for the test: comments above checks in the layouts C++
// allows (line and block comments, a doc comment with a template, a
// member function after an access label, a lambda, a macro body, a
// constructor with an initializer list, a comment separated by a blank
// line, a trailing comment).
const contextSrc = `// Copyright the test
#include <x.h>

namespace ns {

// Adds two things.
// Both must be set.
template <typename T>
int add(T a, T b) {
  // a is never null here:
  // the caller checked it.
  NVF_ERROR(a != nullptr, "a unset");
  int x = 1; // not a block above anything
  NVF_CHECK(b > 0);

  // separated by a blank line

  NVF_ERROR(x == 1);
  auto f = [&]() {
    /* inside the lambda */
    NVF_THROW("lambda");
  };
  return x;
}

class Foo {
 public:
  /** The constructor. */
  Foo(int v) : v_{v} {
    NVF_CHECK(v >= 0, "negative");
  }

 private:
  /// Bar's doc.
  void bar() const {
    NVF_ERROR(v_.has_value());
  }
  int v_;
};

#define CHECK_IT(x) \
  NVF_ERROR(x, "it")

} // namespace ns
`

func TestAttachContext(t *testing.T) {
	toks, err := cpplex.Lex([]byte(contextSrc))
	if err != nil {
		t.Fatal(err)
	}
	cs := FromTokens("csrc/x.cpp", toks)
	AttachContext(toks, cs)
	type want struct {
		line               int
		comment, doc       string
		funcStart, funcEnd int
	}
	wants := []want{
		{12, "a is never null here:\nthe caller checked it.", "Adds two things.\nBoth must be set.", 8, 24},
		{14, "", "Adds two things.\nBoth must be set.", 8, 24},
		{18, "", "Adds two things.\nBoth must be set.", 8, 24},
		{21, "inside the lambda", "Adds two things.\nBoth must be set.", 8, 24},
		{30, "", "The constructor.", 29, 31},
		{36, "", "Bar's doc.", 35, 37},
		{42, "", "", 0, 0},
	}
	if len(cs) != len(wants) {
		for _, c := range cs {
			t.Logf("%d %s %q", c.Where.Line, c.Macro, c.Message())
		}
		t.Fatalf("got %d checks, want %d", len(cs), len(wants))
	}
	for i, w := range wants {
		c := cs[i]
		if c.Where.Line != w.line || c.Comment.Text != w.comment || c.FuncDoc.Text != w.doc || c.FuncStart != w.funcStart || c.FuncEnd != w.funcEnd {
			t.Errorf("check %d: line %d comment %q doc %q span %d-%d\nwant line %d comment %q doc %q span %d-%d",
				i, c.Where.Line, c.Comment.Text, c.FuncDoc.Text, c.FuncStart, c.FuncEnd, w.line, w.comment, w.doc, w.funcStart, w.funcEnd)
		}
	}
	if c := cs[0].Comment; c.Line != 10 || c.EndLine != 11 {
		t.Errorf("comment lines %d-%d, want 10-11", c.Line, c.EndLine)
	}
}

func FuzzFunctions(f *testing.F) {
	f.Add(contextSrc)
	f.Add("void f() { /* x */ NVF_ERROR(a); }")
	f.Fuzz(func(t *testing.T, src string) {
		toks, _ := cpplex.Lex([]byte(src))
		for _, fn := range Functions(toks) {
			if fn.Start > fn.End {
				t.Fatalf("function %s starts at %d after its end %d", fn.Name, fn.Start, fn.End)
			}
		}
		cs := FromTokens("x.cpp", toks)
		AttachContext(toks, cs)
	})
}
