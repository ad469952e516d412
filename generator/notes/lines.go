package notes

import "sort"

// lineIndex maps byte offsets of a note body to 1-based lines of the source
// file. base is the number of lines that precede the body (front matter).
type lineIndex struct {
	newlines []int
	base     int
	total    int // lines in the whole file
}

func newLineIndex(body []byte, base, total int) *lineIndex {
	li := &lineIndex{base: base, total: total}
	for i, c := range body {
		if c == '\n' {
			li.newlines = append(li.newlines, i)
		}
	}
	return li
}

// line returns the file line holding body offset off. Offsets outside the
// body are clamped so a bad position can never produce a line outside the
// file.
func (li *lineIndex) line(off int) int {
	if off < 0 {
		off = 0
	}
	l := li.base + 1 + sort.SearchInts(li.newlines, off)
	if l > li.total {
		l = li.total
	}
	if l < 1 {
		l = 1
	}
	return l
}

// countLines is the number of lines of data as an editor shows them: a
// trailing newline does not start a new line, but an empty file has one.
func countLines(data []byte) int {
	n := 1
	for i, c := range data {
		if c == '\n' && i != len(data)-1 {
			n++
		}
	}
	return n
}
