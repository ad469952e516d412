package emit

// Each front matter type whose page has a Markdown twin says what the twin
// holds, from its own typed fields (twinFront): its title, kind and text,
// and its facts (the YAML at the top of the twin and under the page in
// llms-full.txt). The page's site path is not the type's: the emitter
// that named the page with a generator/urls call sets page.twinAt.
//
// The facts are a map because the YAML encoder sorts a map's keys (the
// published order); a key is set only when its value says something, as
// the front matter's omitempty does.

// twinFront is a front matter type with a Markdown twin.
type twinFront interface {
	twinSpec(e *emitter) twinSpec
}

// twinSpec is what a page's twin says, beyond its path.
type twinSpec struct {
	title, link, kind, status string
	description               string
	weight                    int64 // orders option families in llms-full.txt
	// markdown is the author's text (a note's), used as it is; else the
	// page's body is, its links judged by the pages' policy (twinBody).
	markdown      string
	notInCheckout []string
	example       string // "Set it: ..."
	usedBy        []Ref  // "Notes that use it"
	facts         facts  // beyond title, url, kind and description
}

// facts are a twin's facts, set only when not empty.
type facts map[string]any

func (f facts) str(k, v string) {
	if v != "" {
		f[k] = v
	}
}

func (f facts) strs(k string, v []string) {
	if len(v) > 0 {
		f[k] = v
	}
}

// each sets k to one value per element of l, when l has any.
func each[T any](f facts, k string, l []T, conv func(T) any) {
	if len(l) == 0 {
		return
	}
	out := make([]any, len(l))
	for i, x := range l {
		out[i] = conv(x)
	}
	f[k] = out
}

// at is a Link's text where the front matter holds it: absent (nil) for
// an empty link, whose key omitempty leaves out.
func (l Link) at() any {
	if l == (Link{}) {
		return nil
	}
	return l.Text
}

// url is a Link's URL, absent (nil) when it has none.
func (l Link) url() any {
	if l.URL == "" {
		return nil
	}
	return l.URL
}

// fact is a Link as the twin lists it: its text, and its URL when it has one.
func (l Link) fact() any {
	m := map[string]any{"text": l.Text}
	if l.URL != "" {
		m["url"] = l.URL
	}
	return m
}

func linkFact(l Link) any { return l.fact() }

func (f noteFront) twinSpec(e *emitter) twinSpec {
	p := f.Params
	t := twinSpec{title: f.Title, link: f.LinkTitle, kind: p.Kind, status: p.Status, description: f.Description,
		markdown: p.Markdown, notInCheckout: p.NotInCheckout, facts: facts{}}
	x := t.facts
	x.str("id", p.ID)
	x.str("status", p.Status)
	x.str("source", p.Source)
	each(x, "tools", p.Tools, linkFact)
	x.strs("tests", p.Tests)
	x.strs("symbols", p.Symbols)
	each(x, "commits", p.Commits, linkFact)
	x.strs("next_steps", p.Next)
	if p.ShortURL != "" {
		x["short_url"] = e.abs(p.ShortURL)
	}
	each(x, "variables", p.Variables, func(v noteVar) any { return v.Name })
	each(x, "files", p.Files, func(f noteFile) any { return f.Ref })
	each(x, "missing_files", p.Missing, func(f noteFile) any { return f.Ref })
	each(x, "signatures", p.Signatures, func(s noteSig) any { return s.Text })
	each(x, "related", p.Related, func(r Ref) any { return e.abs(r.URL) })
	each(x, "options", p.Options, func(o noteOption) any {
		return map[string]any{"env": o.Env, "name": o.Name, "known": o.Known}
	})
	return t
}

// refFacts are what a variable's and an option's twins both say.
func (e *emitter) refFacts(x facts, example string, documented bool, documentedAt Link, readAt []Link, life refLife) {
	x.str("example", example)
	x.strs("drift", life.Drift)
	x["documented"] = documented
	if documentedAt != (Link{}) {
		x["documented_at"] = documentedAt.Text
	}
	each(x, "read_at", readAt, func(l Link) any { return l.Text })
	each(x, "used_by", life.UsedBy, func(r Ref) any { return e.abs(r.URL) })
}

func (f varFront) twinSpec(e *emitter) twinSpec {
	p := f.Params
	t := twinSpec{title: f.Title, kind: p.Kind, description: f.Description, example: p.Example, usedBy: p.UsedBy, facts: facts{}}
	x := t.facts
	x.str("family", p.Family)
	x.str("name", p.Name)
	x.str("type", p.Type)
	x.str("default", p.Default)
	x.str("category", p.Category)
	x.strs("choices", p.Choices)
	e.refFacts(x, p.Example, p.Documented, p.DocumentedAt, p.ReadAt, p.refLife)
	// A family's options as the notes' shape reads them: a Ref has no
	// env, name or known, so each is null. Kept as published; see
	// docs/architecture.md, "Markdown twins".
	each(x, "options", p.Options, func(Ref) any {
		return map[string]any{"env": nil, "name": nil, "known": nil}
	})
	return t
}

func (f optionFront) twinSpec(e *emitter) twinSpec {
	p := f.Params
	t := twinSpec{title: f.Title, kind: p.Kind, description: f.Description, example: p.Example, usedBy: p.UsedBy, facts: facts{}}
	x := t.facts
	x.str("env", p.Env)
	x.str("family", p.Family)
	x.str("name", p.Name)
	x.str("enum", p.Enum)
	x.str("type", p.Type)
	x.str("default", p.Default)
	if p.DefinedAt != (Link{}) {
		x["defined_at"] = p.DefinedAt.Text
	}
	if p.DeclaredAt != (Link{}) {
		x["declared_at"] = p.DeclaredAt.Text
	}
	e.refFacts(x, p.Example, p.Documented, p.DocumentedAt, p.ReadAt, p.refLife)
	return t
}

// twinSpec of an option family's index (the one section page with a
// twin from emit: familyPage sets its twinAt).
func (f sectionFront) twinSpec(*emitter) twinSpec {
	p := f.Params
	t := twinSpec{title: f.Title, kind: p.Kind, description: f.Description, weight: int64(f.Weight), facts: facts{}}
	x := t.facts
	x.str("env", p.Env)
	x.str("family", p.Family)
	x.str("enum", p.Enum)
	if p.DefinedAt != (Link{}) {
		x["defined_at"] = p.DefinedAt.Text
	}
	if p.DeclaredAt != (Link{}) {
		x["declared_at"] = p.DeclaredAt.Text
	}
	return t
}

func (f driftFront) twinSpec(*emitter) twinSpec {
	return twinSpec{title: f.Title, kind: f.Params.Kind, description: f.Description, weight: int64(f.Weight), facts: facts{}}
}

// twinSpec of a check: what nvFuser prints, where, what it means, what
// to try, and what tests and notes point at it.
func (f checkFront) twinSpec(e *emitter) twinSpec {
	p := f.Params
	t := twinSpec{title: f.Title, kind: p.Kind, description: f.Description, facts: facts{}}
	x := t.facts
	x.str("id", p.ID)
	x["short_id"], x["check_kind"], x["macro"], x["message"], x["printed"], x["area"] = p.ShortID, p.CheckKind, p.Macro, p.Message, p.Printed, p.Area
	x["where"] = p.Where.Text
	x.str("condition", p.Condition)
	x.strs("values", p.Values)
	x.str("function", p.Function)
	x.str("within", p.Within)
	x.str("in_macro", p.InMacro)
	x.str("source", p.Where.URL)
	means := map[string]any{"kind": p.Meaning.Kind}
	if p.Meaning.Words != "" {
		means["condition"] = p.Meaning.Words
	}
	for k, c := range map[string]srcComment{"comment": p.Meaning.Comment, "doc": p.Meaning.Doc} {
		if c.Text != "" {
			means[k] = map[string]any{"text": c.Text, "at": c.Where.at(), "source": c.Where.url()}
		}
	}
	x["means"] = means
	each(x, "try", p.Try, func(it tryLine) any {
		return map[string]any{"set": it.Setting, "why": it.Why, "at": it.Where.Text}
	})
	each(x, "steps", p.Steps, func(it stepLine) any {
		s := map[string]any{"step": it.Text}
		if it.Setting != "" {
			s["set"] = it.Setting
		}
		if it.Guide.URL != "" {
			s["guide"] = e.abs(it.Guide.URL)
		}
		if it.URL != "" {
			s["url"] = it.URL
		}
		return s
	})
	each(x, "expected_by", p.Tests, func(it checkTest) any {
		r := map[string]any{"test": orNil(it.Name), "expects": it.Text, "at": it.Where.Text}
		if it.Evidence != "" {
			r["evidence"] = it.Evidence
		}
		return r
	})
	each(x, "shares_text_with", p.SharedTests, func(it checkTest) any {
		var shared any
		if it.Shared != 0 {
			shared = it.Shared
		}
		return map[string]any{"test": orNil(it.Name), "expects": it.Text, "at": it.Where.Text, "checks_sharing_it": shared}
	})
	each(x, "explained_by", p.Notes, func(r Ref) any { return e.abs(r.URL) })
	each(x, "names_variables", p.Variables, func(r Ref) any { return r.Title })
	each(x, "names_options", p.Options, func(r Ref) any { return r.Title })
	each(x, "function_changes", p.FnChanges, func(c fnChange) any {
		return map[string]any{"commit": c.Commit.url(), "when": c.When}
	})
	return t
}

// orNil is s, or absent (nil) when empty, as an omitempty key reads.
func orNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}
