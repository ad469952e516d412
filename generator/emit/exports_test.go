package emit

import (
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

func TestExports(t *testing.T) {
	family := func(name string) bool { return name == "NVFUSER_DUMP" || name == "NVFUSER_DISABLE" }
	env := func(pairs ...string) []model.EnvSetting {
		var out []model.EnvSetting
		for i := 0; i+1 < len(pairs); i += 2 {
			out = append(out, model.EnvSetting{Name: pairs[i], Value: pairs[i+1]})
		}
		return out
	}
	tests := []struct {
		name string
		env  []model.EnvSetting
		want string
	}{
		{"none", nil, ""},
		{"one plain", env("NVFUSER_NUM_THREADS", "1"), "export NVFUSER_NUM_THREADS=1"},
		{"family values merge in order, once each",
			env("NVFUSER_DUMP", "fusion_ir", "NVFUSER_DUMP", "cuda_kernel,fusion_ir", "NVFUSER_DUMP", ",launch_param,"),
			"export NVFUSER_DUMP=fusion_ir,cuda_kernel,launch_param"},
		{"option arguments stay whole",
			env("NVFUSER_DUMP", "a(1,2)", "NVFUSER_DUMP", "b(1,2),a(1,2)"),
			"export NVFUSER_DUMP='a(1,2),b(1,2)'"},
		{"other variables keep the first value, the rest as comments",
			env("NVFUSER_NUM_THREADS", "1", "NVFUSER_NUM_THREADS", "8", "NVFUSER_NUM_THREADS", "1"),
			"export NVFUSER_NUM_THREADS=1\n# or: NVFUSER_NUM_THREADS=8"},
		{"variables in the order given",
			env("NVFUSER_DISABLE", "magic_zero", "CUDA_LAUNCH_BLOCKING", "1", "NVFUSER_DISABLE", "expr_simplify"),
			"export NVFUSER_DISABLE=magic_zero,expr_simplify\nexport CUDA_LAUNCH_BLOCKING=1"},
		{"empty value", env("ASAN_OPTIONS", ""), "export ASAN_OPTIONS=''"},
		{"spaces are single-quoted", env("ASAN_OPTIONS", "detect_leaks=0 abort_on_error=1"),
			"export ASAN_OPTIONS='detect_leaks=0 abort_on_error=1'"},
		{"single quotes inside", env("MSG", "it's"), `export MSG='it'\''s'`},
		{"$ expansion stays live in double quotes", env("LD_PRELOAD", `$(clang -print-file-name=libclang_rt.asan.so) "x"\`),
			`export LD_PRELOAD="$(clang -print-file-name=libclang_rt.asan.so) \"x\"\\"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := exports(tt.env, family); got != tt.want {
				t.Errorf("exports:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}
