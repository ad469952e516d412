package safefile

import (
	"bytes"
	"unicode/utf8"
)

// ValidUTF8 returns data with each run of bytes that is not UTF-8 (a
// stray Latin-1 byte in a C++ message) replaced by U+FFFD, and the line
// of the first such run; data itself and 0 when it is valid. Text from
// the checkout reaches pages, front matter and JSON, which must be UTF-8;
// lines stay where they were, so every file:line found after still holds.
func ValidUTF8(data []byte) ([]byte, int) {
	if utf8.Valid(data) {
		return data, 0
	}
	line := 1
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		if data[i] == '\n' {
			line++
		}
		i += n
	}
	return bytes.ToValidUTF8(data, []byte("\uFFFD")), line
}
