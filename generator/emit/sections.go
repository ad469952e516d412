package emit

import (
	"github.com/nvfuser-handbook/handbook/generator/model"
)

// sections writes the index pages of generated sections and the category
// term pages, so every list has a title and an introduction.
func (e *emitter) sections() error {
	idx := []struct {
		rel, title, desc, kind string
		weight                 int
	}{
		{"env/_index.md", "Environment variables", "Every environment variable nvFuser or its build reads, from env_options.yaml and the code.", "reference", 30},
		{"options/_index.md", "Option families", "The options accepted in NVFUSER_DUMP, NVFUSER_ENABLE, NVFUSER_DISABLE and NVFUSER_PROF.", "reference", 40},
		{"runbooks/_index.md", "Runbooks", "Investigations of failures: how to reproduce, what was found, what to do next.", model.KindRunbook, 10},
		{"guides/_index.md", "Guides", "How-to workflows for debugging nvFuser, and nvFuser's own docs: design docs, tutorials, background reading.", model.KindGuide, 20},
		{"notes/_index.md", "Other notes", "Notes that are neither runbooks nor guides.", model.KindNotes, 50},
	}
	for _, s := range idx {
		var f sectionFront
		f.Title, f.Description, f.Weight, f.Params.Kind = s.title, s.desc, s.weight, s.kind
		if err := e.put(s.rel, page{front: f}); err != nil {
			return err
		}
	}
	for i, c := range e.h.Categories {
		var f sectionFront
		f.Title, f.Weight, f.Params.Kind = c.DisplayName, i+1, "category"
		if err := e.put("categories/"+c.Key+"/_index.md", page{front: f}); err != nil {
			return err
		}
	}
	return nil
}
