package rank

import (
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/checks"
	"github.com/nvfuser-handbook/handbook/generator/inputs"
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Matching a pasted error to the check that raised it. The same
// algorithm runs in the browser (static/js/lookup.js, matchChecks): keep
// them in step; generator/lookup's parity test runs both.
//
// Evidence, in integer points (hundredths of a lookup score, so both
// front ends add the same integers):
//
//   - a frame: "Exception raised from F at PATH:LINE" or "INTERNAL ASSERT
//     FAILED at PATH:LINE", any install prefix before csrc/ or python/.
//     gdb stopped in nvfCheckFail (func=, file=, line=) and the backtrace
//     frame right after nvfCheckFail/nvfErrorFail (a function, no file)
//     count as frames too. The file and a line inside the call:
//     FrameExact. The file and the function (an older build, whose lines
//     differ): FrameFunction plus the function's rarity. The function
//     alone (a renamed file) or the file alone: their rarity only, as a
//     file or a function name with many checks says little. A function
//     with few checks pins them: 5*FrameFunction/(its checks in the file),
//     or 3*FrameFunction/(its checks) for the function alone, counts as
//     specific.
//   - the message template: each literal piece found in the text, in
//     order (a placeholder matches anything, IR dumps over many lines
//     included), adds its weight (a long piece found only by its first
//     half, truncated or reworded after it, half its weight): its length (capped) times its rarity
//     across all checks, ln(1 + N/df). "Found {} vs {}. " or " . " weigh
//     next to nothing; "Vectorized accesses cannot be inline" a lot.
//   - the condition as nvFuser prints it, "Expected <cond>" (or, in 2024's
//     builds, "<cond> INTERNAL ASSERT FAILED"), spaces ignored, weighed the
//     same way: "false" and "tv != nullptr" are everywhere.
//
// A check is reported when its points reach Threshold and either a
// frame pins its line or its message, condition and a frame naming its
// file and function reach Specific.
const (
	FrameExact    = 4000
	FrameFunction = 1000
	Threshold     = 2000
	Specific      = 1500
	// MaxHits caps the checks one text reports.
	MaxHits = 5
)

// Entry is one check as the lookup index stores it (api/lookup.json's
// "checks"): short keys, since the browser downloads thousands.
type Entry struct {
	ID string `json:"id"`
	// Title is set when it is not the message (a check with no message
	// of its own is known by its condition).
	Title string `json:"t,omitempty"`
	Kind  string `json:"k"`
	File  string `json:"f"`
	// Lines is the first and last line of the call: a compiler reports
	// either.
	Lines [2]int `json:"l"`
	Fn    string `json:"fn,omitempty"`
	// Message is the template with runs of white space made one space;
	// its pieces are Message split at Placeholder.
	Message string `json:"m,omitempty"`
	// Weights are the pieces' weights, one per piece (0 for pieces too
	// short to count).
	Weights []int `json:"w,omitempty"`
	// Cond is the condition without white space, and CondWeight its weight.
	Cond       string `json:"c,omitempty"`
	CondWeight int    `json:"cw,omitempty"`
	// FnWeight and FileWeight are the rarity of the function's and the
	// file's name among all checks.
	FnWeight   int `json:"fw,omitempty"`
	FileWeight int `json:"filew"`
	// FnChecks is how many checks share the function's name, and
	// FnInFile how many of them are in this file: a frame naming a
	// function with one check pins it as well as a line would.
	FnChecks int `json:"fnn,omitempty"`
	FnInFile int `json:"fnf,omitempty"`
	// Anchors are the rarest words of the message and condition: a text
	// sharing none of them (and no frame) is not compared further.
	Anchors []string `json:"a,omitempty"`
	// Past are the lines the check had in past revisions (see past.go).
	Past string `json:"p,omitempty"`
	// Old are the wordings the check had before (the words of the ids it
	// was known by), or a removed check's last: a paste from a build that
	// printed them still finds it.
	Old []string `json:"o,omitempty"`
	// Since is the first nvFuser version whose revisions had the check at
	// today's line: an error from an older build naming that line meant
	// another check.
	Since string `json:"s,omitempty"`
}

// Hit is a check a text matched.
type Hit struct {
	Entry    *Entry
	Points   int
	Evidence []string
}

var (
	reSpace = regexp.MustCompile(`[\t\n\f\r\v ]+`)
	reWords = regexp.MustCompile(`[a-z0-9_]+`)
	// The two places nvFuser prints where a check is.
	reRaised   = regexp.MustCompile(`Exception raised from ([A-Za-z_~][A-Za-z0-9_~]*(?:\(\))?|operator[^ \t\n]*) at "?([^ \t\n":]+)"?:([0-9]+)`)
	reInternal = regexp.MustCompile(`INTERNAL ASSERT FAILED at \\?"?([^ \t\n"\\:]+)\\?"?:([0-9]+)`)
	// gdb stopped in nvfCheckFail: func=0x... "name", file=0x... "path", line=N
	reGDB = regexp.MustCompile(`func=0x[0-9a-f]+ "([A-Za-z_~][A-Za-z0-9_~]*)", file=0x[0-9a-f]+ "([^"]+)", line=([0-9]+)`)
	// A backtrace frame: "frame #2: nvfuser::SegmentedFusion::validateDisjoint() const + 0x1e1"
	reBacktrace = regexp.MustCompile(`frame #[0-9]+: (?:[A-Za-z_][A-Za-z0-9_]*::)*([A-Za-z_~][A-Za-z0-9_]*)\(`)
	// 2024's builds printed the condition before INTERNAL ASSERT FAILED.
	reCondFirst = regexp.MustCompile(`[^ \t\n:] INTERNAL ASSERT FAILED at`)
	// An assert printed with nothing between nvFuser's report line and
	// the frame: the check that fired has no message of its own.
	reNoMessage = regexp.MustCompile(`please report a bug with repro script to NVFuser at [^ ]+ Exception raised from`)
)

// Flatten is what matching compares (checks.Flatten: the extractor
// flattens tests' expected texts the same way).
func Flatten(s string) string { return checks.Flatten(s) }

// Entries turns checks into index entries, with every weight computed
// from how often its piece, condition, function and file occur.
func Entries(cs []*model.Check) []Entry {
	out := make([]Entry, len(cs))
	pieceDF, condDF, fnDF, fileDF, wordDF := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	pieces := make([][]string, len(cs))
	for i, c := range cs {
		e := &out[i]
		e.ID, e.Kind, e.File, e.Lines, e.Fn = c.ID, c.Kind, c.Where.File, [2]int{c.Where.Line, max(c.EndLine, c.Where.Line)}, c.Function
		e.Message = Flatten(c.Message())
		e.Cond = reSpace.ReplaceAllString(c.Condition, "")
		pieces[i] = strings.Split(e.Message, model.Placeholder)
		seen := map[string]bool{}
		for _, p := range pieces[i] {
			if p = trim(p); !seen[p] {
				seen[p] = true
				pieceDF[p]++
			}
		}
		condDF[e.Cond]++
		fnDF[e.Fn]++
		fileDF[e.File]++
		for w := range wordSet(e.Message + " " + c.Condition) {
			wordDF[w]++
		}
	}
	n := float64(len(cs))
	rarity := func(df int) float64 { return math.Log(1 + n/float64(max(df, 1))) }
	fnFileDF := map[[2]string]int{}
	for i := range out {
		fnFileDF[[2]string{out[i].Fn, out[i].File}]++
	}
	for i := range out {
		e := &out[i]
		if e.Fn != "" {
			e.FnChecks, e.FnInFile = fnDF[e.Fn], fnFileDF[[2]string{e.Fn, e.File}]
		}
		e.Weights = make([]int, len(pieces[i]))
		for j, p := range pieces[i] {
			if t := trim(p); len(t) >= 3 {
				e.Weights[j] = lengthWeight(len(t), rarity(pieceDF[t]))
			}
		}
		if len(e.Cond) >= 3 {
			e.CondWeight = lengthWeight(len(e.Cond), rarity(condDF[e.Cond]))
		}
		if e.Fn != "" {
			e.FnWeight = int(math.Round(300 * rarity(fnDF[e.Fn])))
		}
		e.FileWeight = int(math.Round(100 * rarity(fileDF[e.File])))
		// Anchors come from the message; from the condition only when the
		// message has no words (a text quoting the message need not quote
		// the condition).
		e.Anchors = anchors(e.Message, wordDF)
		if len(e.Anchors) == 0 {
			e.Anchors = anchors(cs[i].Condition, wordDF)
		}
	}
	return out
}

// lengthWeight: 100 points per 8 characters (at most 80) per unit of rarity.
func lengthWeight(n int, rarity float64) int {
	return int(math.Round(100 * float64(min(n, 80)) / 8 * rarity))
}

// anchors are the three rarest words (4 letters or more) of s, rarest first.
func anchors(s string, df map[string]int) []string {
	var ws []string
	for w := range wordSet(s) {
		if len(w) >= 4 {
			ws = append(ws, w)
		}
	}
	sort.Slice(ws, func(i, j int) bool {
		if df[ws[i]] != df[ws[j]] {
			return df[ws[i]] < df[ws[j]]
		}
		return ws[i] < ws[j]
	})
	if len(ws) > 3 {
		ws = ws[:3]
	}
	return ws
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range reWords.FindAllString(strings.ToLower(s), -1) {
		m[w] = true
	}
	return m
}

// frame is one place the text says an error was raised.
type frame struct {
	fn, file string
	line     int
}

// frames finds the frames in the text, paths made relative to the
// checkout (the part from the last "csrc/" or "python/" on).
func frames(text string) []frame {
	var out []frame
	for _, m := range reRaised.FindAllStringSubmatch(text, -1) {
		out = append(out, frame{fn: strings.TrimSuffix(m[1], "()"), file: relPath(m[2]), line: atoi(m[3])})
		if strings.HasPrefix(m[1], "operator") {
			out[len(out)-1].fn = m[1]
		}
	}
	for _, m := range reInternal.FindAllStringSubmatch(text, -1) {
		out = append(out, frame{file: relPath(m[1]), line: atoi(m[2])})
	}
	for _, m := range reGDB.FindAllStringSubmatch(text, -1) {
		out = append(out, frame{fn: m[1], file: relPath(m[2]), line: atoi(m[3])})
	}
	// An "INTERNAL ASSERT FAILED at F:L" and an "Exception raised from fn
	// at F:L" are one place: the first learns the function.
	for i := range out {
		for _, g := range out {
			if out[i].fn == "" && g.fn != "" && g.file == out[i].file && g.line == out[i].line {
				out[i].fn = g.fn
				break
			}
		}
	}
	// The same place twice is one frame.
	uniq := out[:0]
	for i, f := range out {
		dup := false
		for _, g := range out[:i] {
			if g == f {
				dup = true
				break
			}
		}
		if !dup {
			uniq = append(uniq, f)
		}
	}
	out = uniq
	// In a backtrace, the frame after nvfCheckFail/nvfErrorFail is the
	// function that raised: its name, no file.
	raising := false
	for _, m := range reBacktrace.FindAllStringSubmatch(text, -1) {
		switch {
		case m[1] == "nvfCheckFail" || m[1] == "nvfErrorFail":
			raising = true
		case raising:
			out = append(out, frame{fn: m[1]})
			raising = false
		}
	}
	return out
}

func relPath(p string) string {
	for _, dir := range inputs.Paths(inputs.Code) {
		dir += "/"
		if i := strings.LastIndex(p, "/"+dir); i >= 0 {
			return p[i+1:]
		}
		if strings.HasPrefix(p, dir) {
			return p
		}
	}
	return p
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s) && i < 9; i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// sameFile: the frame's path is the check's file, or (a bare name) its
// base name.
func sameFile(frameFile, file string) bool {
	if frameFile == file {
		return true
	}
	return !strings.Contains(frameFile, "/") && strings.HasSuffix(file, "/"+frameFile)
}

// Match scores every entry against the text and returns the hits,
// best first (then by id), at most MaxHits.
func Match(entries []Entry, text string) []Hit { return MatchAt(entries, text, "") }

// SpellingPoints is what the spelling of an error code is worth: the
// driver API names its codes CUDA_ERROR_…, the runtime API cudaError…,
// and the two safe-call macros raise the same words otherwise.
const SpellingPoints = 800

// MatchAt is Match for an error from nvFuser version v ("" unknown): a
// FILE:LINE is resolved against the lines the checks had in that
// version's revisions, where the history knows them.
func MatchAt(entries []Entry, text, v string) []Hit {
	t := newPaste(text, v)
	if len(t.fs) > 0 {
		t.known = map[string]bool{}
		for i := range entries {
			t.known[entries[i].File] = true
		}
	}
	var hits []Hit
	for i := range entries {
		if h, ok := t.score(&entries[i]); ok {
			hits = append(hits, h)
		}
	}
	return best(hits)
}

// paste is a text prepared for scoring: what every entry is compared
// with, computed once per text.
type paste struct {
	v, flat, bare string
	words         map[string]bool
	fs            []frame
	// condFirst: the text prints a condition before INTERNAL ASSERT
	// FAILED, naming its check's condition: a past line does not count
	// for a check with another (a throw has none: NVF_ERROR(false, ...)
	// became NVF_THROW).
	condFirst, noMessage bool
	// expected and asserted are where bare holds expectedWord and
	// assertWords.
	expected, asserted []int
	// known are the files holding checks: a frame's function alone
	// counts when its file has none (renamed or gone since): in a file
	// that has checks, another function's checks of the same name are
	// not it.
	known map[string]bool
	// lowerWords is the text's words, lower case, space-separated: made
	// when an older wording is first looked for.
	lowerWords string
}

func newPaste(text, v string) *paste {
	flat := Flatten(text)
	bare := strings.ReplaceAll(flat, " ", "")
	return &paste{v: v, flat: flat, bare: bare, words: wordSet(flat), fs: frames(text),
		condFirst: reCondFirst.MatchString(flat), noMessage: reNoMessage.MatchString(flat),
		expected: indexAll(bare, expectedWord), asserted: indexAll(bare, assertWords)}
}

// How nvFuser prints a condition, spaces dropped: "Expected <cond>", or
// in 2024's builds "<cond> INTERNAL ASSERT FAILED".
const (
	expectedWord = "Expected"
	assertWords  = "INTERNALASSERTFAILED"
)

// indexAll is every index s holds sub at.
func indexAll(s, sub string) []int {
	var at []int
	for i := 0; ; i++ {
		k := strings.Index(s[i:], sub)
		if k < 0 {
			return at
		}
		i += k
		at = append(at, i)
	}
}

// condPrinted: the paste prints cond as "Expected <cond>" or "<cond>
// INTERNAL ASSERT FAILED" (strings.Contains(bare, "Expected"+cond) or
// strings.Contains(bare, cond+"INTERNALASSERTFAILED"), looked for only at
// the places those words are: a long note is searched once, not once per
// check).
func (t *paste) condPrinted(cond string) bool {
	for _, i := range t.expected {
		if strings.HasPrefix(t.bare[i+len(expectedWord):], cond) {
			return true
		}
	}
	return t.condBefore(cond)
}

// condBefore: the paste prints "<cond> INTERNAL ASSERT FAILED".
func (t *paste) condBefore(cond string) bool {
	for _, i := range t.asserted {
		if strings.HasSuffix(t.bare[:i], cond) {
			return true
		}
	}
	return false
}

// best sorts hits best first (then by id) and keeps MaxHits.
func best(hits []Hit) []Hit {
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Points != hits[j].Points {
			return hits[i].Points > hits[j].Points
		}
		// A tie: nothing in the text told them apart. A check in no
		// function (a safe-call macro's body) is what every use of the
		// macro raises: it comes before the uses.
		if a, b := hits[i].Entry.Fn == "", hits[j].Entry.Fn == ""; a != b {
			return a
		}
		return hits[i].Entry.ID < hits[j].Entry.ID
	})
	// Checks tied with the last one kept stay, up to MaxTied: one text
	// raised at several sites, which the paste does not tell apart, is
	// listed whole (see Tied).
	n := min(len(hits), MaxHits)
	for n > 0 && n < len(hits) && n < MaxTied && hits[n].Points == hits[n-1].Points {
		n++
	}
	return hits[:n]
}

// MaxTied caps the hits kept when the last ones tie.
const MaxTied = 12

// Tied are the hits that print the same text as h, with h's points: its
// message (or, with no message of its own, its condition) raised at
// several sites, which nothing in the paste (frame, file, line,
// function, spelling, values) told apart. nil when h has no such twin;
// else h's own entry among them, in the hits' order.
func Tied(hits []Hit, h Hit) []*Entry {
	key := textKey(h.Entry)
	if key == "" {
		return nil
	}
	var out []*Entry
	for _, o := range hits {
		if o.Points == h.Points && textKey(o.Entry) == key {
			out = append(out, o.Entry)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// textKey is the text an entry's error prints: its message when it has
// words of its own, else its condition ("" when neither).
func textKey(e *Entry) string {
	switch {
	case hasOwnText(e.Message):
		return "m:" + e.Message
	case e.Cond != "":
		return "c:" + e.Cond
	}
	return ""
}

// score is one entry's evidence in the text: its hit, and whether it is
// reported.
func (t *paste) score(e *Entry) (Hit, bool) {
	v, flat, words, fs, condFirst, noMessage, known := t.v, t.flat, t.words, t.fs, t.condFirst, t.noMessage, t.known
	points, specific := 0, 0
	var evidence []string
	// An older wording, word for word.
	oldWords := 0
	for _, w := range e.Old {
		// Its first word must be in the text before the text is searched.
		if first, _, _ := strings.Cut(w, " "); !words[first] {
			continue
		}
		if t.lowerWords == "" {
			t.lowerWords = " " + strings.Join(reWords.FindAllString(strings.ToLower(flat), -1), " ") + " "
		}
		if n := strings.Count(w, " ") + 1; n >= MinOldWords && strings.Contains(t.lowerWords, " "+w+" ") && n > oldWords {
			oldWords = n
		}
	}
	for _, f := range fs {
		same := sameFile(f.file, e.File)
		fnAgrees := f.fn == "" || e.Fn == "" || f.fn == e.Fn
		exact := same && f.line >= e.Lines[0] && f.line <= e.Lines[1] && fnAgrees
		// Built before the check came to today's line: the line
		// held another check (or none) in that build.
		if exact && v != "" && e.Since != "" && model.CompareVersions(v, e.Since) < 0 {
			exact = false
		}
		// Past lines are looked up only where they can count.
		var past, atBuild, excluded bool
		if !exact && fnAgrees {
			past, atBuild, excluded = pastAt(e, f.file, f.line, v)
		}
		switch {
		// A line of the call pins the check, unless the frame names
		// another function: an older build whose lines differ.
		case exact:
			points += FrameExact
			specific += FrameExact
			evidence = append(evidence, "frame:"+f.file+":"+itoa(f.line))
		// A line the check had in an older build.
		case fnAgrees && past && !excluded &&
			(!condFirst || e.Cond == "" || t.condBefore(e.Cond)) &&
			!(noMessage && hasOwnText(e.Message)):
			if atBuild {
				// The paste's own build had it there: as sure as
				// today's line.
				points += FrameExact
				specific += FrameExact
				evidence = append(evidence, "build:"+f.file+":"+itoa(f.line)+"@"+v)
			} else {
				points += FramePast
				specific += FramePast
				evidence = append(evidence, "past:"+f.file+":"+itoa(f.line))
			}
			if f.fn != "" && f.fn == e.Fn {
				// The frame's function agrees too: more than the
				// function alone gives its siblings.
				points += FrameFunction + e.FnWeight
			}
		case same && f.fn != "" && f.fn == e.Fn:
			points += FrameFunction + e.FnWeight
			specific += 5 * FrameFunction / max(e.FnInFile, 1)
			evidence = append(evidence, "function:"+e.Fn+" in "+f.file)
		case f.fn != "" && f.fn == e.Fn && !knownFile(known, f.file):
			points += e.FnWeight + FrameFunction/max(e.FnChecks, 1)
			specific += 3 * FrameFunction / max(e.FnChecks, 1)
			evidence = append(evidence, "function:"+e.Fn)
		case same:
			points += e.FileWeight
			evidence = append(evidence, "file:"+f.file)
		}
	}
	if points == 0 && oldWords == 0 && !anyIn(e.Anchors, words) {
		return Hit{}, false
	}
	pos, found, counted, got := 0, 0, 0, 0
	for j, p := range strings.Split(e.Message, "{}") {
		p = trim(p)
		if j >= len(e.Weights) || e.Weights[j] == 0 {
			continue
		}
		counted++
		if k := strings.Index(flat[pos:], p); k >= 0 {
			pos += k + len(p)
			got += e.Weights[j]
			found++
		} else if len(p) >= halfMin && isASCII(p) {
			// Truncated, or reworded after its first half: the first
			// half counts half.
			h := p[:len(p)/2]
			if k := strings.Index(flat[pos:], h); k >= 0 {
				pos += k + len(h)
				got += e.Weights[j] / 2
				found++
			}
		}
	}
	if got > 0 {
		points += got
		specific += got
		evidence = append(evidence, "message:"+itoa(found)+" of "+itoa(counted)+" pieces")
	} else if oldWords > 0 {
		points += OldWordPoints * oldWords
		specific += OldWordPoints * oldWords
		evidence = append(evidence, "wording:"+itoa(oldWords)+" words")
	}
	// "Expected <cond> ." now; "<cond> INTERNAL ASSERT FAILED" in 2024.
	if e.CondWeight > 0 && t.condPrinted(e.Cond) {
		points += e.CondWeight
		specific += e.CondWeight
		evidence = append(evidence, "condition")
	}
	// Twins told apart by how the error code is spelled.
	if points > 0 {
		for _, sp := range spellings {
			if strings.Contains(e.Cond, sp.cond) && strings.Contains(flat, sp.code) {
				points += SpellingPoints
				specific += SpellingPoints
				evidence = append(evidence, "spelling:"+sp.code)
			}
		}
	}
	if points >= Threshold && specific >= Specific {
		return Hit{Entry: e, Points: points, Evidence: evidence}, true
	}
	return Hit{}, false
}

// An older wording counts from MinOldWords words, OldWordPoints each.
const (
	MinOldWords   = 3
	OldWordPoints = 250
)

// spellings pair the success constant a safe-call macro compares with
// the spelling its API gives error codes.
var spellings = []struct{ cond, code string }{
	{"CUDA_SUCCESS", "CUDA_ERROR_"},
	{"cudaSuccess", "cudaError"},
	{"NVRTC_SUCCESS", "NVRTC_ERROR"},
}

// hasOwnText: a message template with words of the caller's, beyond the
// comparison forms' "Found {} vs {}. ".
func hasOwnText(m string) bool {
	m = strings.TrimPrefix(m, comparisonPrefix)
	for i := 0; i < len(m); i++ {
		if c := m[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// comparisonPrefix is how the comparison forms' template starts (flattened).
const comparisonPrefix = "Found {} vs {}. "

func anyIn(ws []string, set map[string]bool) bool {
	for _, w := range ws {
		if set[w] {
			return true
		}
	}
	return false
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// halfMin is the length from which a piece's first half counts alone.
const halfMin = 32

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// trim removes ASCII white space and the punctuation that joins a piece
// to a value (", ", ": "), as the browser port does: an older wording
// that punctuated differently still matches.
func trim(s string) string { return strings.Trim(s, " \t\n\f\r\v,.:;") }

// knownFile says whether a frame's file (a path or a bare name) holds
// checks.
func knownFile(known map[string]bool, file string) bool {
	if file == "" {
		return false
	}
	if known[file] {
		return true
	}
	if !strings.Contains(file, "/") {
		for k := range known {
			if strings.HasSuffix(k, "/"+file) {
				return true
			}
		}
	}
	return false
}
