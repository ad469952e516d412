// Package gcpolicy sets how often Go's garbage collector runs while gen
// builds. A build allocates a great deal that dies young (Hugo's template
// execution above all); with Go's default (GOGC=100) a 2,000-note build
// spends about a sixth of its CPU time collecting. Collecting a quarter as
// often, within a soft memory limit, saves most of that on the sizes people
// build, and the limit makes the collector work harder again before a
// large site (10,000 notes and nvFuser's error index) grows past it
// (docs/benchmarks.md).
//
// A one-shot build may use more of a big machine than gen serve, which
// stays up beside the editor: its limit is a quarter of the memory the
// machine (or its container) has, between 1.5 and 8 GiB. At 10,000 notes
// over nvFuser's tree a 1.5 GiB limit had the collector running nearly
// all the time; the real handbook stays under it either way.
package gcpolicy

import (
	"bufio"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

const (
	// Percent is GOGC during a build: the heap may grow to five times
	// what is live before a collection.
	Percent = 400
	// Limit is the soft limit on the Go heap and runtime in gen serve, and
	// the least a build gets.
	Limit = 1536 << 20
	// MaxBuildLimit is the most a build's limit grows to on a big machine.
	MaxBuildLimit = 8 << 30
)

// BuildLimit is a build's soft limit on a machine with total bytes of
// memory (0: unknown): a quarter of it, within [Limit, MaxBuildLimit].
func BuildLimit(total int64) int64 {
	return min(max(total/4, Limit), MaxBuildLimit)
}

// ForBuild applies a build's policy and returns what restores the
// previous one. A GOGC or GOMEMLIMIT in the environment is the user's
// choice and wins.
func ForBuild() (restore func()) { return apply(BuildLimit(machineMemory())) }

// ForServe applies gen serve's policy: a build's, under Limit.
func ForServe() (restore func()) { return apply(Limit) }

func apply(limit int64) (restore func()) {
	restoreGC, restoreLimit := func() {}, func() {}
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(Percent)
		restoreGC = func() { debug.SetGCPercent(old) }
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(limit)
		restoreLimit = func() { debug.SetMemoryLimit(old) }
	}
	return func() { restoreLimit(); restoreGC() }
}

// machineMemory is the memory gen may use, in bytes: the container's
// limit (cgroup v2, then v1) when it has one below the machine's, else
// the machine's (/proc/meminfo); 0 when neither can be read (not Linux).
func machineMemory() int64 {
	total := memTotal("/proc/meminfo")
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		if b, err := os.ReadFile(f); err == nil {
			if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
				return n
			}
		}
	}
	return total
}

// memTotal reads MemTotal from a /proc/meminfo file, in bytes; 0 when it
// cannot.
func memTotal(file string) int64 {
	f, err := os.Open(file)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			fields := strings.Fields(rest)
			if len(fields) == 2 && fields[1] == "kB" {
				if kb, err := strconv.ParseInt(fields[0], 10, 64); err == nil {
					return kb << 10
				}
			}
			return 0
		}
	}
	return 0
}
