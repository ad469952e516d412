package assemble

import (
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// Explanations follow ids through the history: today's id, an id the
// check had before a rewording, a removed check's id (orphaned: warned),
// an id nothing ever had (an error naming the file).
func TestAttachExplanations(t *testing.T) {
	now := &model.Check{ID: "f-new-words", History: &model.History{}}
	moved := &model.Check{ID: "g-reworded-now", Formerly: []string{"g-old-words"}}
	h := &model.Handbook{Checks: []*model.Check{now, moved},
		RemovedChecks: []model.RemovedCheck{{ID: "h-gone", Removed: model.Event{Commit: "0123456789abcdef", Date: "2025-01-02"}}}}
	x := func(id string) model.Explanation {
		return model.Explanation{ID: id, File: "explanations/" + id + ".md", Body: "about " + id}
	}
	var warns []model.Diagnostic
	if err := attachExplanations(h, []model.Explanation{x("f-new-words"), x("g-old-words"), x("h-gone")}, &warns); err != nil {
		t.Fatal(err)
	}
	if now.Explanation == nil || now.Explanation.Body != "about f-new-words" {
		t.Errorf("today's id: %+v", now.Explanation)
	}
	if moved.Explanation == nil || moved.Explanation.File != "explanations/g-old-words.md" {
		t.Errorf("a reworded check's old id: %+v", moved.Explanation)
	}
	if r := h.RemovedChecks[0]; r.Explanation == nil || len(warns) != 1 || warns[0].Where.File != "explanations/h-gone.md" ||
		!strings.Contains(warns[0].Message, "orphaned explanation") || !strings.Contains(warns[0].Message, "0123456789ab") {
		t.Errorf("removed: %+v, warnings %+v", r.Explanation, warns)
	}
	warns = nil
	err := attachExplanations(h, []model.Explanation{x("nobody-ever")}, &warns)
	if err != nil || len(warns) != 1 || warns[0].Where.File != "explanations/nobody-ever.md" ||
		!strings.HasPrefix(warns[0].Message, "no check has the id nobody-ever") ||
		len(h.StrayExplanations) != 1 || h.StrayExplanations[0] != warns[0] {
		t.Errorf("unknown id: %v, warnings %+v, stray %+v", err, warns, h.StrayExplanations)
	}
	err = attachExplanations(h, []model.Explanation{x("g-old-words"), x("g-reworded-now")}, &warns)
	if err == nil || !strings.Contains(err.Error(), "explains g-reworded-now, which explanations/g-old-words.md explains already") {
		t.Errorf("two files for one check: %v", err)
	}
}

func TestExplanationsWithoutHistory(t *testing.T) {
	h := &model.Handbook{Checks: []*model.Check{{ID: "f-words"}}}
	var warns []model.Diagnostic
	x := model.Explanation{ID: "another-checkouts-check", File: "explanations/another-checkouts-check.md", Body: "b"}
	if err := attachExplanations(h, []model.Explanation{x}, &warns); err != nil || len(warns) != 0 || h.Checks[0].Explanation != nil {
		t.Errorf("without history an unknown id is left out: %v %v", err, warns)
	}
}
