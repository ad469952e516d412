package notes

import (
	"regexp"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Kind classification.
//
// Three scores are computed from the note's structure and extracted facts.
// Each feature adds its weight once per occurrence, up to its cap, so one
// very long note cannot win on volume alone:
//
//	runbook  +3 per heading naming a runbook section (Problem, Triage, Reproduction,
//	            Root cause, Workaround, Crash, Stack trace, Investigation,
//	            Observation, Analysis, Next steps, Describe the bug,
//	            Expected behavior, ...; a paragraph of a few words, like
//	            a bold "To Reproduce" or "Root cause:", counts as a
//	            heading)                                        cap 12
//	         +1 per prose line using failure vocabulary (segfault, crash,
//	            assert, fails, use-after-free, wrong results, ...) cap 8
//	         +1 per error signature                            cap 6
//	         +3 once for a runnable repro: a pytest/gtest/python command
//	            without <placeholders>, or "to reproduce" in prose
//	         +3 once when the title uses failure vocabulary
//	         +3 once when the note is written as a record of what happened:
//	            timestamped log lines, chat or e-mail turns, an issue
//	            template, a table of runs (see recordStyle)
//	         +3 once when it states an outcome anywhere: a status line,
//	            "WORKAROUND: ...", "fix landed in #12", "no fix yet"
//	         +1 per signature that is more than a signal or a stack
//	            frame (an assertion, a sanitizer report, a compiler,
//	            CUDA, NCCL or out-of-memory error)               cap 3
//	         (a named test counts as a runnable repro)
//	guide    +2 per how-to heading (Debug..., How to..., Using..., Build...,
//	            Install..., Profiling..., Reading..., When..., Tips,
//	            Workflow, Usage)                                 cap 12
//	         +1 per paragraph or list item opening with an imperative
//	            verb (Use, Run, Set, Install, ...)              cap 6
//	         +1 per command with a <placeholder>               cap 4
//	         +1 per shell block written with "$ " prompts      cap 4
//	         +3 once when the title reads like a guide (Debugging, Guide,
//	            How to, Tips, Instructions, or a how-to heading)
//	chrome   +3 per distinct web-page chrome line (Skip to content, Sign in,
//	            Conversation, Files changed, wants to merge, Labels,
//	            Successfully merging this pull request, ...)
//
//	document the shapes of a written-down explanation (design doc, FAQ,
//	            tutorial, reference table, theorems: see shape.go), added
//	            to the guide score
//
// A runbook records one failure, so it needs evidence of one: an error
// signature, a reproducer (a runnable command, a named test, "to
// reproduce"), a record of events (see recordStyle), a stated outcome or
// a title naming a failure. Failure words and "Problem" headings alone are
// what design docs and FAQs are made of too.
//
// The kind is notes when chrome >= 6 (a scraped page: whatever it quotes,
// it is not itself a runbook); otherwise runbook when there is evidence
// of a failure, runbook >= 6 and runbook exceeds guide + document;
// otherwise guide when guide + document >= 6; otherwise notes. Front
// matter "kind" (or the handbook's config, see Preset) overrides all of
// this.
const (
	minKindScore = 6
	minChrome    = 6
)

var (
	runbookHeadingRE = regexp.MustCompile(`(?i)\b(?:problem|triage|symptoms?|repro(?:duction|duce|ducer|ducing)?|root[ -]cause|workarounds?|crash(?:es)?|segfaults?|back ?trace|stack ?trace|call stack|investigation|observations?|analysis|failures?|bug|resolution|findings|hypothes[ie]s|timeline|next steps|what happened|errors?|describe the bug|expected behaviou?r|actual behaviou?r|postmortem|detection|output)\b`)
	failureWordRE    = regexp.MustCompile(`(?i)\b(?:segfault\w*|segmentation fault|bus error|core dumped|abort(?:s|ed)?|crash\w*|SIG(?:SEGV|BUS|ABRT|FPE|ILL)|assert\w*|fail(?:s|ed|ing|ure|ures)?|use-after-free|heap corruption|memory corruption|corrupt\w*|race condition|deadlock\w*|hang(?:s|ing)?|regression|exception|error|wrong (?:results?|values?|outputs?)|incorrect|mismatch\w*|nan(?:s)?)\b`)
	reproProseRE     = regexp.MustCompile(`(?i)\b(?:to reproduce|repro(?:duce)?s?\b|reproducer|steps to reproduce)`)
	// pseudoHeadingRE is a paragraph standing in for a heading: a short
	// capitalised line without sentence punctuation, such as "**To
	// Reproduce**" (the paragraph text has lost its emphasis) or "Root
	// cause:".
	pseudoHeadingRE = regexp.MustCompile(`^[A-Z][\w ]{2,30}:?$`)
	guideHeadingRE  = regexp.MustCompile(`(?i)^(?:how[ -]to\b|debug(?:ging)?\b|using\b|use\b|build(?:ing)?\b|install(?:ing|ation)?\b|run(?:ning)?\b|profil\w*|set ?up\b|setting up\b|tips\b|workflows?\b|guide\b|usage\b|examples?\b|getting started|configur\w*|tutorial|compil\w*|inspect\w*|prerequisites|requirements|faq\b|quick ?start|reading\b|understanding\b|timing\b|measuring\b|finding\b|tracing\b|bisect\w*|when\b|recipes?\b)`)
	guideTitleRE    = regexp.MustCompile(`(?i)\b(?:guide|how[ -]?to|debugging|tutorial|handbook|tips|cheat ?sheet|workflows?|instructions|playbook)\b`)
	placeholderRE   = regexp.MustCompile(`<[A-Za-z][^<>]*>`)
	imperativeRE    = regexp.MustCompile(`(?i)^(?:\d+\.\s*)?(?:use|run|set|add|build|install|launch|find|open|try|check|compile|rebuild|enable|disable|export|pass|call|see|make|avoid|start|create|copy|paste|modify|remove|replace|inspect|profile|attach|print|dump|look|prepend|append|configure|clone|download|update|edit|apply|verify|don't|do not|never|always|prefer|launch|install|go|type|invoke|pick|choose|keep|write|read)\b`)
)

// chromePhrases are lines that only appear in the navigation and footer of
// a web page (GitHub in particular), never in a note someone wrote.
var chromePhrases = []string{
	"skip to content", "sign in", "sign up", "navigation menu", "conversation",
	"commits", "checks", "files changed", "labels", "projects", "milestone",
	"development", "reviewers", "assignees", "notifications", "copy link",
	"none yet", "quote reply", "footer", "terms", "privacy", "security", "status",
	"docs", "contact", "manage cookies", "do not share my personal information",
}

var chromeContainsRE = regexp.MustCompile(`(?i)wants to merge \d+ commits? into|successfully merging this pull request|sign up for free to join this conversation|already have an account\? sign in|this pull request is closed|merged commit [0-9a-f]{7}|© \d{4} github|\d+ participants?$|you signed (?:in|out) (?:with|in) another tab|reload to refresh your session`)

// failureHints are substrings one of which every failureWordRE match
// contains; testing them first keeps the long pattern off most lines.
var failureHints = []string{"segf", "segm", "bus error", "core dumped", "abort", "crash", "sig", "assert",
	"fail", "use-after-free", "corrupt", "race condition", "deadlock", "hang", "regression", "exception",
	"error", "wrong", "incorrect", "mismatch", "nan"}

type kindScores struct {
	runbook, guide, document, chrome int
	// incident: the note has evidence of one failure that happened.
	incident bool
}

func scoreKind(d *doc, n *model.Note) kindScores {
	var s kindScores
	capped := func(count, weight, limit int) int { return min(count*weight, limit) }

	var rbHeadings, gHeadings int
	for _, h := range d.headings {
		if runbookHeadingRE.MatchString(h.text) {
			rbHeadings++
		}
		if guideHeadingRE.MatchString(h.text) {
			gHeadings++
		}
	}
	for _, p := range d.paras {
		if pseudoHeadingRE.MatchString(p.text) && runbookHeadingRE.MatchString(p.text) {
			rbHeadings++
		}
	}
	var failLines, chromeLines int
	repro := false
	chromeSeen := map[string]bool{}
	for _, u := range d.units {
		if u.kind != unitProse {
			continue
		}
		if containsAny(u.lower, failureHints) && failureWordRE.MatchString(u.text) {
			failLines++
		}
		if reproProseRE.MatchString(u.text) {
			repro = true
		}
		if u.heading {
			continue // "## Status" is a section, not a page footer
		}
		t := strings.TrimSpace(u.lower)
		key := ""
		if isChromePhrase(t) {
			key = t
		} else if m := chromeContainsRE.FindString(t); m != "" {
			key = m
		}
		if key != "" && !chromeSeen[key] {
			chromeSeen[key] = true
			chromeLines++
		}
	}
	var imperatives int
	for _, p := range d.paras {
		if imperativeRE.MatchString(strings.TrimLeft(p.text, "*_`> ")) {
			imperatives++
		}
	}
	var placeholders int
	for _, c := range n.Commands {
		if placeholderRE.MatchString(c.Text) {
			placeholders++
		} else if c.Kind != "shell" {
			repro = true
		}
	}
	var promptBlocks int
	for _, b := range d.blocks {
		for _, ui := range b.units {
			if _, ok := stripPrompt(d.units[ui].text); ok {
				promptBlocks++
				break
			}
		}
	}

	quoted := 0
	for _, sig := range n.Signatures {
		if sig.Kind != sigSignal && sig.Kind != sigFrame {
			quoted++
		}
	}
	if len(n.Tests) > 0 {
		repro = true // a named failing test is a reproducer
	}
	s.runbook = capped(rbHeadings, 3, 12) + capped(failLines, 1, 8) + capped(len(n.Signatures), 1, 6) + capped(quoted, 1, 3)
	if repro {
		s.runbook += 3
	}
	record := recordStyle(d)
	if record {
		s.runbook += 3
	}
	outcome := statedOutcome(d) != "" || explicitStatus(d) != ""
	if outcome {
		s.runbook += 3
	}
	failTitle := failureWordRE.MatchString(n.Title) || runbookHeadingRE.MatchString(n.Title)
	if failTitle {
		s.runbook += 3
	}
	s.incident = len(n.Signatures) > 0 || repro || record || outcome || failTitle
	s.document = docScore(d, n.Title)
	s.guide = capped(gHeadings, 2, 12) + capped(imperatives, 1, 6) + capped(placeholders, 1, 4) + capped(promptBlocks, 1, 4)
	if guideTitleRE.MatchString(n.Title) || guideHeadingRE.MatchString(n.Title) {
		s.guide += 3
	}
	s.chrome = chromeLines * 3
	return s
}

func isChromePhrase(t string) bool {
	for _, p := range chromePhrases {
		if t == p {
			return true
		}
	}
	return false
}

func (s kindScores) kind() string {
	switch {
	case s.chrome >= minChrome:
		return model.KindNotes
	case s.incident && s.runbook >= minKindScore && s.runbook > s.guide+s.document:
		return model.KindRunbook
	case s.guide+s.document >= minKindScore:
		return model.KindGuide
	}
	return model.KindNotes
}

// Status of a runbook, from what the note says anywhere, not only under
// its headings:
//
//	explicit    a "Status: resolved|fixed|closed|done|merged", "Status:
//	            workaround|mitigated" or "Status: open|investigating|in
//	            progress|unresolved" line decides, whatever else the text says.
//	resolved    a non-empty section headed Resolution / Resolved / Fix /
//	            Fixed / Solution, or prose saying "fixed in #123",
//	            "resolved by <commit>", "fix landed in #12", "merged as
//	            #12", or a PR's "Fixes #12" line.
//	workaround  a non-empty section whose heading mentions a workaround,
//	            or prose using the word ("WORKAROUND: ...", "as a
//	            workaround"), unless negated ("no workaround", "have not
//	            found a workaround").
//	open        anything else, including a report section left empty and
//	            "no fix yet" / "still open".
//
// Negated resolutions ("not fixed by #12") do not count. Front matter
// "status" overrides all of this.
var (
	resolvedHeadingRE = regexp.MustCompile(`(?i)^(?:the |final )?(?:resolution|resolved|fix|fixed|solution|the fix|fix applied)\W*$`)
	resolvedProseRE   = mustPrefiltered(`(?i)\b(?:fixed|resolved|addressed|closed)\s+(?:in|by|with|via)\s+(?:#\d+|PR\b|pull request|commit\b|[0-9a-f]{7,40}\b|https?://github\.com/nvidia/fuser/)|\bfix(?:es)?\s+(?:landed|merged|went in)\s+(?:in|as|via|with|on)\b|\bmerged\s+as\s+(?:#\d+|[0-9a-f]{7,40}\b)|^\W*(?:fixes|closes|resolves)\s+#\d+`, "fix", "olv", "addre", "clo", "merged")
	statusLineRE      = mustPrefiltered(`(?i)^\W*status\W*:?\s*\W*(resolved|fixed|closed|done|merged|workaround|worked around|mitigated|open|investigating|in progress|unresolved|wip)\b`, "tatu")
	negatedFixRE      = regexp.MustCompile(`(?i)\b(?:not|n't|never|yet to be)\s+(?:\w+\s+)?(?:fixed|resolved|addressed|closed)\b`)
	workaroundRE      = mustPrefiltered(`(?i)\bwork[- ]?arounds?\b`, "around")
	noWorkaroundRE    = mustPrefiltered(`(?i)\b(?:no|without|not|any|lacks?)\s+(?:a\s+|known\s+|good\s+|viable\s+|simple\s+)*work[- ]?arounds?\b|\b(?:not|n't|never)\s+(?:\w+\s+){0,2}(?:a|any)\s+work[- ]?arounds?\b`, "around")
	stillOpenRE       = mustPrefiltered(`(?i)\bno fix yet\b|\bstill open\b|\bnot (?:yet )?fixed\b|\bunresolved\b|\bno known fix\b`, "fix", "open", "olved")
)

// statusWords maps what a status line says to a status.
var statusWords = map[string]string{
	"resolved": model.StatusResolved, "fixed": model.StatusResolved, "closed": model.StatusResolved,
	"done": model.StatusResolved, "merged": model.StatusResolved,
	"workaround": model.StatusWorkaround, "worked around": model.StatusWorkaround, "mitigated": model.StatusWorkaround,
	"open": model.StatusOpen, "investigating": model.StatusOpen, "in progress": model.StatusOpen,
	"unresolved": model.StatusOpen, "wip": model.StatusOpen,
}

// explicitStatus is the status a "Status: ..." line states, or "".
func explicitStatus(d *doc) string {
	for _, u := range d.units {
		if u.kind != unitProse || u.heading {
			continue
		}
		if m := statusLineRE.FindStringSubmatch(u.text); m != nil {
			return statusWords[strings.ToLower(m[1])]
		}
	}
	return ""
}

// statedOutcome is the strongest outcome the text reports (resolved, then
// workaround, then open), or "" when it reports none.
func statedOutcome(d *doc) string {
	workaround, open := false, false
	for _, h := range d.headings {
		if h.empty {
			continue
		}
		if resolvedHeadingRE.MatchString(h.text) {
			return model.StatusResolved
		}
		if workaroundRE.MatchString(h.text) && !noWorkaroundRE.MatchString(h.text) {
			workaround = true
		}
	}
	for _, u := range d.units {
		if u.kind != unitProse || u.heading {
			continue
		}
		if resolvedProseRE.MatchString(u.text) && !negatedFixRE.MatchString(u.text) {
			return model.StatusResolved
		}
		if workaroundRE.MatchString(u.text) && !noWorkaroundRE.MatchString(u.text) {
			workaround = true
		}
		if stillOpenRE.MatchString(u.text) || noWorkaroundRE.MatchString(u.text) {
			open = true
		}
	}
	switch {
	case workaround:
		return model.StatusWorkaround
	case open:
		return model.StatusOpen
	}
	return ""
}

func runbookStatus(d *doc) string {
	// A conversation or a running log ends where the story ends: what it
	// says last about the outcome is its status, whatever it hoped for
	// on the way.
	switch recordKind(d) {
	case recordChat, recordLog, recordMail:
		if s := endingStatus(d); s != "" {
			return s
		}
	}
	if s := explicitStatus(d); s != "" {
		return s
	}
	if s := statedOutcome(d); s != "" {
		return s
	}
	return model.StatusOpen
}

// Record styles: how people write down what happened, as opposed to how
// to do something. Each is a sign of an investigation, whatever headings
// the note has (often none).
var (
	// "09:12 started", "[14:02] tried", "2026-03-04 10:15:02 ran", "priya 10:14 AM"
	// (a chat turn; emphasis is already gone from the text)
	timestampLineRE = regexp.MustCompile(`^\W*(?:\d{4}-\d{2}-\d{2}[ T])?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?\]?(?:\s|$)|^\W*[A-Za-z][\w.-]{1,20}\s+\[?\d{1,2}:\d{2}(?:\s*[AaPp][Mm])?\]?$`)
	// "dan: the tests segfault": a turn in a pasted chat, when at least two
	// people speak; labels ("Note:", "Workaround:") are not speakers.
	speakerRE    = regexp.MustCompile(`^\W*([A-Za-z][\w.-]{1,20}):\s+\S`)
	mailHeaderRE = regexp.MustCompile(`^(?:Subject|From|To|Cc|Date|Sent):\s+\S|^On .{4,80} wrote:$|^-{2,}\s*(?:Original Message|Forwarded message)`)
	templateRE   = regexp.MustCompile(`(?i)^\W*(?:describe the bug|to reproduce|steps to reproduce|expected behaviou?r|actual behaviou?r)\W*$`)
	tableRuleRE  = regexp.MustCompile(`^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$`)
)

// notSpeakers are labels that look like a chat turn's speaker.
var notSpeakers = map[string]bool{"note": true, "notes": true, "status": true, "fix": true, "cause": true, "result": true,
	"results": true, "expected": true, "actual": true, "subject": true, "from": true, "to": true, "cc": true, "date": true,
	"q": true, "a": true, "tip": true, "todo": true, "update": true, "edit": true, "ps": true, "see": true, "example": true,
	"command": true, "output": true, "env": true, "environment": true, "gpu": true, "cuda": true, "driver": true, "version": true,
	// the labels of documents: theorems, design docs, tutorials
	"proof": true, "definition": true, "theorem": true, "lemma": true, "corollary": true, "remark": true, "claim": true,
	"question": true, "answer": true, "reference": true, "references": true, "problem": true, "solution": true,
	"goal": true, "goals": true, "pros": true, "cons": true, "pro": true, "con": true, "advantages": true,
	"disadvantages": true, "benefits": true, "drawbacks": true, "rationale": true, "motivation": true, "summary": true,
	"context": true, "background": true, "step": true, "option": true, "approach": true, "idea": true,
	"observation": true, "conclusion": true, "key": true, "reason": true, "input": true, "inputs": true,
	"returns": true, "usage": true, "warning": true, "important": true, "caution": true, "recommendation": true,
	"limitation": true, "limitations": true, "implementation": true, "requirements": true, "overview": true}

// Record kinds: how a note written as a record of events is written.
const (
	recordNone     = ""
	recordLog      = "log"      // two or more timestamped lines
	recordChat     = "chat"     // two timestamped turns, or three turns by two speakers
	recordMail     = "mail"     // two or more e-mail header lines
	recordTemplate = "template" // an issue template ("Describe the bug", "To reproduce")
	recordTable    = "table"    // a table of runs (see table.ofRuns)
)

// recordStyle reports whether the note is written as a record of events
// (see recordKind).
func recordStyle(d *doc) bool { return recordKind(d) != recordNone }

// recordKind says how the note records events: a running log, a chat
// transcript (turns by the same few people), an e-mail thread, an issue template or a table of runs; ""
// when it is written otherwise.
func recordKind(d *doc) string {
	stamps, mail, turns := 0, 0, 0
	speakers := map[string]bool{}
	for _, u := range d.units {
		if u.kind != unitProse {
			continue
		}
		t := strings.TrimSpace(u.text)
		if templateRE.MatchString(t) {
			return recordTemplate
		}
		if timestampLineRE.MatchString(t) {
			stamps++
		}
		if mailHeaderRE.MatchString(t) {
			mail++
		}
		if m := speakerRE.FindStringSubmatch(t); m != nil && !notSpeakers[strings.ToLower(m[1])] && !runbookHeadingRE.MatchString(m[1]) {
			turns++
			speakers[strings.ToLower(m[1])] = true
		}
	}
	switch {
	// People in a chat speak more than once; a list of terms each
	// followed by a colon (a glossary, a design doc's "Goal:" lines)
	// names each once.
	case turns >= 3 && len(speakers) >= 2 && 2*len(speakers) <= turns+2:
		return recordChat
	case stamps >= 2:
		return recordLog
	case mail >= 2:
		return recordMail
	}
	for _, t := range tablesOf(d.src) {
		if t.ofRuns() {
			return recordTable
		}
	}
	return recordNone
}

// endingStatus is the status a conversation or running log ends with:
// the last thing it says about the outcome (a status line, a fix, a
// workaround, "still open"), read top to bottom; "" when it says nothing.
// A chat that finds a workaround and later reports the fix is resolved;
// one that reports a fix and later "still crashes, no fix yet" is open.
func endingStatus(d *doc) string {
	last := ""
	for _, u := range d.units {
		if u.kind != unitProse || u.heading {
			continue
		}
		switch {
		case statusLineRE.MatchString(u.text):
			last = statusWords[strings.ToLower(statusLineRE.FindStringSubmatch(u.text)[1])]
		case resolvedProseRE.MatchString(u.text) && !negatedFixRE.MatchString(u.text):
			last = model.StatusResolved
		case stillOpenRE.MatchString(u.text) || noWorkaroundRE.MatchString(u.text) || reopenedRE.MatchString(u.text):
			last = model.StatusOpen
		case workaroundRE.MatchString(u.text):
			last = model.StatusWorkaround
		}
	}
	return last
}

// reopenedRE is a conversation taking back an earlier outcome.
var reopenedRE = mustPrefiltered(`(?i)\b(?:still (?:crash|fail|segfault|hang)s?|(?:crash|fail|segfault|break)s? again|came back|reopen(?:ed|ing)?|(?:fix|workaround) (?:did ?n[o']t|does ?n[o']t|doesn't|didn't) (?:work|help)|not (?:actually )?fixed)\b`, "till", "again", "came", "reopen", "fix", "around")
