package buildid

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The ID read is the one the Go toolchain reports for the same binary
// (the test binary itself).
func TestSelfIsTheToolchains(t *testing.T) {
	got, err := Self()
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	if err != nil {
		t.Fatalf("go tool buildid: %v", err)
	}
	if want := strings.TrimSpace(string(out)); got != want {
		t.Errorf("Self() = %q, go tool buildid says %q", got, want)
	}
}

func TestMarked(t *testing.T) {
	cases := []struct {
		name, data, want string
		ok               bool
	}{
		{"marked", "junk\xff Go build ID: \"abc/def\"\n \xffmore", "abc/def", true},
		{"none", "no id here", "", false},
		{"unterminated", "\xff Go build ID: \"abc", "", false},
		{"empty", "\xff Go build ID: \"\"\n \xff", "", false},
	}
	for _, c := range cases {
		got, err := marked([]byte(c.data))
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("%s: marked = %q, %v; want %q (ok %v)", c.name, got, err, c.want, c.ok)
		}
	}
}

func TestNoteDesc(t *testing.T) {
	note := []byte{4, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 'G', 'o', 0, 0, 'a', 'b', 'c'}
	if got, err := noteDesc(note); err != nil || got != "abc" {
		t.Errorf("noteDesc = %q, %v", got, err)
	}
	bad := append([]byte(nil), note...)
	bad[4] = 9 // longer than the section
	if _, err := noteDesc(bad); err == nil {
		t.Error("noteDesc accepted a description past the section's end")
	}
	other := append([]byte(nil), note...)
	other[12] = 'X'
	if _, err := noteDesc(other); err == nil {
		t.Error("noteDesc accepted a note not named Go")
	}
}
