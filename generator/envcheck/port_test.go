package envcheck

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// portInput is one input for both parsers: a script to decode, or a
// variable and value to check.
type portInput struct {
	Script string `json:"script,omitempty"`
	Var    string `json:"var,omitempty"`
	Value  string `json:"value,omitempty"`
}

// portInputs are the table's cases, scripts with every kind of quoting,
// and values generated from the pieces both parsers must agree on.
func portInputs() []portInput {
	var in []portInput
	for _, tc := range verdictCases {
		in = append(in, portInput{Var: tc.name, Value: tc.value})
	}
	for _, tc := range outsideCases {
		in = append(in, portInput{Var: "NVFUSER_JIT_OPT_LEVEL", Value: tc.value})
	}
	for _, v := range []string{"7", "-", "+", " 12", "\t4", "0004", "-0", "1e3", "４"} {
		in = append(in, portInput{Var: "NVFUSER_JIT_OPT_LEVEL", Value: v}, portInput{Script: "NVFUSER_JIT_OPT_LEVEL=" + v})
	}
	for _, v := range []string{"NVFUSER_NUM_THREDS", "PYTORCH_NVFUSER_DUMP", "NVFUSER_TRACE_FILE", "NVFUSER_ENABLE", "NVFUSER_PROF", "X"} {
		in = append(in, portInput{Var: v, Value: "print,fusion_ir(1),kernel_profile"})
	}
	in = append(in,
		portInput{Script: "export NVFUSER_DUMP=fusion_ir\nexport NVFUSER_DUMP='fusion_ir,launch_param(3,4)'\nNVFUSER_DISABLE=\"parallel_compile\" NVFUSER_NUM_THREADS=1 python r.py; env NVFUSER_PROF=print\\,enable true"},
		portInput{Script: "NVFUSER_DUMP=fusion_ir,bogus"},
		portInput{Script: "NVFUSER_DUMP=fusion_ir("},
		portInput{Script: "NVFUSER_DUMP=\"a\\\"b\\$c\\x\" NVFUSER_ENABLE='kernel_profile' NVFUSER_DISABLE=$(echo x)"},
		portInput{Script: "\tNVFUSER_DUMP=é,😀\u00a0NVFUSER_ENABLE=fuse_matmul\r\nPYTORCH_NVFUSER_DISABLE=fallback|NVFUSER_PROF=enable&NVFUSER_DUMP=cuda_kernel(x)y"},
	)
	pieces := []string{"fusion_ir", "cuda_kernel", "launch_param", "segmented_fusion_old", "parallel_compile", "print.verbose",
		"fusion", "bogus", "(", ")", ",", ",", " ", "'", "\"", "\\", "$", "é", "😀", "\u00a0", "NVFUSER_DUMP=", "export ", "\n", "PYTORCH_", "NVFUSER_PROF=", "=", ";", "1"}
	vars := []string{"NVFUSER_DUMP", "NVFUSER_ENABLE", "NVFUSER_DISABLE", "NVFUSER_PROF"}
	seed := uint32(17)
	next := func(n int) int { seed = seed*1664525 + 1013904223; return int(seed>>8) % n }
	for i := 0; i < 400; i++ {
		var b strings.Builder
		for j := 0; j < 2+next(10); j++ {
			b.WriteString(pieces[next(len(pieces))])
		}
		if i%2 == 0 {
			in = append(in, portInput{Var: vars[next(len(vars))], Value: b.String()})
		} else {
			in = append(in, portInput{Script: "NVFUSER_DUMP=" + b.String()})
		}
	}
	// Mostly valid values, so that accepted options are compared too.
	valid := []string{"fusion_ir", "cuda_kernel", "launch_param(3,4)", "fusion_ir_preseg()", "segmenter_logging", "fusion_ir", "fuse_matmul", "print.verbose"}
	for i := 0; i < 100; i++ {
		var parts []string
		for j := 0; j < 1+next(4); j++ {
			parts = append(parts, valid[next(len(valid))])
		}
		in = append(in, portInput{Var: "NVFUSER_DUMP", Value: strings.Join(parts, ",")})
	}
	return in
}

// TestBrowserPortAgrees runs static/js/compose.js under node on the same
// catalog and inputs as the Go parser and requires identical verdicts:
// the /compose/ page must say what envcheck says.
func TestBrowserPortAgrees(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is required to test static/js/compose.js (it ships with this machine image)")
	}
	envJSON, optsJSON := catalogJSON(t)
	c, err := LoadCatalog(envJSON, optsJSON)
	if err != nil {
		t.Fatal(err)
	}
	inputs := portInputs()
	dir := t.TempDir()
	inJSON, _ := json.Marshal(inputs)
	for name, b := range map[string][]byte{"env.json": envJSON, "options.json": optsJSON, "inputs.json": inJSON} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Read here, not by node, so that go test's cache knows the file.
	js, err := os.ReadFile(filepath.Join("..", "..", "static", "js", "compose.js"))
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "compose.js")
	if err := os.WriteFile(script, js, 0o644); err != nil {
		t.Fatal(err)
	}
	harness := `const C = require(process.argv[1]); const fs = require("fs"); const d = process.argv[2];
const read = f => JSON.parse(fs.readFileSync(d + "/" + f));
const cat = C.catalog(read("env.json"), read("options.json"));
process.stdout.write(JSON.stringify(read("inputs.json").map(i => i.script !== undefined ?
  {verdicts: C.decode(cat, i.script), quoted: C.shellQuote(i.script)} :
  {verdicts: [C.check(cat, i.var, i.value)], quoted: C.shellQuote(i.value)})));`
	out, err := exec.Command(node, "-e", harness, script, dir).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var answers []struct {
		Verdicts []Verdict `json:"verdicts"`
		Quoted   string    `json:"quoted"`
	}
	if err := json.Unmarshal(out, &answers); err != nil {
		t.Fatalf("node output: %v\n%.500s", err, out)
	}
	if len(answers) != len(inputs) {
		t.Fatalf("node gave %d answers for %d inputs", len(answers), len(inputs))
	}
	errors, items := 0, 0
	for i, in := range inputs {
		var goV []Verdict
		quoted := ShellQuote(in.Value)
		if in.Script != "" {
			goV, quoted = c.Decode(in.Script), ShellQuote(in.Script)
		} else {
			goV = []Verdict{c.Check(in.Var, in.Value)}
		}
		if quoted != answers[i].Quoted {
			t.Errorf("input %d %s: quoted as %s in Go, %s in the browser", i, describe(in), quoted, answers[i].Quoted)
		}
		for _, v := range goV {
			items += len(v.Items)
			if v.Error != nil {
				errors++
			}
		}
		if !reflect.DeepEqual(goV, answers[i].Verdicts) {
			g, _ := json.Marshal(goV)
			j, _ := json.Marshal(answers[i].Verdicts)
			t.Errorf("input %d %s: verdicts differ\n go: %s\n js: %s", i, describe(in), g, j)
		}
	}
	// The comparison must have exercised both outcomes.
	if errors < 50 || items < 50 {
		t.Errorf("only %d errors and %d accepted options across the inputs: the comparison proves little", errors, items)
	}
}

func describe(in portInput) string {
	if in.Script != "" {
		return fmt.Sprintf("script %q", in.Script)
	}
	return fmt.Sprintf("%s=%q", in.Var, in.Value)
}
