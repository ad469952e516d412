package cppopts

import (
	"errors"
	"strings"
	"testing"
)

// A header written for these tests, with every comment layout options.h has
// used since mid-2023. Line numbers matter: see the want table below.
const testHeader = `#pragma once
#include <cstdint>

namespace nvfuser {

//! Kinds of trace output
//!
//! Choose them with the ` + "`NVFUSER_DUMP`" + ` environment variable
//!
enum class DebugDumpOption : std::uint8_t {
  Alpha, //!< Print alpha, which is a long sentence that goes on past the
         //!< column limit and is therefore continued here
  Beta, //! Print beta
  Gamma, // Print gamma
  // TODO(someone): rename the next one
  Delta, //!< Print delta
  Epsilon,
  //! Print zeta; said above it
  Zeta,
  Eta = 3, //!< Print eta { with a brace } and "quotes"
  Theta = (1 << 2), /* Print theta */
  // TODO: remove after the migration
  Iota,
  Kappa, //! Print kappa that
  //! is not a continuation: not indented
  Lambda,

  // A block separated by a blank line
  // is not Mu's.

  Mu, ///< Print mu
  EndOfOption //! sentinel, not an option
};

enum class Forward : int;

/** Second enum. No variable is named here. */
enum Plain { A, B /**< just B */ };
} // namespace nvfuser
`

func TestParseHeader(t *testing.T) {
	enums, err := ParseHeader("options.h", []byte(testHeader))
	if err != nil {
		t.Fatal(err)
	}
	if len(enums) != 2 {
		t.Fatalf("got %d enums: %+v", len(enums), enums)
	}
	d := enums[0]
	if d.Name != "DebugDumpOption" || d.Env != "NVFUSER_DUMP" || d.Line != lineOf(testHeader, "enum class DebugDumpOption") {
		t.Errorf("enum = %s %q line %d", d.Name, d.Env, d.Line)
	}
	if want := "Kinds of trace output\n\nChoose them with the `NVFUSER_DUMP` environment variable"; d.Doc != want {
		t.Errorf("enum doc = %q\nwant %q", d.Doc, want)
	}
	want := []struct{ name, doc string }{
		{"Alpha", "Print alpha, which is a long sentence that goes on past the column limit and is therefore continued here"},
		{"Beta", "Print beta"},
		{"Gamma", "Print gamma"},
		{"Delta", "Print delta"}, // the TODO line above it is not its description
		{"Epsilon", ""},
		{"Zeta", "Print zeta; said above it"},
		{"Eta", `Print eta { with a brace } and "quotes"`},
		{"Theta", "Print theta"},
		{"Iota", ""}, // only a TODO above it
		{"Kappa", "Print kappa that"},
		{"Lambda", "is not a continuation: not indented"},
		{"Mu", "Print mu"},
	}
	if len(d.Values) != len(want) {
		t.Fatalf("got %d enumerators: %+v", len(d.Values), d.Values)
	}
	for i, w := range want {
		v := d.Values[i]
		if v.Name != w.name || v.Doc != w.doc {
			t.Errorf("value %d = %s %q, want %s %q", i, v.Name, v.Doc, w.name, w.doc)
		}
		l := lineOf(testHeader, "\n  "+w.name+",") + 1
		if l == 0 {
			l = lineOf(testHeader, "\n  "+w.name+" =") + 1
		}
		if v.Line != l {
			t.Errorf("%s line %d, want %d", v.Name, v.Line, l)
		}
	}

	p := enums[1]
	if p.Name != "Plain" || p.Env != "" || p.Doc != "Second enum. No variable is named here." {
		t.Errorf("plain enum = %+v", p)
	}
	if len(p.Values) != 2 || p.Values[0].Doc != "" || p.Values[1].Doc != "just B" {
		t.Errorf("plain values = %+v", p.Values)
	}
}

func TestParseHeaderOldestShape(t *testing.T) {
	// No underlying type, a full PYTORCH_ name in the doc, a last
	// enumerator without a comma.
	src := "//! Switches\n//! set through the `PYTORCH_NVFUSER_ENABLE` environment variable\n" +
		"enum class EnableOption {\n  One, //! first\n  Two //! second\n};\n"
	enums, err := ParseHeader("h", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	e := enums[0]
	if e.Env != "PYTORCH_NVFUSER_ENABLE" || len(e.Values) != 2 || e.Values[1].Doc != "second" || e.Values[1].Line != 5 {
		t.Errorf("got %+v", e)
	}
}

func TestDocEnvForms(t *testing.T) {
	for doc, want := range map[string]string{
		"set through the `NVFUSER_PROF` environment variable":  "NVFUSER_PROF",
		"read from the environment variable `NVFUSER_ENABLE`.": "NVFUSER_ENABLE",
		"uses `NVFUSER_X` somewhere":                           "",
		"":                                                     "",
	} {
		if got := docEnv(doc); got != want {
			t.Errorf("docEnv(%q) = %q, want %q", doc, got, want)
		}
	}
}

func TestParseHeaderErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		line int
		msg  string
	}{
		{"unterminated enum", "\nenum class E {\n  A, // {\n  B,\n", 2, "no closing brace"},
		{"double comma", "enum class E {\n  A,\n  , B };", 3, "expected an enumerator"},
		{"cut short", "\n\nenum class E : std::uint8_t", 3, "cut short"},
		{"binary", "enum class E { A };\n\x00", 2, "NUL"},
		{"raw string never closed", "enum class E { A };\nR\"x(", 2, "raw string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseHeader("csrc/options.h", []byte(tc.src))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want *ParseError", err)
			}
			if pe.Line != tc.line || !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("got %v, want line %d containing %q", pe, tc.line, tc.msg)
			}
		})
	}
}

func TestParseHeaderIgnoresNonDefinitions(t *testing.T) {
	src := "enum class A : int;\nenum B b;\nvoid f(enum C c);\nenum { X, Y };\nenum class D { Z };"
	enums, err := ParseHeader("h", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(enums) != 1 || enums[0].Name != "D" {
		t.Errorf("got %+v", enums)
	}
}
