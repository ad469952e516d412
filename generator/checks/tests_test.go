package checks

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestGTestExpectations(t *testing.T) {
	src := `TEST_F(ResizeTest, PadBadWidth) {
  EXPECT_THAT(
      [&]() { pad(tv0, {IrBuilder::create<Val>(1L)}); },
      ::testing::ThrowsMessage<nvfuser::nvfError>(
          ::testing::HasSubstr("Invalid pad width: "
                               "must be even")));
  // HasSubstr("not inside a Throws matcher: ignored")
  EXPECT_THAT(out, testing::HasSubstr("nor this: no Throws before it"));
}
TEST_P(MatmulTest, Regex) {
  EXPECT_THAT([&]() { f(); }, testing::Throws<nvfError>(testing::Property(&nvfError::what, testing::ContainsRegex("Vectorized \\w+ cannot"))));
}
`
	got := GTestExpectations("tests/cpp/test_resize.cpp", []byte(src))
	// The test's code up to Context lines after the expectation, cut
	// into tokens for the page.
	if len(got) == 2 {
		if got[0].BodyStart != 1 || !strings.HasPrefix(got[0].Body, "TEST_F(ResizeTest, PadBadWidth) {") || !strings.HasSuffix(got[0].Body, "no Throws before it\"));") || len(got[0].BodySpans) == 0 {
			t.Errorf("body of the first test from line %d:\n%s", got[0].BodyStart, got[0].Body)
		}
		if got[1].BodyStart != 10 || strings.Count(got[1].Body, "\n") != 2 {
			t.Errorf("body of the second test from line %d:\n%s", got[1].BodyStart, got[1].Body)
		}
	}
	for i := range got {
		got[i].Body, got[i].BodyStart, got[i].BodySpans = "", 0, nil
	}
	want := []model.ExpectedError{
		{Text: "Invalid pad width: must be even", Where: model.Location{File: "tests/cpp/test_resize.cpp", Line: 5}, Name: "ResizeTest.PadBadWidth"},
		{Text: `Vectorized \w+ cannot`, Regex: true, Where: model.Location{File: "tests/cpp/test_resize.cpp", Line: 11}, Name: "MatmulTest.Regex"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestPytestExpectations(t *testing.T) {
	src := "import pytest\n\ndef test_pad(nvf):\n    with pytest.raises(RuntimeError, match=\"Invalid pad width\"):\n        run()\n\n" +
		"def test_regex():\n    with pytest.raises(\n        ValueError,\n        match=r\"FusionExecutorCache already exists! Use execute\\(\\) to\",\n    ):\n        run()\n" +
		"def test_variable():\n    with pytest.raises(RuntimeError, match=error_msg):\n        run()\n"
	got := PytestExpectations("tests/python/test_pad.py", []byte(src))
	if len(got) == 2 && (got[0].BodyStart != 3 || got[0].Body != "def test_pad(nvf):\n    with pytest.raises(RuntimeError, match=\"Invalid pad width\"):\n        run()" ||
		got[1].BodyStart != 7 || !strings.HasSuffix(got[1].Body, "        run()")) {
		t.Errorf("bodies: %d %q, %d %q", got[0].BodyStart, got[0].Body, got[1].BodyStart, got[1].Body)
	}
	for i := range got {
		got[i].Body, got[i].BodyStart, got[i].BodySpans = "", 0, nil
	}
	want := []model.ExpectedError{
		{Text: "Invalid pad width", Regex: true, Where: model.Location{File: "tests/python/test_pad.py", Line: 4}, Name: "test_pad"},
		{Text: `FusionExecutorCache already exists! Use execute\(\) to`, Regex: true, Where: model.Location{File: "tests/python/test_pad.py", Line: 10}, Name: "test_regex"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestLiteral(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`FusionExecutorCache already exists! Use execute\(\) to`, "FusionExecutorCache already exists! Use execute() to"},
		{`Vectorized \w+ cannot be inline`, " cannot be inline"},
		{`a.b*cdefgh`, "cdefgh"},
		{`x+ abcdef`, " abcdef"},
	} {
		if got := Literal(model.ExpectedError{Text: c.in, Regex: true}); got != c.want {
			t.Errorf("Literal(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := Literal(model.ExpectedError{Text: "a.b*"}); got != "a.b*" {
		t.Errorf("a substring is its own literal, got %q", got)
	}
}

func TestExpectedBy(t *testing.T) {
	pad := &model.Check{Pieces: []string{"Invalid pad width: must be even, got ", ""}, Condition: "width % 2 == 0"}
	div := &model.Check{Pieces: []string{"Extent ", " must be divisible by ", ""}}
	generic := make([]*model.Check, 5)
	for i := range generic {
		generic[i] = &model.Check{Pieces: []string{"Unsupported data type"}}
	}
	cs := append([]*model.Check{pad, div}, generic...)
	tests := []model.ExpectedError{
		{Text: "Invalid pad width"},                  // inside a piece
		{Text: "must be divisible by 8"},             // a long piece with a value after it
		{Text: "Expected width % 2 == 0"},            // the condition line
		{Text: "Unsupported data type"},              // fits 5 checks: too generic
		{Text: "pad"},                                // too short
		{Text: `Invalid pad \w+: must`, Regex: true}, // longest literal run "Invalid pad " is in a piece
	}
	got := ExpectedBy(cs, tests)
	if n := len(got[pad]); n != 3 {
		t.Errorf("pad: %d tests, want 3: %+v", n, got[pad])
	}
	if n := len(got[div]); n != 1 {
		t.Errorf("divisible: %d tests, want 1", n)
	}
	for _, g := range generic {
		if len(got[g]) != 0 {
			t.Errorf("a text fitting 5 checks named one: %+v", got[g])
		}
	}
}

// Twins printing the same text: the test's own code decides which one it
// reaches, or it is listed on each as sharing the text.
func TestExpectedByEvidence(t *testing.T) {
	twin := func(fn, file string, pieces ...string) *model.Check {
		return &model.Check{Function: fn, Within: fn, Where: model.Location{File: file, Line: 1}, Pieces: pieces}
	}
	a := twin("scheduleReduction", "csrc/scheduler/reduction.cpp", "Tensor rank must be at least ", ", got ", "")
	b := twin("schedulePointwise", "csrc/scheduler/pointwise.cpp", "Tensor rank must be at least ", " for pointwise")
	c := twin("propagate", "csrc/transform_view.cpp", "Invalid view shape")
	d := twin("propagate2", "csrc/transform_rfactor.cpp", "Invalid view shape")
	e := twin("lower", "csrc/lower.cpp", "Cannot lower this kind of op: ", "")
	cs := []*model.Check{a, b, c, d, e}
	tests := []model.ExpectedError{
		// Its text spans a value: only b's whole message has it.
		{Name: "whole", Text: "Tensor rank must be at least 2 for pointwise", Where: model.Location{File: "tests/cpp/test_x.cpp"}},
		// It calls a's function.
		{Name: "calls", Text: "Tensor rank must be at least", Body: "TEST_F(A, B) {\n  scheduleReduction(fusion);\n}", Where: model.Location{File: "tests/cpp/test_x.cpp"}},
		// Its file is about c's file.
		// Only e's text, then words e does not print there.
		{Name: "single", Text: "Cannot lower this kind of op: a grouped reduction", Where: model.Location{File: "tests/cpp/test_z.cpp"}},
		{Name: "single-value", Text: "Cannot lower this kind of op: 42", Where: model.Location{File: "tests/cpp/test_z.cpp"}},
		{Name: "file", Text: "Invalid view shape", Where: model.Location{File: "tests/python/test_transform_view.py"}},
		// It holds a's and b's piece, then words neither prints: it calls
		// a's function, but that decides nothing.
		{Name: "partly", Text: "Tensor rank must be at least 2 and not a view", Body: "scheduleReduction(f);", Where: model.Location{File: "tests/cpp/test_y.cpp"}},
		// Nothing tells them apart.
		{Name: "shared", Text: "Invalid view shape", Body: "def test_v():\n    run()", Where: model.Location{File: "tests/python/test_misc.py"}},
	}
	got := ExpectedBy(cs, tests)
	names := func(c *model.Check) string {
		var s []string
		for _, x := range got[c] {
			n := x.Name
			if x.Shared > 0 {
				n += "(shared by " + string(rune('0'+x.Shared)) + ")"
			}
			if x.Evidence != "" {
				n += "[" + x.Evidence + "]"
			}
			s = append(s, n)
		}
		return strings.Join(s, ",")
	}
	for _, w := range []struct {
		c    *model.Check
		want string
	}{
		{a, "calls[the test calls scheduleReduction, the function this check is in],partly(shared by 2)"},
		{b, "whole[its text fits this check's whole message only],partly(shared by 2)"},
		{c, "file[the test exercises csrc/transform_view.cpp],shared(shared by 2)"},
		{d, "shared(shared by 2)"},
		{e, "single(shared by 1),single-value"},
	} {
		if g := names(w.c); g != w.want {
			t.Errorf("%s: got %s\nwant %s", w.c.Function, g, w.want)
		}
	}
}

func TestFitsTemplate(t *testing.T) {
	for _, c := range []struct {
		pieces []string
		lit    string
		want   bool
	}{
		{[]string{"Found ", " vs ", ". Rank"}, "vs 3. Ra", true},
		{[]string{"Found ", " vs ", ". Rank"}, "Found 2 vs 3. Rank", true},
		{[]string{"Found ", " vs ", ". Rank"}, "Found 2 and 3", false},
		{[]string{"a ", ""}, "a value", true},
		{[]string{"a ", ""}, "a value of many words", false}, // a value lit ends in is one word
		{[]string{"a ", " end"}, "a x end more", false},
		{[]string{"", " tail"}, "value tail", true},
	} {
		if got := fitsTemplate(c.pieces, c.lit); got != c.want {
			t.Errorf("fitsTemplate(%q, %q) = %v", c.pieces, c.lit, got)
		}
	}
}

func FuzzTestScanners(f *testing.F) {
	f.Add(`TEST_F(A, B) { EXPECT_THAT(f, ThrowsMessage<E>(HasSubstr("x" "y"))); }`)
	f.Add("def test_a():\n  with pytest.raises(E, match=r'a\\(b'):\n")
	f.Fuzz(func(t *testing.T, s string) {
		for _, x := range append(GTestExpectations("t.cpp", []byte(s)), PytestExpectations("t.py", []byte(s))...) {
			if x.Where.Line < 1 {
				t.Fatalf("line %d", x.Where.Line)
			}
			_ = Literal(x)
		}
	})
}
