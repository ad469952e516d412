package cppopts

import (
	"errors"
	"strings"
	"testing"
)

// fuzzSeeds are small inputs in the shapes the parsers care about; the
// fuzzer mutates them into truncated and garbled variants.
var fuzzSeeds = []string{
	"",
	helperGetNvFuserEnv,
	"const std::unordered_map<std::string, E> t = {\n {\"a\",\n  E::A}, {\"b\", E::B},\n};\nvoid f() { parseEnvOptions(\"X\", t); }",
	"static const std::unordered_map<std::string, E>\n  m = {\n {\"a\", E::A}}",
	"auto& t = getE(); return parseEnvOptions<E>(\"Y\", t);",
	testHeader,
	"enum class E : std::uint8_t {\n  A = 3, //!< a\n         //!< more\n  // TODO x\n  B, //! b\n  EndOfOption\n};",
	"enum class E {",
	"R\"x(\n{\n)x\" '\\'' /* { */",
}

// checkResult asserts what must hold for any input: errors are ParseErrors
// inside the file, and every reported line is inside the file.
func checkResult(t *testing.T, src []byte, err error, lines []int) {
	t.Helper()
	n := 1 + strings.Count(string(src), "\n")
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("error %v (%T) is not a *ParseError", err, err)
		}
		if pe.Line < 1 || pe.Line > n {
			t.Fatalf("error line %d outside 1..%d: %v", pe.Line, n, err)
		}
	}
	for _, l := range lines {
		if l < 1 || l > n {
			t.Fatalf("line %d outside 1..%d", l, n)
		}
	}
}

func FuzzParseTables(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		tables, err := ParseTables("options.cpp", src)
		var lines []int
		for _, tb := range tables {
			lines = append(lines, tb.Line)
			for _, e := range tb.Entries {
				lines = append(lines, e.Line)
				if e.Enumerator == "" {
					t.Fatalf("entry without enumerator: %+v", e)
				}
			}
		}
		checkResult(t, src, err, lines)
	})
}

func FuzzParseHeader(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		enums, err := ParseHeader("options.h", src)
		var lines []int
		for _, e := range enums {
			lines = append(lines, e.Line)
			for _, v := range e.Values {
				lines = append(lines, v.Line)
				if v.Name == sentinel {
					t.Fatalf("sentinel reported")
				}
			}
		}
		checkResult(t, src, err, lines)
	})
}
