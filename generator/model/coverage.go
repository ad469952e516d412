package model

// The coverage of the error index (generator/coverage finds it): how many
// of nvFuser's checks the handbook can say something about beyond the
// checkout's code, by area and by kind, and which checks real users hit
// that nobody has explained yet.

// Coverage is the error index's coverage, computed once in the model
// stage; /errors/coverage/ and api/coverage.json show it.
type Coverage struct {
	All    CoverageCount
	ByKind []CoverageCount // in the order of CheckKinds
	ByArea []CoverageCount // by area name
	// Unexplained are the internal asserts and throws real users hit (a
	// note quotes them, a test reaches them) with no explanation, the most
	// hit first.
	Unexplained []CoverageGap
	// Missing are the checks config.toml's require_explanations names that
	// have no explanation, or ids no check has: gen check --strict fails
	// on them.
	Missing []RequiredExplanation
}

// CoverageCount is what is known about a set of checks (an area, a kind,
// all): how many there are, and how many have each thing.
type CoverageCount struct {
	Key   string // the area or kind; "" for all
	Title string
	// Checks is the number of checks; the rest count those that have it.
	Checks    int
	Explained int // an explanation (explanations/<id>.md)
	Tested    int // a test that reaches it (not one that only shares its text)
	Noted     int // a note (runbook, guide) that quotes it
	Commented int // a comment of nvFuser's authors above the call or on its function
}

// CoverageGap is a check users hit with no explanation yet, and what says
// they hit it.
type CoverageGap struct {
	Check *Check
	Notes int // notes quoting it
	Tests int // tests reaching it
}

// RequiredExplanation is a check config.toml requires an explanation for
// that has none, or an id no check has (Check nil).
type RequiredExplanation struct {
	Rule  string   // the entry of require_explanations
	At    Location // config.toml and the entry's line
	ID    string   // the check's id
	Check *Check
}
