package config

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/model"
)

// ExplainRule is one entry of [params.handbook] require_explanations:
// checks gen check --strict requires an explanation for (explanations/
// <id>.md). Each is a check's id or a rule naming a set of checks.
type ExplainRule struct {
	// Value is the entry as written: an id, RuleUsersHit, RuleQuoted or
	// "kind:" and a check kind.
	Value string
	At    model.Location // config.toml and the key's line
}

// The rules require_explanations may name besides ids.
const (
	// RuleUsersHit: the internal asserts and throws real users hit (a
	// note quotes them or a test reaches them): the coverage page's list.
	RuleUsersHit = "users-hit"
	// RuleQuoted: every check a note quotes.
	RuleQuoted = "quoted"
	// RuleKind is the prefix of a rule naming every check of a kind.
	RuleKind = "kind:"
)

// reCheckID is the shape of a check's id (generator/checks): lower case
// letters, digits and single dashes.
var reCheckID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// explainRules reads require_explanations: a list of strings, each an id
// or a rule. A bad entry is an error naming config.toml's line; whether
// an id names a check is known only once the checkout is read
// (generator/coverage).
func explainRules(configFile, data string, raw any) ([]ExplainRule, error) {
	at := model.Location{File: configFile, Line: keyLine(data, "require_explanations")}
	var vals []string
	switch v := raw.(type) {
	case nil:
		return nil, nil
	case []string:
		vals = v
	case []any:
		for _, x := range v {
			s, ok := x.(string)
			if !ok {
				return nil, fmt.Errorf("%s: params.handbook.require_explanations: expected a list of strings, got %v (%T)", at, x, x)
			}
			vals = append(vals, s)
		}
	default:
		return nil, fmt.Errorf("%s: params.handbook.require_explanations: expected a list of strings, got %T", at, raw)
	}
	var out []ExplainRule
	for _, s := range vals {
		s = strings.TrimSpace(s)
		if err := checkExplainRule(s); err != nil {
			return nil, fmt.Errorf("%s: params.handbook.require_explanations: %q: %v", at, s, err)
		}
		out = append(out, ExplainRule{Value: s, At: at})
	}
	return out, nil
}

func checkExplainRule(s string) error {
	if k, ok := strings.CutPrefix(s, RuleKind); ok {
		for _, x := range model.CheckKinds {
			if x.Kind == k {
				return nil
			}
		}
		return fmt.Errorf("not a check kind (%s, %s, %s or %s)", model.CheckUser, model.CheckInternal, model.CheckThrow, model.CheckWarning)
	}
	if s == RuleUsersHit || s == RuleQuoted {
		return nil
	}
	if !reCheckID.MatchString(s) {
		return fmt.Errorf("neither a check's id (lower case letters, digits and dashes) nor a rule (%s, %s, %skind)", RuleUsersHit, RuleQuoted, RuleKind)
	}
	return nil
}
