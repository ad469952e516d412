package main

import (
	"fmt"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/check"
	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/pipeline"
	"github.com/nvfuser-handbook/handbook/generator/search"
)

// searchHook indexes the staged site with Pagefind.
func searchHook(s *config.Settings) func(string, *pipeline.Result) (pipeline.Stage, error) {
	return func(staged string, _ *pipeline.Result) (pipeline.Stage, error) {
		bin, err := search.Pagefind(s.ProjectDir)
		if err != nil {
			return pipeline.Stage{}, err
		}
		summary, err := search.Index(bin, staged)
		return pipeline.Stage{Name: "search", Detail: summary}, err
	}
}

// checkOptions are gen check's own flags.
type checkOptions struct {
	strict        bool
	writeManifest bool
}

// checkHook fails the run, before publishing, on broken links or anchors,
// on URLs that were published before and would disappear, and (with
// --strict) on drift.
func checkHook(s *config.Settings, opt checkOptions) func(string, *pipeline.Result) (pipeline.Stage, error) {
	return func(staged string, r *pipeline.Result) (pipeline.Stage, error) {
		problems, err := check.Links(staged, s.BaseURL)
		if err != nil {
			return pipeline.Stage{}, err
		}
		nLinks := len(problems)
		previous, err := check.PublishedURLs(s.Out)
		if err != nil {
			return pipeline.Stage{}, err
		}
		lost, _ := check.LostURLs(previous, staged, s.Out+" (the site published before)")
		problems = append(problems, lost...)
		if s.URLManifest != "" {
			listed, err := check.ReadManifest(s.URLManifest)
			if err != nil && !opt.writeManifest {
				return pipeline.Stage{}, fmt.Errorf("url_manifest: %w", err)
			}
			lost, _ := check.LostURLs(listed, staged, s.URLManifest)
			problems = append(problems, lost...)
		}
		var drift []string
		for _, d := range r.Handbook.Drift {
			drift = append(drift, fmt.Sprintf("%s: %s: %s (%s)", d.Where, d.Kind, d.Subject, d.Detail))
		}
		stage := pipeline.Stage{Name: "check", Detail: fmt.Sprintf("%d broken links, %d lost URLs, %d drift findings", nLinks, len(problems)-nLinks, len(drift))}
		if len(problems) > 0 {
			var lines []string
			for _, p := range problems {
				lines = append(lines, p.String())
			}
			return stage, fmt.Errorf("check found %d problem(s); the site was not published:\n  %s", len(problems), strings.Join(lines, "\n  "))
		}
		if opt.strict && len(drift) > 0 {
			return stage, fmt.Errorf("check --strict: %d drift finding(s); the site was not published:\n  %s", len(drift), strings.Join(drift, "\n  "))
		}
		for _, d := range drift {
			r.Notices = append(r.Notices, "drift: "+d)
		}
		if opt.writeManifest && s.URLManifest != "" {
			urls, err := check.PublishedURLs(staged)
			if err != nil {
				return stage, err
			}
			if err := check.WriteManifest(s.URLManifest, urls); err != nil {
				return stage, err
			}
		}
		return stage, nil
	}
}
