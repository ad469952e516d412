package checks

import (
	"reflect"
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
