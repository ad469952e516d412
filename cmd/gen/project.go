package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	handbook "github.com/nvfuser-handbook/handbook"
	"github.com/nvfuser-handbook/handbook/generator/config"
)

// defaultConfig is the config file a command uses without --config.
const defaultConfig = "config.toml"

// where is the config a command runs with, and how it was chosen.
type where struct {
	file string
	// embedded: no config in the working folder, so the project built
	// into gen, unpacked into the user's cache folder.
	embedded bool
}

// String is the line gen prints about it.
func (w where) String() string {
	if w.embedded {
		wd, _ := os.Getwd()
		return fmt.Sprintf("config: the default built into gen (no %s in %s), unpacked at %s", defaultConfig, wd, w.file)
	}
	return "config: " + w.file
}

// findConfig decides which config a command uses: --config when given
// (it must exist), else config.toml, or a Hugo config/ folder, in the
// working folder, else the project embedded in gen.
func findConfig(file string, given bool) (where, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return where{}, err
	}
	if _, err := os.Stat(abs); err == nil {
		return where{file: abs}, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return where{}, fmt.Errorf("--config %s: %w", file, err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(abs), "config")); err == nil {
		return where{file: abs}, nil // Hugo's config/ folder (see config.LoadHugo)
	}
	if given {
		return where{}, fmt.Errorf("--config %s: no such file (without --config, gen uses %s in the working folder, else the default built into it)", file, defaultConfig)
	}
	dir, err := handbook.Unpack(handbook.CacheDir())
	if err != nil {
		return where{}, fmt.Errorf("no %s here, and the default built into gen could not be unpacked: %w", defaultConfig, err)
	}
	return where{file: filepath.Join(dir, defaultConfig), embedded: true}, nil
}

// loadConfig finds the config (findConfig) and loads it. With the
// embedded default, the site is published into public/ in the working
// folder, not into the user's cache.
func loadConfig(file string, given bool) (*config.Settings, where, error) {
	w, err := findConfig(file, given)
	if err != nil {
		return nil, w, err
	}
	s, err := config.Load(w.file)
	if err != nil {
		return nil, w, err
	}
	if w.embedded {
		wd, err := os.Getwd()
		if err != nil {
			return nil, w, err
		}
		s.Out = filepath.Join(wd, "public")
	}
	return s, w, nil
}

// placeholderNote says what a site built for the placeholder address
// means for its links, or "" for a real address.
func placeholderNote(url string) string {
	if !strings.HasPrefix(url, config.PlaceholderBaseURL) {
		return ""
	}
	return "the base URL is the placeholder " + config.PlaceholderBaseURL + " (config.toml's baseURL): absolute links and the JSON API's urls lead nowhere; build with --base-url URL (or set baseURL) for a site you publish"
}
