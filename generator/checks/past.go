package checks

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
// check id; the order of spots does not matter).
func AddPast(entries []Entry, spots []model.PastSpot) {
	at := make(map[string]int, len(entries))
	for i := range entries {
		at[entries[i].ID] = i
	}
	byEntry := map[int]map[string][]int{}
	for _, s := range spots {
		i, ok := at[s.Check]
		if !ok {
			continue
		}
		if byEntry[i] == nil {
			byEntry[i] = map[string][]int{}
		}
		byEntry[i][s.File] = append(byEntry[i][s.File], s.Line)
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
			sort.Ints(lines)
			nums := make([]string, len(lines))
			for j, l := range lines {
				nums[j] = strconv.Itoa(l)
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

// pastAt says whether the entry's check sat at file:line in a past
// revision (file as a frame gives it: a path, or a bare name).
func pastAt(e *Entry, file string, line int) bool {
	if e.Past == "" || line <= 0 {
		return false
	}
	want := itoa(line)
	for _, g := range strings.Split(e.Past, " ") {
		path, lines := e.File, g
		if k := strings.IndexByte(g, '|'); k >= 0 {
			path, lines = g[:k], g[k+1:]
		}
		if !sameFile(file, path) {
			continue
		}
		for _, l := range strings.Split(lines, ",") {
			if l == want {
				return true
			}
		}
	}
	return false
}
