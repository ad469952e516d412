package vocab

import "testing"

func TestFamilies(t *testing.T) {
	for i, f := range Families {
		if got := FamilyKey(f.Env); got != f.Key {
			t.Errorf("FamilyKey(%s) = %q, want %q", f.Env, got, f.Key)
		}
		if got := Order(f.Key); got != i+1 {
			t.Errorf("Order(%s) = %d, want %d", f.Key, got, i+1)
		}
		if g, ok := FamilyByEnum(f.Enum); !ok || g != f {
			t.Errorf("FamilyByEnum(%s) = %+v %v", f.Enum, g, ok)
		}
	}
	if Order("trace") != 10 {
		t.Errorf("an unknown family sorts after the known ones")
	}
	if _, ok := FamilyByEnum("Nope"); ok {
		t.Error("FamilyByEnum found an unknown enum")
	}
}

func TestSpelling(t *testing.T) {
	for _, c := range []struct {
		name, canonical, key string
		family               bool
	}{
		{"NVFUSER_DUMP", "NVFUSER_DUMP", "dump", true},
		{"PYTORCH_NVFUSER_DUMP", "NVFUSER_DUMP", "dump", false}, // Canonical first
		{"PYTORCH_NVFUSER_DISABLE", "NVFUSER_DISABLE", "disable", false},
		{"NVFUSER_NUM_THREADS", "NVFUSER_NUM_THREADS", "num_threads", false},
		{"PYTORCH_JIT", "PYTORCH_JIT", "jit", false}, // keys are derived: only meaningful for families
		{"PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "cuda_alloc_conf", false},
		{"CUDA_LAUNCH_BLOCKING", "CUDA_LAUNCH_BLOCKING", "cuda_launch_blocking", false},
	} {
		if got := Canonical(c.name); got != c.canonical {
			t.Errorf("Canonical(%s) = %s, want %s", c.name, got, c.canonical)
		}
		if got := FamilyKey(c.name); got != c.key {
			t.Errorf("FamilyKey(%s) = %s, want %s", c.name, got, c.key)
		}
		if got := IsFamilyVar(c.name); got != c.family {
			t.Errorf("IsFamilyVar(%s) = %v, want %v", c.name, got, c.family)
		}
		if got := IsFamilyVar(Canonical(c.name)); got != (c.key == "dump" || c.key == "disable") {
			t.Errorf("IsFamilyVar(Canonical(%s)) = %v", c.name, got)
		}
	}
}
