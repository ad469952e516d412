// Package gcpolicy sets how often Go's garbage collector runs while gen
// builds. A build allocates a great deal that dies young (Hugo's template
// execution above all); with Go's default (GOGC=100) a 2,000-note build
// spends about a sixth of its CPU time collecting. Collecting a quarter as
// often, within a soft memory limit, saves most of that on the sizes people
// build, and the limit makes the collector work harder again before a
// large site (10,000 notes and nvFuser's error index) grows past it
// (docs/benchmarks.md).
package gcpolicy

import (
	"os"
	"runtime/debug"
)

const (
	// Percent is GOGC during a build: the heap may grow to five times
	// what is live before a collection.
	Percent = 400
	// Limit is the soft limit on the Go heap and runtime during a build.
	Limit = 1536 << 20
)

// ForBuild applies the build's policy and returns what restores the
// previous one. A GOGC or GOMEMLIMIT in the environment is the user's
// choice and wins.
func ForBuild() (restore func()) {
	restoreGC, restoreLimit := func() {}, func() {}
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(Percent)
		restoreGC = func() { debug.SetGCPercent(old) }
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(Limit)
		restoreLimit = func() { debug.SetMemoryLimit(old) }
	}
	return func() { restoreLimit(); restoreGC() }
}
