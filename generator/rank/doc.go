// Package rank says which of nvFuser's checks a text points at, best
// first: a pasted error (generator/lookup, the emit stage, and its
// browser port static/js/lookup.js) or a note that quotes one
// (generator/assemble, which lists the notes on a check's page). It is
// the one home of the scoring both use (match.go), the lines checks had
// in past revisions (past.go) and the index that lets a text be scored
// only against the checks it names (index.go). generator/checks
// extracts the checks; this package ranks them.
package rank
