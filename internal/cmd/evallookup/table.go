package main

import (
	"fmt"
	"io"
)

// score counts one corpus's verdicts.
type score struct {
	corpus string

	raised, rightFirst, rightTop3, wrongFirst, nothing int // errors a check raised
	gone, goneRightFirst                               int // of those, checks no longer in the checkout

	notRaised, clean, unrelatedFirst int // errors nvFuser did not raise
}

func (s *score) add(v verdict) {
	if v.negative {
		s.notRaised++
		if v.n == 0 || v.rank == 1 {
			s.clean++
		} else {
			s.unrelatedFirst++
		}
		return
	}
	s.raised++
	switch {
	case v.rank == 1:
		s.rightFirst++
	case v.n == 0:
		s.nothing++
	default:
		s.wrongFirst++
	}
	if v.rank >= 1 && v.rank <= 3 {
		s.rightTop3++
	}
	if v.gone {
		s.gone++
		if v.rank == 1 {
			s.goneRightFirst++
		}
	}
}

// writeTable prints the scores as a Markdown table, one row per corpus.
func writeTable(w io.Writer, scores []score, withSource bool) {
	head := "| corpus | raised by a check | right first | right in top 3 | other page first | nothing found | not raised by nvFuser | nothing or an explaining page first | unrelated first |"
	rule := "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	if withSource {
		head += " check gone from checkout (right first) |"
		rule += " ---: |"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, rule)
	for _, s := range scores {
		fmt.Fprintf(w, "| %s | %d | %s | %s | %d | %d | %d | %s | %d |",
			s.corpus, s.raised, pct(s.rightFirst, s.raised), pct(s.rightTop3, s.raised), s.wrongFirst, s.nothing,
			s.notRaised, pct(s.clean, s.notRaised), s.unrelatedFirst)
		if withSource {
			fmt.Fprintf(w, " %d (%d) |", s.gone, s.goneRightFirst)
		}
		fmt.Fprintln(w)
	}
}

func pct(n, of int) string {
	if of == 0 {
		return fmt.Sprintf("%d", n)
	}
	return fmt.Sprintf("%d (%.0f%%)", n, 100*float64(n)/float64(of))
}
