package main

import "strings"

// handbookKey sets key in [params.handbook] to a TOML value (the scripts'
// setkey command).
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
