package notes

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Limits on input. Notes are hand-written documents of a few kilobytes; the
// limits only exist so that a pathological file (a core dump renamed .md,
// a fuzzer's 10k nested blockquotes) fails fast with a clear message instead
// of stalling the build in goldmark.
const (
	// MaxBytes is the largest note read.
	MaxBytes = 4 << 20
	// MaxNesting is the deepest container nesting (blockquotes and list
	// items opened on one line) accepted. Real notes rarely exceed 5.
	MaxNesting = 64
)

// checkInput refuses data Parse will not read. It runs before any other
// processing so the line numbers it reports are those of the raw file.
func checkInput(source string, data []byte) error {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return fmt.Errorf("%s:%d: binary file (NUL byte); notes must be text", source, 1+bytes.Count(data[:i], []byte{'\n'}))
	}
	if len(data) > MaxBytes {
		return fmt.Errorf("%s:1: file is %d bytes, more than the %d a note may have", source, len(data), MaxBytes)
	}
	return nil
}

// normalize makes the bytes goldmark and the extractors see predictable:
// invalid UTF-8 becomes U+FFFD (so every string in the model is valid and
// JSON-safe), CRLF and lone CR become LF, and a leading BOM is dropped.
// None of these change the number of lines before any offset, so line
// numbers still match the file.
func normalize(data []byte) []byte {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		data = bytes.ToValidUTF8(data, []byte("\uFFFD"))
	}
	if bytes.IndexByte(data, '\r') >= 0 {
		data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
		data = bytes.ReplaceAll(data, []byte("\r"), []byte("\n"))
	}
	return data
}

// CheckBody refuses markdown that goldmark would take unreasonably long
// on, naming source and the offending line (counted from the start of
// body). Parse applies the same checks; emit's literal uses this directly.
func CheckBody(source string, body []byte) error {
	if err := checkInput(source, body); err != nil {
		return err
	}
	return checkBody(source, body, newLineIndex(body, 0, countLines(body)))
}

// checkBody applies the structural limits:
//
//   - container nesting deeper than MaxNesting. goldmark's cost grows with
//     depth times indentation times lines, and its AST walk recurses once
//     per level. Depth is estimated per line from the markers that open
//     containers (">" and list markers) plus the indentation before a list
//     marker, two columns per level.
//   - link destinations that never close. For every "](", goldmark scans
//     ahead for the destination's end (")", whitespace); "[a]([a]([a](..."
//     without spaces makes that quadratic. The total scan length is
//     bounded by maxDestScan.
func checkBody(source string, body []byte, lines *lineIndex) error {
	start := 0
	for start <= len(body) {
		end := bytes.IndexByte(body[start:], '\n')
		if end < 0 {
			end = len(body)
		} else {
			end += start
		}
		if depth := containerDepth(body[start:end]); depth > MaxNesting {
			return fmt.Errorf("%s:%d: markdown nested %d levels deep (blockquotes/lists); at most %d are read", source, lines.line(start), depth, MaxNesting)
		}
		start = end + 1
	}
	if off, ok := destScanOK(body); !ok {
		return fmt.Errorf("%s:%d: too many unclosed link destinations \"](\" in one run of text; refusing pathological markdown", source, lines.line(off))
	}
	return nil
}

// maxDestScan bounds the bytes goldmark would scan for unclosed link
// destinations. Real notes stay far below it (each "](" normally closes
// within a few dozen bytes).
const maxDestScan = 8 << 20

// destScanOK sums, over every "](", the distance to the next ")" or
// whitespace, in one backward pass. It reports the offset of the first
// "](" once the budget is exceeded.
func destScanOK(body []byte) (int, bool) {
	total := 0
	stop := len(body)
	for i := len(body) - 1; i >= 0; i-- {
		switch body[i] {
		case ')', ' ', '\t', '\n':
			stop = i
		case '(':
			if i > 0 && body[i-1] == ']' {
				total += stop - i
				if total > maxDestScan {
					return i, false
				}
			}
		}
	}
	return 0, true
}

// containerDepth estimates how deep the containers opened on line nest:
// one level per ">" or list marker ("-", "*", "+", "1." or "1)" followed
// by a space), and, before a list marker, one level per two columns of
// indentation (how nested lists are written).
func containerDepth(line []byte) int {
	depth := 0
	indent := 0
	i := 0
	for i < len(line) {
		switch c := line[i]; {
		case c == ' ':
			indent++
			i++
		case c == '\t':
			indent += 4
			i++
		case c == '>':
			depth++
			indent = 0
			i++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t'):
			depth += 1 + indent/2
			indent = 0
			i += 2
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j+1 < len(line) && (line[j] == '.' || line[j] == ')') && (line[j+1] == ' ' || line[j+1] == '\t') {
				depth += 1 + indent/2
				indent = 0
				i = j + 2
				continue
			}
			return depth
		default:
			return depth
		}
	}
	return depth
}
