package site

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Origin names the input a generated content file came from: Hugo reports
// problems in generated/content/runbooks/x.md, a file nobody wrote; the
// user must read notes/x.md:12 instead. It is given the generated file
// (relative to the generated root, slash-separated) and Hugo's line in it
// (0 when Hugo gave none), and returns "path" or "path:line", ok=false
// when the file is not one it knows.
type Origin func(rel string, line int) (string, bool)

// originMapper rewrites every mention of a generated file in Hugo's
// messages into its origin.
type originMapper struct {
	re     *regexp.Regexp
	root   string
	origin Origin
}

func newOriginMapper(generatedDir string, origin Origin) *originMapper {
	if origin == nil || generatedDir == "" {
		return nil
	}
	abs, err := filepath.Abs(generatedDir)
	if err != nil {
		return nil
	}
	// "/abs/generated/content/x.md", optionally ":line" or ":line:col".
	re := regexp.MustCompile(regexp.QuoteMeta(filepath.ToSlash(abs)) + `/([^\s"':]+)(?::(\d+))?(?::\d+)?`)
	return &originMapper{re: re, root: abs, origin: origin}
}

func (m *originMapper) rewrite(s string) string {
	if m == nil {
		return s
	}
	return m.re.ReplaceAllStringFunc(s, func(match string) string {
		sub := m.re.FindStringSubmatch(match)
		line, _ := strconv.Atoi(sub[2])
		if o, ok := m.origin(sub[1], line); ok {
			return o
		}
		return match
	})
}

// mappedError keeps the original error for errors.Is/As while its message
// names the inputs.
type mappedError struct {
	msg string
	err error
}

func (e *mappedError) Error() string { return e.msg }
func (e *mappedError) Unwrap() error { return e.err }

func (m *originMapper) mapError(err error) error {
	if m == nil || err == nil {
		return err
	}
	msg := m.rewrite(err.Error())
	if msg == err.Error() {
		return err
	}
	var me *mappedError
	if errors.As(err, &me) {
		return &mappedError{msg: msg, err: me.err}
	}
	return &mappedError{msg: msg, err: err}
}

// lineWriter passes whole lines to w, each rewritten: Hugo's log lines
// name generated files too.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	m   *originMapper
	buf []byte
	// quiet drops Hugo's own progress lines ("Source changed ...", "Asset
	// changed /llms-full-pages.txt" on every save), which name generated
	// files; gen serve reports each rebuild itself.
	quiet bool
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		line := string(l.buf[:i+1])
		if l.quiet && (strings.HasPrefix(line, "Source changed ") || strings.HasPrefix(line, "Asset changed ")) {
			l.buf = l.buf[i+1:]
			continue
		}
		if _, err := io.WriteString(l.w, l.m.rewrite(line)); err != nil {
			return len(p), err
		}
		l.buf = l.buf[i+1:]
	}
	return len(p), nil
}

// Flush writes what is left of an unfinished line.
func (l *lineWriter) Flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buf) > 0 {
		_, _ = io.WriteString(l.w, l.m.rewrite(string(l.buf)))
		l.buf = nil
	}
}
