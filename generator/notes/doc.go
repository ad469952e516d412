// Package notes reads one investigation note (markdown, optionally with TOML
// or YAML front matter) into a model.Note: its title, kind, status, symptom
// and the facts it mentions (commands, environment settings, option uses,
// source references, symbols, tests, commits, issues, tools, dates, error
// signatures and checklists).
//
// Structure comes from goldmark's AST (GFM: tables, task lists,
// strikethrough, autolinks); regular expressions are only applied to the
// text of single AST nodes, single lines of code blocks and inline code, to
// recognise facts. The walk produces "units" (one prose line, one inline
// code span, one code-block line, one link destination) and every extractor
// reads units, so each extractor can decide how much to trust each context:
// a "segfault" in prose is a symptom, while a whole line of a pasted log is
// kept verbatim as a signature.
//
// Kinds and statuses are scored; the rules and weights live in classify.go
// and are part of the documented behaviour of the handbook.
//
// Parse never panics. Input it will not read (binary files, files over
// MaxBytes, container nesting deeper than MaxNesting) is refused with an
// error of the form "path:line: reason".
package notes
