// Command verifyhistory checks the cppopts parsers against every revision of
// nvFuser's csrc/options.cpp in a git checkout. It is a development tool: run
// it after changing the parsers, to be sure that every shape the two files
// have had still parses.
//
//	go run ./internal/cmd/verifyhistory -repo /path/to/Fuser
//
// For each revision it parses options.cpp and options.h as of that commit
// and checks that
//   - the table entries the parser finds are exactly those a plain regex
//     finds in the raw text (an independent count),
//   - every table has an environment variable,
//   - every enumerator named in a table is declared in the header enum.
//
// It prints one row per revision and exits 1 if any check failed.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/nvfuser-handbook/handbook/generator/cppopts"
	"github.com/nvfuser-handbook/handbook/generator/inputs"
)

// entryRE is the cross-check: {"name", Enum::Enumerator}, allowing any
// whitespace (entries wrap) and a namespace qualifier.
var entryRE = regexp.MustCompile(`\{\s*"([^"\\]*)"\s*,\s*(?:\w+::)*(\w+)::(\w+)\s*\}`)

func main() {
	repo := flag.String("repo", ".", "nvFuser git checkout")
	cppPath := flag.String("cpp", inputs.OptionsCpp, "option tables, repository-relative")
	hPath := flag.String("h", inputs.OptionsH, "option enums, repository-relative")
	verbose := flag.Bool("v", false, "list every problem, not just the first of each revision")
	flag.Parse()

	revs, err := revisions(*repo, *cppPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "verifyhistory:", err)
		os.Exit(2)
	}
	if len(revs) == 0 {
		fmt.Fprintf(os.Stderr, "verifyhistory: no revisions of %s in %s\n", *cppPath, *repo)
		os.Exit(2)
	}

	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "rev\tdate\ttables\tentries\tregex\tenums\tenumerators\tundescribed\tstatus\tenv\tnotes")
	var failed, totalEntries, totalUndescribed int
	var problems []string
	for _, r := range revs {
		res := check(*repo, r, *cppPath, *hPath)
		status := "ok"
		if len(res.problems) > 0 {
			failed++
			status = "FAIL"
			n := 1
			if *verbose {
				n = len(res.problems)
			}
			for _, p := range res.problems[:n] {
				problems = append(problems, r.short+": "+p)
			}
		}
		totalEntries += res.entries
		totalUndescribed += res.undescribed
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n", r.short, r.date, res.tables, res.entries,
			res.regex, res.enums, res.enumerators, res.undescribed, status, res.envs, strings.Join(res.notes, "; "))
	}
	w.Flush()
	for _, p := range problems {
		fmt.Println("  ", p)
	}
	fmt.Printf("\n%d revisions, %d failed; %d table entries in all, %d without a description in options.h\n",
		len(revs), failed, totalEntries, totalUndescribed)
	if failed > 0 {
		os.Exit(1)
	}
}

type revision struct{ hash, short, date string }

// revisions lists the commits touching path, newest first.
func revisions(repo, path string) ([]revision, error) {
	out, err := git(repo, "log", "--format=%H %h %ad", "--date=short", "--", path)
	if err != nil {
		return nil, err
	}
	var revs []revision
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 {
			revs = append(revs, revision{hash: f[0], short: f[1], date: f[2]})
		}
	}
	return revs, nil
}

func git(repo string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", repo}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

type result struct {
	tables, entries, regex, enums, enumerators, undescribed int
	envs                                                    string
	problems                                                []string
	// notes are facts worth seeing that are not parser failures: the
	// header declaring enumerators no table maps (nvFuser asserts on that
	// at run time), or an enum doc naming another variable than the code.
	notes []string
}

func check(repo string, r revision, cppPath, hPath string) result {
	var res result
	fail := func(format string, args ...any) { res.problems = append(res.problems, fmt.Sprintf(format, args...)) }

	cpp, err := git(repo, "show", r.hash+":"+cppPath)
	if err != nil {
		fail("%v", err)
		return res
	}
	h, err := git(repo, "show", r.hash+":"+hPath)
	if err != nil {
		fail("%v", err)
		return res
	}
	tables, err := cppopts.ParseTables(cppPath, []byte(cpp))
	if err != nil {
		fail("tables: %v", err)
	}
	enums, err := cppopts.ParseHeader(hPath, []byte(h))
	if err != nil {
		fail("header: %v", err)
	}
	res.tables, res.enums = len(tables), len(enums)

	byEnum := map[string]map[string]cppopts.Enumerator{}
	for _, e := range enums {
		vals := map[string]cppopts.Enumerator{}
		for _, v := range e.Values {
			vals[v.Name] = v
		}
		byEnum[e.Name] = vals
		res.enumerators += len(e.Values)
	}

	var parsed, envs []string
	for _, t := range tables {
		envs = append(envs, t.Env)
		if t.Env == "" {
			fail("table %s (line %d) has no environment variable", t.Enum, t.Line)
		}
		vals, ok := byEnum[t.Enum]
		if !ok {
			fail("table %s (line %d): no such enum in the header", t.Enum, t.Line)
		}
		for _, e := range t.Entries {
			res.entries++
			parsed = append(parsed, e.Name+" "+t.Enum+"::"+e.Enumerator)
			v, ok := vals[e.Enumerator]
			switch {
			case !ok && vals != nil:
				fail("%s::%s (%s, line %d) not declared in the header", t.Enum, e.Enumerator, e.Name, e.Line)
			case v.Doc == "":
				res.undescribed++
			}
		}
	}
	res.envs = strings.ReplaceAll(strings.Join(envs, ","), "NVFUSER_", "")
	for _, t := range tables {
		for _, e := range enums {
			if e.Name != t.Enum {
				continue
			}
			if len(e.Values) != len(t.Entries) {
				res.notes = append(res.notes, fmt.Sprintf("%s: %d enumerators, %d entries", e.Name, len(e.Values), len(t.Entries)))
			}
			if e.Env != t.Env {
				res.notes = append(res.notes, fmt.Sprintf("%s doc says %q", e.Name, e.Env))
			}
		}
	}

	var raw []string
	for _, m := range entryRE.FindAllStringSubmatch(cpp, -1) {
		raw = append(raw, m[1]+" "+m[2]+"::"+m[3])
	}
	res.regex = len(raw)
	if d := diff(parsed, raw); d != "" {
		fail("parser and regex disagree: %s", d)
	}
	return res
}

// diff compares two multisets of strings and describes the first difference.
func diff(parsed, raw []string) string {
	count := map[string]int{}
	for _, s := range parsed {
		count[s]++
	}
	for _, s := range raw {
		count[s]--
	}
	var keys []string
	for k, n := range count {
		if n != 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return ""
	}
	sort.Strings(keys)
	k := keys[0]
	if count[k] > 0 {
		return fmt.Sprintf("only the parser found %q (%d differences)", k, len(keys))
	}
	return fmt.Sprintf("only the regex found %q (%d differences)", k, len(keys))
}
