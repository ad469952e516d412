package model

// The check-quality report: what nvFuser's checks could say better, for
// the people who write them (generator/quality finds it). Each finding is
// about one check, or for a duplicated message about every check raising
// it, with a suggested fix.

// Finding kinds. They are part of the JSON API (api/check-quality.json);
// do not rename.
const (
	QualityNeverFires    = "condition-cannot-fail"     // a string literal, true or a non-zero constant as the condition
	QualityFalseNotThrow = "error-false-not-throw"     // NVF_ERROR(false, ...) where NVF_THROW says it
	QualityNoMessage     = "no-message"                // the check says nothing of its own
	QualityNoValues      = "comparison-without-values" // a == b whose message does not print a and b
	QualityDuplicate     = "same-message-elsewhere"    // one message raised from several functions
	QualityGoneName      = "names-removed-option"      // the message names an option or variable nvFuser no longer has
)

// QualityKind describes a kind of finding for readers.
type QualityKind struct {
	Kind  string
	Title string
	What  string // what it means and why it matters to someone reading the error
}

// QualityKinds lists every kind in the order the report shows them: the one
// place a kind is described.
var QualityKinds = []QualityKind{
	{QualityNeverFires, "Conditions that cannot fail", "The condition is a string literal, true or a non-zero constant: the check never fires, and whatever it guards goes unchecked. Usually NVF_THROW(message) was meant."},
	{QualityGoneName, "Messages naming options that no longer exist", "The message tells the reader to set an option or variable nvFuser no longer reads: following the advice does nothing."},
	{QualityDuplicate, "The same message from several functions", "Several checks in different functions print the same text: a pasted error without its backtrace cannot tell which fired."},
	{QualityNoValues, "Comparisons that do not print the values", "The condition compares two values and the message prints neither or only one: the _EQ/_NE/_LT/… form prints both for free."},
	{QualityNoMessage, "Checks without a message", "The check prints only its condition: the reader learns what failed, not why or with which values."},
	{QualityFalseNotThrow, "NVF_ERROR(false, …) where NVF_THROW says it", "NVF_ERROR(false, …) prints \"Expected false\" before the message; NVF_THROW(…) raises the same error without it."},
}

// CheckFinding is one finding of the check-quality report.
type CheckFinding struct {
	Kind  string
	Check *Check // the check (for a duplicated message, the first by place)
	// Others are the other checks raising the same message (QualityDuplicate).
	Others []*Check
	// Subject is what the finding is about, short: the condition, the
	// message, NVFUSER_DUMP=old_option.
	Subject string
	Detail  string // what is wrong, in a sentence
	Fix     string // the suggested fix, often the corrected call
	// Rank orders the report by what costs users most (generator/quality):
	// lower first.
	Rank int
}

// Where is the finding's place: its check's.
func (f CheckFinding) Where() Location { return f.Check.Where }
