package cppopts

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// The snippets below are written for these tests. Each reproduces one shape
// that nvFuser's csrc/options.cpp has had since mid-2023.

// helperGetNvFuserEnv is the parse helper as it has looked since 2023-06:
// the variable is read through getNvFuserEnv, which adds "NVFUSER_".
const helperGetNvFuserEnv = `
namespace {
template <typename E>
auto parseEnvOptions(const char* env, const std::unordered_map<std::string, E>& table) {
  std::unordered_map<E, std::vector<std::string>> parsed;
  if (const char* v = getNvFuserEnv(env)) { /* split "v" on ',' { } */ }
  return parsed;
}
} // namespace
`

// helperGetenv is the first revision's helper: full names, std::getenv.
const helperGetenv = `
namespace {
template <typename E>
auto parseEnvOptions(const char* env, const std::unordered_map<std::string, E>& table) {
  if (const char* v = std::getenv(env)) {}
  return 0;
}
}
`

type wantTable struct {
	enum, env string
	at        string // text starting the table's line, when not the first "unordered_map<std::string, enum"
	entries   string // "name=Enumerator@line ..." in order
}

func render(t Table) string {
	var parts []string
	for _, e := range t.Entries {
		parts = append(parts, e.Name+"="+e.Enumerator+"@"+strconv.Itoa(e.Line))
	}
	return strings.Join(parts, " ")
}

// lineOf returns the 1-based line of the first occurrence of needle.
func lineOf(src, needle string) int {
	i := strings.Index(src, needle)
	if i < 0 {
		return -1
	}
	return strings.Count(src[:i], "\n") + 1
}

func TestParseTablesShapes(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []wantTable
	}{
		{
			name: "function-local map, short name through getNvFuserEnv",
			src: helperGetNvFuserEnv + `
template <>
std::unordered_map<DebugDumpOption, std::vector<std::string>> Options<
    DebugDumpOption>::getOptionsFromEnv() {
  const std::unordered_map<std::string, DebugDumpOption> available_options = {
      {"alpha_ir", DebugDumpOption::AlphaIr},
      {"beta_log", DebugDumpOption::BetaLog}};

  return parseEnvOptions("DUMP", available_options);
}`,
			want: []wantTable{{enum: "DebugDumpOption", env: "NVFUSER_DUMP", entries: "alpha_ir=AlphaIr@L beta_log=BetaLog@L"}},
		},
		{
			name: "first revision: full name through std::getenv",
			src: helperGetenv + `
template <>
std::unordered_map<EnableOption, std::vector<std::string>> Options<
    EnableOption>::getOptionsFromEnv() {
  const std::unordered_map<std::string, EnableOption> available_options = {
      {"gamma", EnableOption::Gamma}};
  return parseEnvOptions("PYTORCH_NVFUSER_ENABLE", available_options);
}`,
			want: []wantTable{{enum: "EnableOption", env: "PYTORCH_NVFUSER_ENABLE", entries: "gamma=Gamma@L"}},
		},
		{
			name: "static getter, call in another function through a reference",
			src: helperGetNvFuserEnv + `
const std::unordered_map<std::string, EnableOption>& getEnableOptions() {
  static const std::unordered_map<std::string, EnableOption> available_options =
      {
          {"delta", EnableOption::Delta},
          {"epsilon", EnableOption::Epsilon},
      };
  return available_options;
}

template <>
std::unordered_map<EnableOption, std::vector<std::string>> Options<
    EnableOption>::getOptionsFromEnv() {
  const auto& available_options = getEnableOptions();
  return parseEnvOptions("ENABLE", available_options);
}`,
			want: []wantTable{{enum: "EnableOption", env: "NVFUSER_ENABLE", at: "static const", entries: "delta=Delta@L epsilon=Epsilon@L"}},
		},
		{
			name: "static getter with the name on its own line and a wrapped entry",
			src: helperGetNvFuserEnv + `
const std::unordered_map<std::string, DisableOption>& getDisableOptions() {
  static const std::unordered_map<std::string, DisableOption>
      available_options = {
          {"zeta", DisableOption::Zeta},
          {"a_rather_long_option_name_that_wraps",
           DisableOption::ARatherLongOptionNameThatWraps},
          {"eta", DisableOption::Eta}};
  return available_options;
}
template <>
std::unordered_map<DisableOption, std::vector<std::string>> Options<
    DisableOption>::getOptionsFromEnv() {
  const auto& available_options = getDisableOptions();
  auto options = parseEnvOptions("DISABLE", available_options);
  if (options.count(DisableOption::Zeta)) {
    TORCH_WARN("zeta is off; see NVFUSER_DISABLE {docs}");
  }
  return options;
}`,
			want: []wantTable{{enum: "DisableOption", env: "NVFUSER_DISABLE", at: "static const",
				entries: "zeta=Zeta@L a_rather_long_option_name_that_wraps=ARatherLongOptionNameThatWraps@L eta=Eta@L"}},
		},
		{
			name: "getter passed directly, explicit template argument, namespace-scope table",
			src: helperGetNvFuserEnv + `
static const std::unordered_map<std::string, ProfilerOption> prof_table{
    {"theta", ProfilerOption::Theta}};
const std::unordered_map<std::string, ProfilerOption>& getProfilerOptions() { return prof_table; }
const std::unordered_map<std::string, nvfuser::LogOption> log_table = {{"iota", nvfuser::LogOption::Iota}};
void f() {
  parseEnvOptions("PROF", getProfilerOptions());
  parseEnvOptions<LogOption>("LOG", something_opaque);
}`,
			want: []wantTable{
				{enum: "ProfilerOption", env: "NVFUSER_PROF", entries: "theta=Theta@L"},
				{enum: "LogOption", env: "NVFUSER_LOG", entries: "iota=Iota@L"},
			},
		},
		{
			name: "enclosing specialisation decides when the argument is opaque",
			src: helperGetNvFuserEnv + `
const std::unordered_map<std::string, KappaOption> kappa_table = {{"kappa", KappaOption::Kappa}};
template <>
auto Options<KappaOption>::getOptionsFromEnv() {
  return parseEnvOptions("KAPPA", lookup());
}`,
			want: []wantTable{{enum: "KappaOption", env: "NVFUSER_KAPPA", entries: "kappa=Kappa@L"}},
		},
		{
			name: "table never parsed from the environment, helper elsewhere",
			src: `
void g() {
  const std::unordered_map<std::string, MuOption> orphan = {
    {"mu", MuOption::Mu}, // a comment with { and " in it
    /* {"commented_out", MuOption::Gone}, */
    // {"also_commented", MuOption::Gone},
    {R"(nu)", MuOption::Nu},
  };
}`,
			want: []wantTable{{enum: "MuOption", env: "", entries: "mu=Mu@L nu=Nu@L"}},
		},
		{
			name: "no helper definition: short literal gets the prefix, full literal kept",
			src: `
const std::unordered_map<std::string, XiOption> xs = {{"xi", XiOption::Xi}};
const std::unordered_map<std::string, OmicronOption> os = {{"omicron", OmicronOption::Omicron}};
void h() { parseEnvOptions("XI", xs); parseEnvOptions("NVFUSER_OMICRON", os); }`,
			want: []wantTable{
				{enum: "XiOption", env: "NVFUSER_XI", entries: "xi=Xi@L"},
				{enum: "OmicronOption", env: "NVFUSER_OMICRON", entries: "omicron=Omicron@L"},
			},
		},
		{
			name: "maps that are not tables are ignored",
			src: `
const std::unordered_map<std::string, PiOption>& getPi();
void use(const std::unordered_map<std::string, PiOption>& m);
std::unordered_map<PiOption, std::vector<std::string>> options;
std::unordered_map<std::string, PiOption> empty;`,
			want: nil,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseTables("options.cpp", []byte(tc.src))
			if err != nil {
				t.Fatalf("ParseTables: %v", err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d tables %+v, want %d", len(got), got, len(tc.want))
			}
			for i, w := range tc.want {
				g := got[i]
				if g.Enum != w.enum || g.Env != w.env {
					t.Errorf("table %d: enum/env = %s/%q, want %s/%q", i, g.Enum, g.Env, w.enum, w.env)
				}
				if want := withLines(tc.src, w.entries); render(g) != want {
					t.Errorf("table %d entries:\n got  %s\n want %s", i, render(g), want)
				}
				at := w.at
				if at == "" {
					at = "unordered_map<std::string, " + w.enum
				}
				if want := lineOf(tc.src, at); want > 0 && g.Line != want {
					// namespace-qualified enums are checked by entries only
					t.Errorf("table %d line %d, want %d", i, g.Line, want)
				}
			}
		})
	}
}

// withLines fills "name=X@L" with the line of `"name"` in src.
func withLines(src, entries string) string {
	var out []string
	for _, f := range strings.Fields(entries) {
		name := f[:strings.Index(f, "=")]
		line := lineOf(src, `"`+name+`"`)
		if line < 0 {
			line = lineOf(src, `(`+name+`)`) // raw string
		}
		out = append(out, strings.TrimSuffix(f, "L")+strconv.Itoa(line))
	}
	return strings.Join(out, " ")
}

func TestParseTablesErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		line int
		msg  string
	}{
		{"unterminated table", "int a;\nconst std::unordered_map<std::string, E> t = {\n  {\"a\", E::A},\n", 2, "no closing brace"},
		{"missing comma between entries", "const std::unordered_map<std::string, E> t = {\n {\"a\", E::A}\n {\"b\", E::B}};", 3, "expected ','"},
		{"entry without enum", "const std::unordered_map<std::string, E> t = {\n {\"a\", 3}};", 2, "Enum::Enumerator"},
		{"entry of another enum", "const std::unordered_map<std::string, E> t = {\n\n {\"a\", F::A}};", 3, "F::A in a E table"},
		{"name not a string", "const std::unordered_map<std::string, E> t = {\n {a, E::A}};", 2, "option name"},
		{"name with markup", "const std::unordered_map<std::string, E> t = {\n {\"a\", E::A},\n {\"x\\\"><img src=x onerror=alert(1)>\", E::B}};", 3, "is not a name"},
		{"name with a space", "const std::unordered_map<std::string, E> t = {\n {\"a b\", E::A}};", 2, "is not a name"},
		{"unterminated string", "x;\ny;\nconst char* s = \"abc;\n", 3, "unterminated string"},
		{"unterminated comment", "/* {\n", 1, "unterminated"},
		{"binary", "int x;\n\x00\x01\x02", 2, "NUL"},
		{"not utf-8", "ok\nok\n\xff\xfe junk", 3, "UTF-8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseTables("csrc/options.cpp", []byte(tc.src))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want *ParseError", err)
			}
			if pe.File != "csrc/options.cpp" || pe.Line != tc.line || !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("got %v, want line %d containing %q", pe, tc.line, tc.msg)
			}
		})
	}
}

func TestParseTablesPartialOnError(t *testing.T) {
	src := "const std::unordered_map<std::string, E> a = {{\"a\", E::A}};\n" +
		"const std::unordered_map<std::string, F> b = {{\"b\", F::B}\n"
	got, err := ParseTables("o.cpp", []byte(src))
	if err == nil || len(got) != 1 || got[0].Enum != "E" {
		t.Fatalf("got %+v, %v; want the first table and an error", got, err)
	}
}

func TestParseErrorString(t *testing.T) {
	e := &ParseError{File: "csrc/options.cpp", Line: 12, Msg: "bad"}
	if e.Error() != "csrc/options.cpp:12: bad" {
		t.Errorf("Error() = %q", e.Error())
	}
}
