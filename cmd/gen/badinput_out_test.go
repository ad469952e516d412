package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/publish"
)

// withOut is the default arguments with --out replaced by out.
func withOut(e *badEnv, out string) []string {
	args := e.DefaultArgs()
	for i := range args {
		if args[i] == "--out" {
			args[i+1] = out
		}
	}
	return args
}

// replaceArg is the default arguments with flag's value replaced.
func replaceArg(e *badEnv, flag, value string) []string {
	args := e.DefaultArgs()
	for i := range args {
		if args[i] == flag {
			args[i+1] = value
		}
	}
	return args
}

// outAt makes a case whose --out is the path target(e) returns; that path
// (and the project) must be untouched when gen refuses it.
func outAt(target func(t *testing.T, e *badEnv) string) (func(*testing.T, *badEnv), func(*badEnv) []string) {
	setup := func(t *testing.T, e *badEnv) {
		e.Target = target(t, e)
		if _, err := os.Lstat(e.Target); err == nil && e.Target != "/" {
			e.Guard = append(e.Guard, e.Target)
		}
		e.Guard = append(e.Guard, e.Proj, e.Src)
	}
	return setup, func(e *badEnv) []string { return withOut(e, e.Target) }
}

func outCase(name, fail string, target func(t *testing.T, e *badEnv) string) badInput {
	setup, args := outAt(target)
	return badInput{name: name, setup: setup, args: args, fail: fail}
}

// serial marks a case that changes the environment: it runs alone.
func serial(c badInput) badInput { c.serial = true; return c }

// projConfig writes a config file into the project (layouts and content
// must sit beside it) with [params.handbook] lines replaced or added.
func projConfig(t *testing.T, e *badEnv, name string, edit func(string) string) string {
	t.Helper()
	data, err := os.ReadFile(e.Config)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(e.Proj, name)
	writeFile(t, p, edit(string(data)))
	t.Cleanup(func() { os.Remove(p) })
	return p
}

// handbookKey sets key in [params.handbook] to a TOML value.
func handbookKey(key, value string) func(string) string {
	return func(cfg string) string {
		lines := strings.Split(cfg, "\n")
		for i, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), key+" =") {
				lines[i] = "  " + key + " = " + value
				return strings.Join(lines, "\n")
			}
		}
		return strings.Replace(cfg, "\n[params.handbook]\n", "\n[params.handbook]\n  "+key+" = "+value+"\n", 1)
	}
}

// withConfig runs with a config file in place of --config and without the
// flags named in drop, so the config's values apply.
func withConfig(e *badEnv, cfg string, drop ...string) []string {
	var args []string
	def := e.DefaultArgs()
	for i := 0; i < len(def); i += 2 {
		switch {
		case def[i] == "--config":
			args = append(args, "--config", cfg)
		case !slices.Contains(drop, def[i]):
			args = append(args, def[i], def[i+1])
		}
	}
	return args
}

// deadPid is the id of a process that has exited.
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatalf("cannot start a process: %v", err)
	}
	return cmd.Process.Pid
}

// TestBadOutputAndFlags: output folders, flags, config and source files.
// Each case either is refused with an error naming the input and every
// guarded path untouched, or builds a site without active content.
func TestBadOutputAndFlags(t *testing.T) {
	huge := "// " + strings.Repeat("x", 1<<20) + "\nbool g() { return getNvFuserEnv(\"HUGE_LINE\"); }\n"
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	bom := "\ufeff"
	cases := []badInput{
		// Output folders.
		outCase("out is a file", "refusing to publish into {target}: it is a file", func(t *testing.T, e *badEnv) string {
			p := filepath.Join(t.TempDir(), "index.html")
			writeFile(t, p, "<p>someone's page</p>")
			return p
		}),
		outCase("out is someone else's folder", "refusing to publish into {target}: it is a folder gen did not make", func(t *testing.T, e *badEnv) string {
			p := filepath.Join(t.TempDir(), "thesis")
			writeFile(t, filepath.Join(p, "chapter1.tex"), "mine")
			writeFile(t, filepath.Join(p, "figures", "a.png"), "png")
			return p
		}),
		outCase("out is the project", "refusing to publish into {target}: it is the project", func(t *testing.T, e *badEnv) string { return e.Proj }),
		outCase("out contains the project", "refusing to publish into {target}: it contains the project", func(t *testing.T, e *badEnv) string { return filepath.Dir(e.Proj) }),
		outCase("out is the root folder", "refusing to publish into /: it contains the project", func(t *testing.T, e *badEnv) string { return "/" }),
		outCase("out is the source checkout", "refusing to publish into {target}: it is the nvFuser source checkout", func(t *testing.T, e *badEnv) string { return e.Src }),
		outCase("out contains the source checkout", "refusing to publish into {target}: it contains the nvFuser source checkout", func(t *testing.T, e *badEnv) string { return filepath.Dir(e.Src) }),
		outCase("out is the notes folder", "refusing to publish into {target}: it is a notes path", func(t *testing.T, e *badEnv) string { return e.Notes }),
		outCase("out inside the notes folder", "refusing to publish into {target}: it is inside a notes path", func(t *testing.T, e *badEnv) string { return filepath.Join(e.Notes, "site") }),
		outCase("out is generated/", "refusing to publish into {target}: it is the generated content folder", func(t *testing.T, e *badEnv) string { return filepath.Join(e.Proj, "generated") }),
		outCase("out inside generated/", "refusing to publish into {target}: it is inside the generated content folder", func(t *testing.T, e *badEnv) string {
			return filepath.Join(e.Proj, "generated", "content")
		}),
		outCase("out is the config file", "refusing to publish into {target}: it is the config file", func(t *testing.T, e *badEnv) string { return e.Config }),
		serial(outCase("out is the home folder", "refusing to publish into {target}: it is the home folder", func(t *testing.T, e *badEnv) string {
			home := t.TempDir() // empty: only the home rule refuses it
			t.Setenv("HOME", home)
			return home
		})),
		outCase("out is a symlink to the project", "refusing to publish into {target}: it is a symbolic link", func(t *testing.T, e *badEnv) string {
			p := filepath.Join(t.TempDir(), "site")
			if err := os.Symlink(e.Proj, p); err != nil {
				t.Fatal(err)
			}
			return p
		}),
		outCase("out is a symlink to a gen site", "refusing to publish into {target}: it is a symbolic link", func(t *testing.T, e *badEnv) string {
			p := filepath.Join(t.TempDir(), "site")
			if err := os.Symlink(e.Out, p); err != nil {
				t.Fatal(err)
			}
			return p
		}),
		outCase("out reaches the project through a symlinked parent", "it is the project", func(t *testing.T, e *badEnv) string {
			link := filepath.Join(t.TempDir(), "up")
			if err := os.Symlink(filepath.Dir(e.Proj), link); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(link, filepath.Base(e.Proj))
		}),
		outCase("out under a file", "refusing to publish into {target}: ", func(t *testing.T, e *badEnv) string {
			f := filepath.Join(t.TempDir(), "plain")
			writeFile(t, f, "x")
			return filepath.Join(f, "site")
		}),
		{name: "older gen site without marker but with a foreign file", fail: "holds \"mine.txt\", which gen does not write",
			setup: func(t *testing.T, e *badEnv) {
				os.Remove(filepath.Join(e.Out, publish.Marker))
				writeFile(t, filepath.Join(e.Out, "mine.txt"), "keep me")
			}},
		{name: "older gen site without marker is replaced", search: true, // its pagefind/ must be one the new build writes
			setup: func(t *testing.T, e *badEnv) { os.Remove(filepath.Join(e.Out, publish.Marker)) },
			render: func(t *testing.T, e *badEnv) {
				if _, err := os.Stat(filepath.Join(e.Out, publish.Marker)); err != nil {
					t.Errorf("the republished site has no marker: %v", err)
				}
			}},
		{name: "empty existing out folder is used",
			setup: func(t *testing.T, e *badEnv) {
				e.Target = filepath.Join(t.TempDir(), "empty")
				if err := os.Mkdir(e.Target, 0o755); err != nil {
					t.Fatal(err)
				}
			},
			args: func(e *badEnv) []string { return withOut(e, e.Target) },
			render: func(t *testing.T, e *badEnv) {
				if _, err := os.Stat(filepath.Join(e.Target, "index.html")); err != nil {
					t.Error(err)
				}
			}},
		{name: "stale staging of a killed run is swept, others kept",
			setup: func(t *testing.T, e *badEnv) {
				dir, base := filepath.Dir(e.Out), filepath.Base(e.Out)
				writeFile(t, filepath.Join(dir, "."+base+".new-dead", publish.Marker), "This folder was made by the nvFuser handbook generator (gen).\ngen replaces its whole content on every build: keep nothing else here.\npid "+strconv.Itoa(deadPid(t))+"\n")
				writeFile(t, filepath.Join(dir, "."+base+".new-dead", "site", "index.html"), "half")
				writeFile(t, filepath.Join(dir, "."+base+".new-mine", "notes.txt"), "not gen's: no marker")
				e.Keep = []string{"." + base + ".new-mine"}
			},
			render: func(t *testing.T, e *badEnv) {
				dir, base := filepath.Dir(e.Out), filepath.Base(e.Out)
				if _, err := os.Stat(filepath.Join(dir, "."+base+".new-dead")); !os.IsNotExist(err) {
					t.Error("the killed run's staging folder survived")
				}
				if b, err := os.ReadFile(filepath.Join(dir, "."+base+".new-mine", "notes.txt")); err != nil || string(b) != "not gen's: no marker" {
					t.Errorf("a folder gen did not make was touched: %v", err)
				}
			}},

		// Flags.
		{name: "--source does not exist", args: func(e *badEnv) []string { e.Target = e.Src + "-typo"; return replaceArg(e, "--source", e.Target) },
			fail: "--source {target}: no such file or folder"},
		{name: "--source is a file", args: func(e *badEnv) []string {
			e.Target = filepath.Join(e.Src, "csrc", "a.cpp")
			return replaceArg(e, "--source", e.Target)
		}, fail: "--source {target}: not a folder"},
		{name: "--notes does not exist", args: func(e *badEnv) []string { e.Target = e.Notes + "-typo"; return replaceArg(e, "--notes", e.Target) },
			fail: "--notes {target}: no such file or folder"},
		{name: "--notes glob matches nothing", args: func(e *badEnv) []string {
			e.Target = filepath.Join(e.Notes, "*.mdx")
			return replaceArg(e, "--notes", e.Target)
		}, fail: "--notes {target}: the pattern matches no file"},
		{name: "unknown flag", args: func(e *badEnv) []string { return append(e.DefaultArgs(), "--frobnicate") }, code: 2, fail: "flag provided but not defined: -frobnicate"},
		{name: "stray argument", args: func(e *badEnv) []string { return append(e.DefaultArgs(), "notes.md") }, code: 2, fail: "unexpected argument \"notes.md\""},
		{name: "flag without its value", args: func(e *badEnv) []string { return append(e.DefaultArgs(), "--out") }, code: 2, fail: "flag needs an argument: -out"},
		{name: "empty --out", args: func(e *badEnv) []string { return replaceArg(e, "--out", "") }, fail: "--out: empty path"},
		{name: "empty --source", args: func(e *badEnv) []string { return replaceArg(e, "--source", "") }, fail: "--source: empty path"},
		{name: "empty --notes", args: func(e *badEnv) []string { return replaceArg(e, "--notes", "") }, fail: "--notes: empty path"},
		{name: "--config does not exist", args: func(e *badEnv) []string {
			e.Target = filepath.Join(e.Proj, "no-such.toml")
			return replaceArg(e, "--config", e.Target)
		}, fail: "{target}"},
		{name: "unknown command", args: func(e *badEnv) []string { return []string{"biuld"} }, code: 2, fail: "unknown command \"biuld\""},

		// Config.
		{name: "malformed config names its line", setup: func(t *testing.T, e *badEnv) {
			e.Target = projConfig(t, e, "broken.toml", func(s string) string { return s + "\n[params.handbook\nnotes = 1\n" })
			e.Guard = append(e.Guard, e.Proj)
		}, args: func(e *badEnv) []string { return replaceArg(e, "--config", e.Target) }, fail: "broken.toml:"},
		{name: "config value of the wrong type", setup: func(t *testing.T, e *badEnv) {
			e.Target = projConfig(t, e, "wrongtype.toml", handbookKey("notes", `"notes"`))
		}, args: func(e *badEnv) []string { return replaceArg(e, "--config", e.Target) }, fail: "wrongtype.toml"},
		{name: "config source that does not exist warns", setup: func(t *testing.T, e *badEnv) {
			e.Target = projConfig(t, e, "nosource.toml", handbookKey("source", `"no-such-fuser"`))
		}, args: func(e *badEnv) []string { return withConfig(e, e.Target, "--source") }, warn: "no-such-fuser"},
		{name: "config notes that do not exist warn", setup: func(t *testing.T, e *badEnv) {
			e.Target = projConfig(t, e, "nonotes.toml", handbookKey("notes", `["no-such-notes"]`))
		}, args: func(e *badEnv) []string { return withConfig(e, e.Target, "--notes") }, warn: "no-such-notes"},
		{name: "config with a misspelt key warns", setup: func(t *testing.T, e *badEnv) {
			e.Target = projConfig(t, e, "typo.toml", handbookKey("sorce", `"../Fuser"`))
		}, args: func(e *badEnv) []string { return replaceArg(e, "--config", e.Target) }, warn: "typo.toml:"},
		{name: "config out is the project", setup: func(t *testing.T, e *badEnv) {
			e.Target = projConfig(t, e, "outproj.toml", handbookKey("out", `"."`))
			e.Guard = append(e.Guard, e.Proj)
		}, args: func(e *badEnv) []string { return withConfig(e, e.Target, "--out") }, fail: "it is the project"},
		{name: "config out is someone else's folder", setup: func(t *testing.T, e *badEnv) {
			foreign := filepath.Join(e.Proj, "content")
			e.Guard = append(e.Guard, foreign)
			e.Target = projConfig(t, e, "outforeign.toml", handbookKey("out", `"content"`))
		}, args: func(e *badEnv) []string { return withConfig(e, e.Target, "--out") }, fail: "content: it is a folder gen did not make"},
		{name: "check refuses a foreign out too", setup: func(t *testing.T, e *badEnv) {
			e.Target = filepath.Join(t.TempDir(), "mine")
			writeFile(t, filepath.Join(e.Target, "a.txt"), "mine")
			e.Guard = append(e.Guard, e.Target)
		}, args: func(e *badEnv) []string { return append([]string{"check"}, withOut(e, e.Target)...) }, fail: "refusing to publish into {target}"},

		// Source files.
		{name: "empty env_options.yaml", files: map[string]string{"tools/env-config/env_options.yaml": ""}, fail: "tools/env-config/env_options.yaml: empty file"},
		{name: "empty options.cpp", files: map[string]string{"csrc/options.cpp": ""}},
		{name: "empty options.h", files: map[string]string{"csrc/options.h": ""}},
		{name: "missing options.h warns", files: map[string]string{"csrc/options.h": deleteFile}, warn: "csrc/options.h"},
		{name: "yaml with a byte order mark", files: map[string]string{"tools/env-config/env_options.yaml": bom + goodTree["tools/env-config/env_options.yaml"]},
			render: optionPage("fusion_ir")},
		{name: "yaml with CRLF line ends", files: map[string]string{"tools/env-config/env_options.yaml": crlf(goodTree["tools/env-config/env_options.yaml"])},
			render: optionPage("fusion_ir")},
		{name: "c++ with CRLF line ends", files: map[string]string{"csrc/options.cpp": crlf(goodTree["csrc/options.cpp"]), "csrc/options.h": crlf(goodTree["csrc/options.h"])},
			render: optionPage("fusion_ir")},
		{name: "c++ with a byte order mark", files: map[string]string{"csrc/options.cpp": bom + goodTree["csrc/options.cpp"]}, render: optionPage("fusion_ir")},
		{name: "a 1 MB line in a source file", files: map[string]string{"csrc/huge.cpp": huge}},
		{name: "yaml indented with tabs", files: map[string]string{"tools/env-config/env_options.yaml": "options:\n\t- name: a\n"}, fail: "tools/env-config/env_options.yaml:2"},
		{name: "yaml options is not a list", files: map[string]string{"tools/env-config/env_options.yaml": "options: fusion_ir\n"}, fail: "tools/env-config/env_options.yaml:1"},
		{name: "note with BOM and CRLF", files: map[string]string{"notes/win.md": bom + crlf("# Crash on Windows\n\nSIGSEGV in `nvfuser::A::b`\n")},
			render: func(t *testing.T, e *badEnv) {
				if page := pageOf(t, e.Out, "win"); !strings.Contains(page, "Crash on Windows") {
					t.Error("the note's title was lost")
				}
			}},
	}
	runBadInputs(t, cases)
}

// optionPage checks the fusion_ir option still made it to its page.
func optionPage(name string) func(t *testing.T, e *badEnv) {
	return func(t *testing.T, e *badEnv) {
		if _, err := os.Stat(filepath.Join(e.Out, "options", "dump", name, "index.html")); err != nil {
			t.Errorf("option %s has no page: %v", name, err)
		}
	}
}
