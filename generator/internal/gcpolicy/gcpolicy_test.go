package gcpolicy

import (
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

func TestForBuildAppliesAndRestores(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	restore := ForBuild()
	if got := debug.SetGCPercent(-1); got != Percent {
		t.Errorf("GOGC during a build: %d, want %d", got, Percent)
	}
	debug.SetGCPercent(Percent)
	if got, want := debug.SetMemoryLimit(-1), BuildLimit(machineMemory()); got != want {
		t.Errorf("memory limit during a build: %d, want %d", got, want)
	}
	restore()
	if got := debug.SetGCPercent(-1); got != 100 {
		t.Errorf("GOGC after: %d, want 100", got)
	}
	debug.SetGCPercent(100)
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("memory limit after: %d", got)
	}
}

// TestUserSettingsWin: GOGC or GOMEMLIMIT in the environment is left alone.
func TestUserSettingsWin(t *testing.T) {
	t.Setenv("GOGC", "50")
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetGCPercent(50)
	debug.SetMemoryLimit(1 << 30)
	defer ForBuild()()
	if got := debug.SetGCPercent(-1); got != 50 {
		t.Errorf("GOGC: %d, want the user's 50", got)
	}
	debug.SetGCPercent(50)
	if got := debug.SetMemoryLimit(-1); got != 1<<30 {
		t.Errorf("memory limit: %d, want the user's", got)
	}
}

// TestForServeKeepsTheSmallLimit: gen serve stays up beside the editor,
// under Limit whatever the machine.
func TestForServeKeepsTheSmallLimit(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	restore := ForServe()
	defer restore()
	if got := debug.SetMemoryLimit(-1); got != Limit {
		t.Errorf("memory limit in gen serve: %d, want %d", got, Limit)
	}
}

// TestBuildLimit: a quarter of the machine, never under Limit nor over
// MaxBuildLimit, and Limit when the machine's memory is unknown.
func TestBuildLimit(t *testing.T) {
	for _, c := range []struct{ total, want int64 }{
		{0, Limit},
		{4 << 30, Limit},
		{7 << 30, 7 << 28},
		{16 << 30, 4 << 30},
		{24 << 30, 6 << 30},
		{256 << 30, MaxBuildLimit},
	} {
		if got := BuildLimit(c.total); got != c.want {
			t.Errorf("BuildLimit(%d) = %d, want %d", c.total, got, c.want)
		}
	}
}

// TestMemTotal reads /proc/meminfo's line, and nothing from a file
// without one.
func TestMemTotal(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		text string
		want int64
	}{
		{"MemTotal:       24684096 kB\nMemFree: 1 kB\n", 24684096 << 10},
		{"MemFree:        1 kB\n", 0},
		{"MemTotal: lots\n", 0},
		{"MemTotal: 12 MB\n", 0},
	} {
		f := filepath.Join(dir, "meminfo")
		if err := os.WriteFile(f, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := memTotal(f); got != c.want {
			t.Errorf("memTotal(%q) = %d, want %d", c.text, got, c.want)
		}
	}
	if got := memTotal(filepath.Join(dir, "none")); got != 0 {
		t.Errorf("memTotal of a missing file: %d", got)
	}
}
