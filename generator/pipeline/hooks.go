package pipeline

import (
	"fmt"
	"io"
	"strings"

	"github.com/nvfuser-handbook/handbook/generator/check"
	"github.com/nvfuser-handbook/handbook/generator/config"
	"github.com/nvfuser-handbook/handbook/generator/coverage"
	"github.com/nvfuser-handbook/handbook/generator/model"
	"github.com/nvfuser-handbook/handbook/generator/quality"
	"github.com/nvfuser-handbook/handbook/generator/urls"
)

// Hook is work run on the staged site between render and publish; an
// error aborts the publish.
type Hook func(staged string, r *Result) (Stage, error)

// CheckOptions are gen check's own switches.
type CheckOptions struct {
	Strict        bool // drift and check-quality findings are errors
	WriteManifest bool // after a clean check, record the published URLs in url_manifest
	// Since limits the check-quality findings to those not present at a
	// git revision of the checkout or in a published api/check-quality.json
	// (generator/quality).
	Since string
	// Annotations, when set, receives the (new) check-quality findings as
	// GitHub Actions annotations (--format github).
	Annotations io.Writer
}

// Check fails the run, before publishing, on broken links or anchors,
// on URLs that were published before and would disappear, and (with
// --strict) on drift.
func Check(s *config.Settings, opt CheckOptions) Hook {
	return func(staged string, r *Result) (Stage, error) {
		r.Start("check", "checking every link and anchor of the staged site", false)
		problems, err := check.Links(staged, s.BaseURL)
		if err != nil {
			return Stage{}, err
		}
		problems = check.InNotes(problems, r.Handbook.Notes)
		problems = append(problems, check.UnsafeURLs(r.Handbook.Notes)...)
		problems = append(problems, check.UnresolvedLocal(r.Handbook.Notes)...)
		nLinks := len(problems)
		previous, err := check.PublishedURLs(s.Out)
		if err != nil {
			return Stage{}, err
		}
		lost := check.LostURLs(previous, staged, s.Out+" (the site published before)")
		problems = append(problems, lost...)
		inbound := check.Inbound(staged, r.Handbook.Inbound)
		problems = append(problems, inbound...)
		if s.URLManifest != "" {
			listed, err := check.ReadManifest(s.URLManifest)
			if err != nil && !opt.WriteManifest {
				return Stage{}, fmt.Errorf("url_manifest: %w", err)
			}
			lost := check.LostURLs(listed, staged, s.URLManifest)
			problems = append(problems, lost...)
		}
		var drift []string
		for _, d := range r.Handbook.Drift {
			drift = append(drift, fmt.Sprintf("%s: %s: %s (%s)", d.Where, d.Kind, d.Subject, d.Text()))
		}
		for _, d := range r.Handbook.StrayExplanations {
			drift = append(drift, fmt.Sprintf("%s: explanation: %s", d.Where, d.Message))
		}
		findings, qualityNote, err := checkQuality(s, opt, r)
		if err != nil {
			return Stage{}, err
		}
		// Checks config.toml requires an explanation for that have none
		// (require_explanations): errors with --strict, like drift.
		var missing []string
		for _, m := range r.Handbook.Coverage.Missing {
			missing = append(missing, coverage.Line(m, urls.Absolute(s.BaseURL, urls.Check(m.ID))))
		}
		stage := Stage{Name: "check", Detail: fmt.Sprintf("%d broken links, %d lost URLs, %d of %d links from nvFuser broken, %d drift findings, %s",
			nLinks, len(problems)-nLinks-len(inbound), len(inbound), len(r.Handbook.Inbound), len(drift), qualityNote)}
		if len(s.RequireExplanations) > 0 {
			stage.Detail += fmt.Sprintf(", %d required explanations missing", len(missing))
		}
		if len(problems) > 0 {
			var lines []string
			for _, p := range problems {
				lines = append(lines, p.String())
			}
			return stage, fmt.Errorf("check found %d problem(s); the site was not published:\n  %s", len(problems), strings.Join(lines, "\n  "))
		}
		if opt.Strict && len(drift)+len(findings)+len(missing) > 0 {
			return stage, fmt.Errorf("check --strict: %d drift finding(s), %s, %d required explanation(s) missing; the site was not published:\n  %s", len(drift), qualityNote,
				len(missing), strings.Join(append(append(drift, missing...), findings...), "\n  "))
		}
		for _, d := range drift {
			r.Notices = append(r.Notices, "drift: "+d)
		}
		for _, m := range missing {
			r.Notices = append(r.Notices, "explanation required: "+m)
		}
		if opt.WriteManifest && s.URLManifest != "" {
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

// checkQuality lists the check-quality findings gen check reports (with
// --since, only the new ones) and writes them as annotations when asked.
func checkQuality(s *config.Settings, opt CheckOptions, r *Result) (lines []string, note string, err error) {
	h := r.Handbook
	fs := h.Quality
	note = fmt.Sprintf("%d check-quality findings", len(fs))
	if opt.Since != "" {
		before, err := quality.Before(opt.Since, s.Source, h)
		if err != nil {
			return nil, "", err
		}
		fs = quality.New(fs, before)
		note = fmt.Sprintf("%d new check-quality findings since %s (%d in all)", len(fs), opt.Since, len(h.Quality))
	}
	page := func(c *model.Check) string { return urls.Absolute(s.BaseURL, urls.Check(c.ID)) }
	if opt.Annotations != nil {
		if err := quality.Annotate(opt.Annotations, fs, page); err != nil {
			return nil, "", err
		}
	}
	for _, f := range fs {
		lines = append(lines, "check quality: "+quality.Line(f, page(f.Check)))
	}
	return lines, note, nil
}
