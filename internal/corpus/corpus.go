// Package corpus writes synthetic nvFuser-shaped inputs of any size for
// benchmarks: an options.h/options.cpp pair with M options per family, an
// env_options.yaml documenting most of them, csrc files that read them, and
// N notes in the styles real investigations are written in (sectioned
// reports, bullet notes, pasted sanitizer output, tracebacks, gtest logs,
// guides). Output is a pure function of (N, M): benchmarks are repeatable.
package corpus

import (
	"fmt"
	"os"
	"strings"
	"testing/fstest"

	"github.com/nvfuser-handbook/handbook/generator/inputs"
)

// Families are the option families written, with their enums.
var Families = []struct{ Env, Enum, Short string }{
	{"NVFUSER_DUMP", "DebugDumpOption", "DUMP"},
	{"NVFUSER_ENABLE", "EnableOption", "ENABLE"},
	{"NVFUSER_DISABLE", "DisableOption", "DISABLE"},
}

// Write creates the tree under dir: dir/fuser (the checkout) and dir/notes.
func Write(dir string, notes, options int) error {
	files := map[string]string{}
	files["fuser/csrc/options.h"] = header(options)
	files["fuser/csrc/options.cpp"] = tables(options)
	files["fuser/"+inputs.EnvYAMLFile] = yaml(options)
	for i := 0; i < options; i += 10 {
		files[fmt.Sprintf("fuser/csrc/pass_%03d.cpp", i/10)] = reader(i, options)
	}
	for i := 0; i < notes; i++ {
		files[fmt.Sprintf("notes/%05d-%s.md", i, style(i))] = Note(i, options)
	}
	fsys := fstest.MapFS{}
	for name, body := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(body)}
	}
	return os.CopyFS(dir, fsys)
}

func enumerator(i int) string { return fmt.Sprintf("Synthetic%03d", i) }
func optName(i int) string    { return fmt.Sprintf("synthetic_%03d", i) }

func header(m int) string {
	var b strings.Builder
	b.WriteString("#pragma once\n#include <cstdint>\nnamespace nvfuser {\n")
	for _, f := range Families {
		fmt.Fprintf(&b, "//! Synthetic %s options\n//!\n//! These can be set through the `%s` environment variable\n//!\nenum class %s : std::uint8_t {\n", f.Short, f.Env, f.Enum)
		for i := 0; i < m; i++ {
			fmt.Fprintf(&b, "  %s, //!< Synthetic option %d of %s, printing\n", enumerator(i), i, f.Short)
			b.WriteString("            //!< a second line of description\n")
		}
		b.WriteString("  EndOfOption\n};\n\n")
	}
	b.WriteString("} // namespace nvfuser\n")
	return b.String()
}

func tables(m int) string {
	var b strings.Builder
	b.WriteString("#include <options.h>\nnamespace nvfuser {\nnamespace {\ntemplate <typename E>\nauto parseEnvOptions(const char* name, const std::unordered_map<std::string, E>& available) {\n  auto v = getNvFuserEnv(name);\n  return v;\n}\n} // namespace\n\n")
	for _, f := range Families {
		fmt.Fprintf(&b, "template <>\nstd::unordered_map<%s, std::vector<std::string>> Options<%s>::getOptionsFromEnv() {\n  const std::unordered_map<std::string, %s> available_options = {\n", f.Enum, f.Enum, f.Enum)
		for i := 0; i < m; i++ {
			fmt.Fprintf(&b, "      {\"%s\", %s::%s},\n", optName(i), f.Enum, enumerator(i))
		}
		fmt.Fprintf(&b, "  };\n  return parseEnvOptions(\"%s\", available_options);\n}\n\n", f.Short)
	}
	b.WriteString("} // namespace nvfuser\n")
	return b.String()
}

func yaml(m int) string {
	var b strings.Builder
	b.WriteString("categories:\n  dump:\n    display_name: \"Dump (NVFUSER_DUMP)\"\n  enable:\n    display_name: \"Enable (NVFUSER_ENABLE)\"\n  disable:\n    display_name: \"Disable (NVFUSER_DISABLE)\"\n  misc:\n    display_name: Misc\n\noptions:\n")
	for _, f := range Families {
		for i := 0; i < m; i++ {
			if i%17 == 5 {
				continue // leave some undocumented: drift
			}
			fmt.Fprintf(&b, "  - name: %s\n    description: Synthetic option %d\n    type: bool\n    category: %s\n    env_var: %s\n\n", optName(i), i, strings.ToLower(f.Short), f.Env)
		}
	}
	for i := 0; i < m/5+1; i++ {
		fmt.Fprintf(&b, "  - name: NVFUSER_SYNTH_VAR_%03d\n    description: Synthetic variable\n    type: int\n    category: misc\n\n", i)
	}
	return b.String()
}

func reader(start, m int) string {
	var b strings.Builder
	b.WriteString("#include <options.h>\nnamespace nvfuser {\nvoid pass() {\n")
	for i := start; i < start+10 && i < m; i++ {
		fmt.Fprintf(&b, "  if (isDebugDumpEnabled(DebugDumpOption::%s)) { debug() << \"x\"; }\n", enumerator(i))
		fmt.Fprintf(&b, "  if (isOptionEnabled(EnableOption::%s)) {}\n", enumerator(i))
		fmt.Fprintf(&b, "  const char* v%d = getNvFuserEnv(\"SYNTH_VAR_%03d\");\n", i, i/5)
	}
	b.WriteString("}\n} // namespace nvfuser\n")
	return b.String()
}

var styles = []string{"report", "bullets", "asan", "traceback", "gtest", "guide"}

func style(i int) string { return styles[i%len(styles)] }

// Note returns synthetic note i: its style cycles through the styles real
// notes are written in, and its names vary so notes share some facts.
func Note(i, m int) string {
	opt := optName(i % m)
	file := fmt.Sprintf("csrc/pass_%03d.cpp", (i%m)/10)
	sym := fmt.Sprintf("nvfuser::SynthPass%d::run", i%97)
	test := fmt.Sprintf("test_synthetic_%d", i%211)
	switch style(i) {
	case "report":
		return fmt.Sprintf("# Crash %d in synthetic pass\n\n## Summary\n\nThe pass crashes with SIGSEGV when %s is set.\n\n## Reproduce\n\n```bash\nNVFUSER_DUMP=%s,fusion_ir pytest tests/python/test_synth.py::%s -x\n```\n\n## Root cause\n\n`%s` reads freed memory, see `%s:%d-%d`.\n\n## Workaround\n\nSet NVFUSER_DISABLE=%s.\n\n- [x] reproduce\n- [ ] fix\n", i, opt, opt, test, sym, file, 10+i%50, 20+i%50, opt)
	case "bullets":
		return fmt.Sprintf("Synthetic bus error %d\n\n* seen with `bin/test_nvfuser --gtest_filter=SynthTest.Case%d`\n* Bus error (core dumped)\n* suspect %s in %s\n* #%d tracks it\n", i, i%301, sym, file, 1000+i%900)
	case "asan":
		return fmt.Sprintf("# ASAN report %d\n\n```\n==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020000%04x\n    #0 0x7f in %s() /opt/pytorch/nvfuser/%s:%d\nSUMMARY: AddressSanitizer: heap-use-after-free /opt/pytorch/nvfuser/%s:%d in %s\n```\n\nStill open.\n", i, i%9999, sym, file, 40+i%60, file, 40+i%60, sym)
	case "traceback":
		return fmt.Sprintf("# Python error %d\n\n```\nTraceback (most recent call last):\n  File \"/workspace/Fuser/tests/python/test_synth.py\", line %d, in %s\nRuntimeError: INTERNAL ASSERT FAILED at \"/workspace/Fuser/%s\":%d, please report a bug. Synthetic check %d failed for %s\n```\n\nFixed in #%d.\n", i, 100+i%300, test, file, 30+i%70, i%53, opt, 2000+i%900)
	case "gtest":
		return fmt.Sprintf("# gtest failure %d\n\n```\n[ RUN      ] SynthTest.Case%d\n%s:%d: Failure\nExpected equality of these values: %d\n[  FAILED  ] SynthTest.Case%d\n```\n\nRun with NVFUSER_ENABLE=%s to see more.\n", i, i%301, file, 50+i%40, i%7, i%301, opt)
	default:
		return fmt.Sprintf("# How to inspect pass %d\n\n## Dump the IR\n\nUse `NVFUSER_DUMP=%s python script.py`.\n\n## Step through\n\nRun gdb on python and break on `%s`.\n", i, opt, sym)
	}
}
