package gcpolicy

import (
	"math"
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
	if got := debug.SetMemoryLimit(-1); got != Limit {
		t.Errorf("memory limit during a build: %d, want %d", got, Limit)
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
