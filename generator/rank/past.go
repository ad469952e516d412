package rank

import (
	"sort"
	"strconv"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Past lines. An error from an older build names the FILE:LINE its check
// had then; today that line may hold another check or none. The history
// (generator/history) knows where each of today's checks sat in every
// revision; an entry carries those places compactly in Past:
//
//	"799,812 csrc/kernel_cache.cpp|1317"
//
// groups separated by a space, each the lines in one file, the entry's own
// file unnamed. A frame at one of them counts FramePast: less than today's
// line (FrameExact), more than the function alone, as the frame names a
// version the text does not.
const FramePast = 3000

// AddPast fills the entries' Past from the spots (entries and spots by
// check id; the order of spots does not matter). A line whose versions
// the history knows carries them: "499@0.2.10-0.2.24". A spot at the
// check's line today gives the version it has sat there since (Since).
func AddPast(entries []Entry, spots []model.PastSpot) {
	at := make(map[string]int, len(entries))
	for i := range entries {
		at[entries[i].ID] = i
	}
	type place struct {
		line     int
		from, to string
	}
	byEntry := map[int]map[string][]place{}
	ord := versionOrder(spots)
	home := homeSpans(entries, at, spots, ord)
	for _, s := range spots {
		i, ok := at[s.Check]
		if !ok {
			continue
		}
		if !s.Current && s.File != entries[i].File && overlapsHome(s, home[i], ord) {
			// While the check sat in its own file, this place in
			// another file held a different check with the same id
			// (two functions of one name, one message): not its past.
			continue
		}
		if s.Current {
			if s.From != "" && (entries[i].Since == "" || model.CompareVersions(s.From, entries[i].Since) < 0) {
				entries[i].Since = s.From
			}
			continue
		}
		if byEntry[i] == nil {
			byEntry[i] = map[string][]place{}
		}
		byEntry[i][s.File] = append(byEntry[i][s.File], place{s.Line, s.From, s.To})
	}
	for i, files := range byEntry {
		names := make([]string, 0, len(files))
		for f := range files {
			names = append(names, f)
		}
		sort.Strings(names)
		var groups []string
		for _, f := range names {
			lines := files[f]
			sort.Slice(lines, func(a, b int) bool {
				if lines[a].line != lines[b].line {
					return lines[a].line < lines[b].line
				}
				return lines[a].from < lines[b].from
			})
			nums := make([]string, len(lines))
			for j, l := range lines {
				nums[j] = strconv.Itoa(l.line)
				if l.from != "" {
					nums[j] += "@" + l.from + "-" + l.to
				}
			}
			g := strings.Join(nums, ",")
			if f != entries[i].File {
				g = f + "|" + g
			} else {
				groups = append([]string{g}, groups...)
				continue
			}
			groups = append(groups, g)
		}
		entries[i].Past = strings.Join(groups, " ")
	}
}

// versionOrder numbers the versions the spots name in CompareVersions'
// order, equal versions ("0.2", "0.2.0") alike, from 1; "" is 0. Every
// spot is compared with every span of its check's own file: comparing
// numbers instead of parsing version strings each time was most of the
// lookup index's past lines.
func versionOrder(spots []model.PastSpot) map[string]int {
	seen := map[string]bool{}
	var vs []string
	for _, s := range spots {
		for _, v := range []string{s.From, s.To} {
			if v != "" && !seen[v] {
				seen[v] = true
				vs = append(vs, v)
			}
		}
	}
	sort.Slice(vs, func(a, b int) bool { return model.CompareVersions(vs[a], vs[b]) < 0 })
	ord := make(map[string]int, len(vs))
	n := 0
	for i, v := range vs {
		if i == 0 || model.CompareVersions(vs[i-1], v) != 0 {
			n++
		}
		ord[v] = n
	}
	return ord
}

// span is the versions [from, to] a spot's check sat at its place, as
// versionOrder numbers them; 0 bounds are open.
type span struct{ from, to int }

// homeSpans are, per entry, the versions its check sat in today's file:
// the spots there with versions, its line today reaching to now.
func homeSpans(entries []Entry, at map[string]int, spots []model.PastSpot, ord map[string]int) map[int][]span {
	home := map[int][]span{}
	for _, s := range spots {
		i, ok := at[s.Check]
		if !ok || s.File != entries[i].File || s.From == "" {
			continue
		}
		to := ord[s.To]
		if s.Current {
			to = 0
		}
		home[i] = append(home[i], span{ord[s.From], to})
	}
	return home
}

// overlapsHome: the versions of spot s, in another file, overlap a
// version the check sat in its own file (sharing an end version is no
// overlap: a file renamed within a version has both).
func overlapsHome(s model.PastSpot, home []span, ord map[string]int) bool {
	if s.From == "" || s.To == "" {
		return false
	}
	from, to := ord[s.From], ord[s.To]
	for _, h := range home {
		if from < h.from && to <= h.from {
			continue // s ended before (or as) the check came home
		}
		if h.to != 0 && from >= h.to {
			continue // s began after (or as) the check left home
		}
		return true
	}
	return false
}

// pastAt says whether the entry's check sat at file:line in a past
// revision (file as a frame gives it: a path, or a bare name). With the
// build's version v known, atBuild says it sat there in that version,
// and excluded that every revision it sat there in is of other versions.
func pastAt(e *Entry, file string, line int, v string) (ok, atBuild, excluded bool) {
	if e.Past == "" || line <= 0 {
		return false, false, false
	}
	want := itoa(line)
	// Most entries never held this line: skip them without splitting.
	if !strings.Contains(e.Past, want) {
		return false, false, false
	}
	known := true
	for _, g := range strings.Split(e.Past, " ") {
		path, lines := e.File, g
		if k := strings.IndexByte(g, '|'); k >= 0 {
			path, lines = g[:k], g[k+1:]
		}
		if !sameFile(file, path) {
			continue
		}
		for _, l := range strings.Split(lines, ",") {
			n, vers, hasVers := strings.Cut(l, "@")
			if n != want {
				continue
			}
			ok = true
			if !hasVers {
				known = false
				continue
			}
			from, to, _ := strings.Cut(vers, "-")
			if v != "" && inVersions(v, from, to) {
				atBuild = true
			}
		}
	}
	return ok, atBuild, ok && v != "" && known && !atBuild
}

// inVersions: version v lies in [from, to] (an unknown bound is open).
func inVersions(v, from, to string) bool {
	return (from == "" || model.CompareVersions(v, from) >= 0) && (to == "" || model.CompareVersions(v, to) <= 0)
}
