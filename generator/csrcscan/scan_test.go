package csrcscan

import (
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

var families = []string{"DebugDumpOption", "EnableOption", "DisableOption", "ProfilerOption"}

// testTree is a made-up checkout: every file is written for this test.
func testTree() fstest.MapFS {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	return fstest.MapFS{
		// A table entry defines an option; a helper in the same file reads one.
		"csrc/options.h":   file("enum class DebugDumpOption { FusionIr, EndOfOption };\n"),
		"csrc/options.cpp": file("auto m = {{\"fusion_ir\", DebugDumpOption::FusionIr}};\nbool p() { return has(ProfilerOption::Enable); }\n"),

		"csrc/runtime/launch.cpp": file(`#include <options.h>
// isDebugDumpEnabled(DebugDumpOption::CudaKernel) in a comment does not count
void launch() {
  if (isDebugDumpEnabled(DebugDumpOption::LaunchParam)) {
    debug() << "DebugDumpOption::FusionIr in a string does not count";
  }
  if (isDebugDumpEnabled(
          DebugDumpOption::
              FusionIr) ||
      hasEnableOptionArgument(EnableOption::KernelProfile, "x")) {
  }
  const char* level = getNvFuserEnv("JIT_OPT_LEVEL");
  auto sync = getNvFuserEnv(
      "USE_BLOCK_SYNC_ATOMIC");
  /* getNvFuserEnv("IN_A_COMMENT") */
  auto raw = R"(getNvFuserEnv("IN_A_RAW_STRING"))";
}
`),
		"csrc/runtime/threads.cpp": file(`int threads() {
  const char* name = "NUM_THREADS";
  return atoi(getNvFuserEnv(name));
}
bool fb() { return std::getenv("NVFUSER_DISABLE_FALLBACK") || getenv("CUDA_HOME") || isOptionDisabled(DisableOption::Fallback); }
bool no() { return getenv("X\"><img src=x onerror=alert(1)>") || getNvFuserEnv("A B") || getenv(""); } // not names: not variables
`),
		"csrc/a.h": file(`#define TRACE_IF_ENABLED() \
  if (isDebugDumpEnabled(DebugDumpOption::FusionIr)) { trace(); }
inline bool prof() { return ProfilerOptionsGuard::getCurOptions().has(ProfilerOption::Print); }
using OtherOption::NotAFamily;
`),
		"csrc/kernels/k.cuh":  file("// DebugDumpOption::Ptx\nbool k = isDebugDumpEnabled(DebugDumpOption::Ptx);\n"),
		"csrc/notes.txt":      file("DebugDumpOption::Sass\n"), // not a source file
		"csrc/broken.cpp":     file("bool a = isOptionEnabled(EnableOption::FuseMatmul);\nconst char* s = \"never closed\n"),
		"python/bindings.cpp": file("DebugDumpOption::Sass\n"), // the Python bindings read options too
		"python/tool.py":      file("DebugDumpOption::Ptx\n"),  // not C++
	}
}

func loc(file string, line int) model.Location { return model.Location{File: file, Line: line} }

func TestScan(t *testing.T) {
	r, err := Scan(testTree(), families)
	if err != nil {
		t.Fatal(err)
	}
	wantEnv := map[string][]model.Location{
		"NVFUSER_JIT_OPT_LEVEL":         {loc("csrc/runtime/launch.cpp", 12)},
		"NVFUSER_USE_BLOCK_SYNC_ATOMIC": {loc("csrc/runtime/launch.cpp", 13)},
		"NVFUSER_NUM_THREADS":           {loc("csrc/runtime/threads.cpp", 3)},
		"NVFUSER_DISABLE_FALLBACK":      {loc("csrc/runtime/threads.cpp", 5)},
		"CUDA_HOME":                     {loc("csrc/runtime/threads.cpp", 5)},
	}
	if !reflect.DeepEqual(r.Env, wantEnv) {
		t.Errorf("Env =\n%v\nwant\n%v", r.Env, wantEnv)
	}
	wantOpts := map[string][]model.Location{
		"DebugDumpOption::LaunchParam": {loc("csrc/runtime/launch.cpp", 4)},
		"DebugDumpOption::FusionIr":    {loc("csrc/a.h", 2), loc("csrc/runtime/launch.cpp", 8)},
		"DebugDumpOption::Ptx":         {loc("csrc/kernels/k.cuh", 2)},
		"EnableOption::KernelProfile":  {loc("csrc/runtime/launch.cpp", 10)},
		"EnableOption::FuseMatmul":     {loc("csrc/broken.cpp", 1)},
		"DisableOption::Fallback":      {loc("csrc/runtime/threads.cpp", 5)},
		"ProfilerOption::Print":        {loc("csrc/a.h", 3)},
		"ProfilerOption::Enable":       {loc("csrc/options.cpp", 2)},
		"DebugDumpOption::Sass":        {loc("python/bindings.cpp", 1)},
	}
	if !reflect.DeepEqual(r.Options, wantOpts) {
		t.Errorf("Options =\n%v\nwant\n%v", r.Options, wantOpts)
	}
	if len(r.Skipped) != 1 || r.Skipped[0].Where != loc("csrc/broken.cpp", 2) {
		t.Errorf("Skipped = %v", r.Skipped)
	}
}

func TestScanSortsAndDedupes(t *testing.T) {
	fsys := fstest.MapFS{
		"csrc/z.cpp": {Data: []byte("f(DebugDumpOption::A, DebugDumpOption::A);\ng(DebugDumpOption::A);\n")},
		"csrc/b.cpp": {Data: []byte("\n\nh(DebugDumpOption::A);\n")},
	}
	r, err := Scan(fsys, []string{"DebugDumpOption"})
	if err != nil {
		t.Fatal(err)
	}
	want := []model.Location{loc("csrc/b.cpp", 3), loc("csrc/z.cpp", 1), loc("csrc/z.cpp", 2)}
	if got := r.Options["DebugDumpOption::A"]; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v want %v", got, want)
	}
}

func TestScanNoCsrc(t *testing.T) {
	r, err := Scan(fstest.MapFS{"README.md": {Data: []byte("x")}}, families)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("err = %v, want not-exist", err)
	}
	if r.Env == nil || r.Options == nil {
		t.Error("maps should be usable even on error")
	}
}

// unreadable wraps an FS and fails to open one file.
type unreadable struct {
	fs.FS
	bad string
}

func (u unreadable) Open(name string) (fs.File, error) {
	if name == u.bad {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return u.FS.Open(name)
}

func TestScanSkipsUnreadable(t *testing.T) {
	fsys := unreadable{FS: fstest.MapFS{
		"csrc/ok.cpp":  {Data: []byte("isOptionEnabled(EnableOption::X);")},
		"csrc/bad.cpp": {Data: []byte("isOptionEnabled(EnableOption::Y);")},
	}, bad: "csrc/bad.cpp"}
	r, err := Scan(fsys, families)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := r.Options["EnableOption::X"]; !ok {
		t.Error("readable file not scanned")
	}
	if len(r.Skipped) != 1 || r.Skipped[0].Where.File != "csrc/bad.cpp" || !strings.Contains(r.Skipped[0].Message, "permission") {
		t.Errorf("Skipped = %v", r.Skipped)
	}
}
