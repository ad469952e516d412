package cpplex

import (
	"errors"
	"strings"
	"testing"
)

// kinds renders tokens as "kind:text" for compact comparisons.
func kinds(toks []Token) string {
	var parts []string
	for _, t := range toks {
		parts = append(parts, t.Kind.String()+":"+t.Text)
	}
	return strings.Join(parts, " ")
}

func TestLexShapes(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"scope and call", `a::b(c);`, `ident:a punct::: ident:b punct:( ident:c punct:) punct:;`},
		{"brace in line comment", "x // { not a brace\ny", `ident:x comment:// { not a brace ident:y`},
		{"quote in block comment", "/* it's \"odd\" */ z", `comment:/* it's "odd" */ ident:z`},
		{"string with escapes", `f("a\"}b")`, `ident:f punct:( string:"a\"}b" punct:)`},
		{"raw string", `R"xy(a)" }" )xy" q`, `string:R"xy(a)" }" )xy" ident:q`},
		{"prefixed strings", `u8"a" L'b' LR"(c)"`, `string:u8"a" char:L'b' string:LR"(c)"`},
		{"char literals", `'{' '\''`, `char:'{' char:'\''`},
		{"digit separators", `1'000'000 + 0x1e+1`, `number:1'000'000 punct:+ number:0x1e+1`},
		{"include with apostrophe", "#include <it's.h>\nx", `preproc:#include <it's.h> ident:x`},
		{"directive with block comment", "#if 1 /* {\n } */\ny", "preproc:#if 1 /* {\n } */ ident:y"},
		{"hash after code is punct", `a # b`, `ident:a punct:# ident:b`},
		{"define body is lexed", "#define M(x) \\\n  f(x)\nz", `preproc:#define ident:M punct:( ident:x punct:) ident:f punct:( ident:x punct:) ident:z`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			toks, err := Lex([]byte(tc.src))
			if err != nil {
				t.Fatalf("Lex: %v", err)
			}
			if got := kinds(toks); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestLexPositionsAndFlags(t *testing.T) {
	src := "enum E {\n  A, //!< one\n      //!< two\n  // own line\n  B\n};\n#define D f(E::A)\nint x;"
	toks, err := Lex([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	find := func(text string) Token {
		for _, tk := range toks {
			if tk.Text == text {
				return tk
			}
		}
		t.Fatalf("no token %q", text)
		return Token{}
	}
	if tk := find("//!< one"); !tk.Trailing || tk.Line != 2 || tk.Col != 6 {
		t.Errorf("trailing comment = %+v", tk)
	}
	if tk := find("//!< two"); tk.Trailing || tk.Line != 3 || tk.Col != 7 {
		t.Errorf("continuation comment = %+v", tk)
	}
	if tk := find("// own line"); tk.Trailing {
		t.Errorf("own-line comment marked trailing")
	}
	if tk := find("B"); tk.Line != 5 || tk.Directive {
		t.Errorf("B = %+v", tk)
	}
	if tk := find("f"); !tk.Directive || tk.Line != 7 {
		t.Errorf("macro body token = %+v", tk)
	}
	if tk := find("int"); tk.Directive || tk.Line != 8 {
		t.Errorf("token after macro = %+v", tk)
	}
	code := Code(toks)
	for _, tk := range code {
		if tk.Kind == Comment || tk.Directive || tk.Kind == Preproc {
			t.Errorf("Code kept %+v", tk)
		}
	}
}

func TestMultiLineTokens(t *testing.T) {
	toks, err := Lex([]byte("/* a\nb\n*/ R\"(x\ny)\" z"))
	if err != nil {
		t.Fatal(err)
	}
	if toks[0].Line != 1 || toks[0].EndLine != 3 {
		t.Errorf("comment lines %d-%d", toks[0].Line, toks[0].EndLine)
	}
	if toks[1].Line != 3 || toks[1].EndLine != 4 || toks[2].Line != 4 {
		t.Errorf("raw string/ident lines: %+v %+v", toks[1], toks[2])
	}
	if got := toks[1].StringValue(); got != "x\ny" {
		t.Errorf("raw value %q", got)
	}
}

func TestStringValue(t *testing.T) {
	for src, want := range map[string]string{
		`"fusion_ir"`:     "fusion_ir",
		`"a\"b\\c\n"`:     "a\"b\\c\n",
		`u8"x"`:           "x",
		`R"d(q")d"`:       `q"`,
		`R"(plain)"`:      "plain",
		`"tab\there"`:     "tab\there",
		`"keep\x41raw"`:   `keep\x41raw`,
		`"trailing\\"`:    `trailing\`,
		`LR"--(a)--"`:     "a",
		`"no escapes at"`: "no escapes at",
	} {
		toks, err := Lex([]byte(src))
		if err != nil || len(toks) != 1 {
			t.Fatalf("%s: %v %v", src, toks, err)
		}
		if got := toks[0].StringValue(); got != want {
			t.Errorf("%s: got %q want %q", src, got, want)
		}
	}
	if (Token{Kind: Ident, Text: "x"}).StringValue() != "" {
		t.Error("StringValue of ident")
	}
}

func TestLexErrors(t *testing.T) {
	tests := []struct {
		src  string
		line int
		msg  string
	}{
		{"a\n\"open\nb\"", 2, "unterminated string"},
		{"x\n'c", 2, "unterminated character"},
		{"\n\n/* never closed", 3, "unterminated /*"},
		{"R\"d(abc)x\"", 1, "unterminated raw"},
		{"R\"has space(a) has space\"", 1, "bad raw string"},
		{"ok\nbad\x00", 2, "NUL"},
		{"ok\x01", 1, "control"},
	}
	for _, tc := range tests {
		_, err := Lex([]byte(tc.src))
		var le *Error
		if !errors.As(err, &le) {
			t.Errorf("%q: err = %v, want *Error", tc.src, err)
			continue
		}
		if le.Line != tc.line || !strings.Contains(le.Msg, tc.msg) {
			t.Errorf("%q: got line %d %q, want line %d containing %q", tc.src, le.Line, le.Msg, tc.line, tc.msg)
		}
	}
}

func TestPartialTokensOnError(t *testing.T) {
	toks, err := Lex([]byte("a b \"oops"))
	if err == nil || len(toks) != 2 {
		t.Fatalf("toks=%v err=%v", toks, err)
	}
}

func FuzzLex(f *testing.F) {
	for _, s := range []string{"", "a::b", "/* x */", `R"(x)"`, "#define X \\\n y", "'a' \"b\"", "1'2"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		toks, _ := Lex(src)
		lines := 1 + strings.Count(string(src), "\n")
		prev := 0
		for _, tk := range toks {
			if tk.Line < 1 || tk.EndLine < tk.Line || tk.EndLine > lines || tk.Line < prev {
				t.Fatalf("bad lines %+v (file has %d)", tk, lines)
			}
			prev = tk.Line
			if tk.Text == "" {
				t.Fatalf("empty token %+v", tk)
			}
			_ = tk.StringValue()
		}
	})
}
