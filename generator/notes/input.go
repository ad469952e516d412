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
	MaxBytes = 8 << 20
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

// checkNesting refuses bodies whose container nesting exceeds MaxNesting.
// goldmark's cost grows with nesting depth times line count, and its AST
// walk recurses once per level. Only the markers that open containers at
// the start of a line are counted: ">" and list bullets or numbers.
func checkNesting(source string, body []byte, lines *lineIndex) error {
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
	return nil
}

// containerDepth counts container markers opening line: ">" and list
// markers ("-", "*", "+", "1." or "1)") each followed by a space.
func containerDepth(line []byte) int {
	depth := 0
	i := 0
	for i < len(line) {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == '>':
			depth++
			i++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t'):
			depth++
			i += 2
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j+1 < len(line) && (line[j] == '.' || line[j] == ')') && (line[j+1] == ' ' || line[j+1] == '\t') {
				depth++
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
