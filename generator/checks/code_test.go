package checks

import (
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// span is a CodeSpan written short for the tables: "k:if".
func spanString(s model.CodeSpan) string {
	names := map[model.CodeRole]string{
		model.CodeSpace: "_", model.CodeName: "n", model.CodeFunction: "nf", model.CodeKeyword: "k",
		model.CodeKeywordType: "kt", model.CodeKeywordReserved: "kr", model.CodeBuiltin: "nb",
		model.CodeString: "s", model.CodeStringEscape: "se", model.CodeStringAffix: "sa",
		model.CodeStringDelim: "dl", model.CodeChar: "sc", model.CodeInteger: "mi", model.CodeFloat: "mf",
		model.CodeHex: "mh", model.CodeOctal: "mo", model.CodeBinary: "mb", model.CodeOperator: "o",
		model.CodePunct: "p", model.CodeComment: "c1", model.CodeCommentBlock: "cm",
		model.CodePreproc: "cp", model.CodePreprocFile: "cpf",
	}
	return names[s.Role] + ":" + s.Text
}

// codeOf attaches the code of one check on line `line` of src and
// returns it with its spans written short, one per line.
func codeOf(t *testing.T, src string, line int) (string, []string) {
	t.Helper()
	toks, _ := cpplex.Lex([]byte(src)) // a lexing error leaves the rest plain
	cs := []model.Check{{Where: model.Location{File: "x.cpp", Line: line}, EndLine: line}}
	AttachCode([]byte(src), toks, cs)
	var got []string
	var joined strings.Builder
	for _, s := range cs[0].CodeSpans {
		got = append(got, spanString(s))
		joined.WriteString(s.Text)
	}
	if joined.String() != cs[0].Code {
		t.Errorf("spans joined are %q, not the code %q", joined.String(), cs[0].Code)
	}
	return cs[0].Code, got
}

func TestCodeSpans(t *testing.T) {
	tests := []struct {
		name string
		src  string
		line int // the check's line: the code is Context lines around it
		want []string
	}{
		{"keywords, types, builtins, names", "if (auto x = f(true)) return nullptr; int64_t n; inline void g();", 1,
			[]string{"k:if", "_: ", "p:(", "k:auto", "_: ", "n:x", "_: ", "o:=", "_: ", "n:f", "p:(", "nb:true", "p:))",
				"_: ", "k:return", "_: ", "k:nullptr", "p:;", "_: ", "kt:int64_t", "_: ", "n:n", "p:;",
				"_: ", "kr:inline", "_: ", "kt:void", "_: ", "nf:g", "p:();"}},
		{"function names in declarations only, comments skipped", "void* f(int); return g(x); Foo /*c*/ h();", 1,
			[]string{"kt:void", "o:*", "_: ", "nf:f", "p:(", "kt:int", "p:);", "_: ", "k:return", "_: ", "n:g", "p:(", "n:x", "p:);",
				"_: ", "n:Foo", "_: ", "cm:/*c*/", "_: ", "nf:h", "p:();"}},
		{"operators coalesce, :: is one", "a->b <<= c::d;", 1,
			[]string{"n:a", "o:->", "n:b", "_: ", "o:<<=", "_: ", "n:c", "o:::", "n:d", "p:;"}},
		{"string with escapes (neighbours coalesce) and an affix", `s = u8"a\"b\n\x1fz\q";`, 1,
			[]string{"n:s", "_: ", "o:=", "_: ", "sa:u8", `s:"a`, `se:\"`, "s:b", `se:\n\x1f`, `s:z\q"`, "p:;"}},
		{"raw string", `f(R"py(x = "(1)"\n)py");`, 1,
			[]string{"n:f", "p:(", "sa:R", `s:"`, "dl:py(", `s:x = "(1)"\n`, `dl:)py`, `s:"`, "p:);"}},
		{"char and numbers", `c = 'x'; n = 0x1F + 017 + 0b1 + 1.5f + 1'000u;`, 1,
			[]string{"n:c", "_: ", "o:=", "_: ", "sc:'x'", "p:;", "_: ", "n:n", "_: ", "o:=", "_: ", "mh:0x1F", "_: ", "o:+",
				"_: ", "mo:017", "_: ", "o:+", "_: ", "mb:0b1", "_: ", "o:+", "_: ", "mf:1.5f", "_: ", "o:+", "_: ", "mi:1'000u", "p:;"}},
		{"comments", "x; // done\n/* a\nb */ y;", 2,
			[]string{"n:x", "p:;", "_: ", "c1:// done", "_:\n", "cm:/* a\nb */", "_: ", "n:y", "p:;"}},
		{"include and define", "#include <vector>\n#define CHECK(x) NVF_ERROR(x, \"bad\")", 2,
			[]string{"cp:#include ", "cpf:<vector>", "_:\n", "cp:#define", "_: ", "n:CHECK", "p:(", "n:x", "p:)", "_: ",
				"n:NVF_ERROR", "p:(", "n:x", "p:,", "_: ", `s:"bad"`, "p:)"}},
		{"a snippet starting inside a block comment", "/* one\ntwo\nthree\nfour\n*/ NVF_ERROR(ok);", 5,
			[]string{"cm:two\nthree\nfour\n*/", "_: ", "n:NVF_ERROR", "p:(", "n:ok", "p:);"}},
		{"a snippet ending inside a raw string", "NVF_ERROR(ok);\n\n\nauto s = R\"(a\nb)\";", 1,
			[]string{"n:NVF_ERROR", "p:(", "n:ok", "p:);", "_:\n\n\n", "k:auto", "_: ", "n:s", "_: ", "o:=", "_: ", "s:R\"(a"}},
		{"unlexed text after an error stays plain", "NVF_ERROR(ok);\n\"open", 1,
			[]string{"n:NVF_ERROR", "p:(", "n:ok", "p:);", "_:\n\"open"}},
		{"context lines only", "a;\nb;\nc;\nd;\nNVF_ERROR(ok);\ne;\nf;\ng;\nh;\n", 5,
			[]string{"n:b", "p:;", "_:\n", "n:c", "p:;", "_:\n", "n:d", "p:;", "_:\n", "n:NVF_ERROR", "p:(", "n:ok", "p:);",
				"_:\n", "n:e", "p:;", "_:\n", "n:f", "p:;", "_:\n", "n:g", "p:;"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, got := codeOf(t, tc.src, tc.line)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("spans\n got  %q\n want %q", got, tc.want)
			}
		})
	}
}

// FuzzCodeSpans: whatever the source, a check's spans are its code, and
// attaching never panics (a token cut by the snippet's edges included).
func FuzzCodeSpans(f *testing.F) {
	f.Add("/* a\nb */ NVF_ERROR(x, \"m\\n\");\nR\"d(\n)d\"", 2, 3)
	f.Add("#include <a>\n#define X(y) \\\n  NVF_CHECK(y)\n", 3, 1)
	f.Add("u8R\"(x)\" L'c' 0x1p3 .5e-3", 1, 0)
	f.Fuzz(func(t *testing.T, src string, line, extra int) {
		if line < 1 || line > 1000 || extra < 0 || extra > 1000 {
			return
		}
		toks, _ := cpplex.Lex([]byte(src))
		cs := []model.Check{{Where: model.Location{Line: line}, EndLine: line + extra}}
		AttachCode([]byte(src), toks, cs)
		var joined strings.Builder
		for _, s := range cs[0].CodeSpans {
			if s.Text == "" {
				t.Fatalf("an empty span: %+v", cs[0].CodeSpans)
			}
			joined.WriteString(s.Text)
		}
		if joined.String() != cs[0].Code {
			t.Fatalf("spans joined are %q, not the code %q", joined.String(), cs[0].Code)
		}
	})
}
