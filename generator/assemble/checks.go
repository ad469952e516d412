package assemble

import (
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// mergeChecks puts the checks into the handbook and links each to the
// variables and options its message names (NAME, NAME=option).
func mergeChecks(h *model.Handbook, cs []model.Check) {
	h.Checks = make([]*model.Check, len(cs))
	for i := range cs {
		c := &cs[i]
		h.Checks[i] = c
		text := strings.Join(c.Pieces, " ")
		if !strings.Contains(text, "NVFUSER_") {
			continue
		}
		for _, loc := range mention.FindAllStringSubmatchIndex(text, -1) {
			name, value, _ := strings.Cut(text[loc[0]:loc[1]], "=")
			if v := h.Variable(name); v != nil && !containsVar(c.Variables, v) {
				c.Variables = append(c.Variables, v)
			}
			for _, o := range strings.Split(value, ",") {
				if opt := h.Option(name, o); opt != nil && !containsOpt(c.Options, opt) {
					c.Options = append(c.Options, opt)
				}
			}
		}
	}
}

func containsVar(vs []*model.Variable, v *model.Variable) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

func containsOpt(os []*model.Option, o *model.Option) bool {
	for _, x := range os {
		if x == o {
			return true
		}
	}
	return false
}
