package bincache

import (
	"bytes"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	b := Header("test cache 1\n", "gen")
	b = AppendString(b, "héllo")
	b = AppendBytes(b, []byte{0, 1, 2})
	b = AppendBytes(b, nil)
	b = AppendUvarint(b, 300)
	b = AppendVarint(b, -7)
	d, err := NewDecoder(b, "test cache 1\n", "gen")
	if err != nil {
		t.Fatal(err)
	}
	if s := d.String(); s != "héllo" {
		t.Errorf("String = %q", s)
	}
	if got := d.Bytes(); !bytes.Equal(got, []byte{0, 1, 2}) {
		t.Errorf("Bytes = %v", got)
	}
	if got := d.Bytes(); got != nil {
		t.Errorf("empty Bytes = %v, want nil", got)
	}
	if u, v := d.Uvarint(), d.Varint(); u != 300 || v != -7 {
		t.Errorf("numbers = %d, %d", u, v)
	}
	if err := d.End(); err != nil {
		t.Error(err)
	}
	for _, c := range []struct{ magic, gen string }{{"test cache 2\n", "gen"}, {"test cache 1\n", "other"}} {
		if _, err := NewDecoder(b, c.magic, c.gen); err == nil {
			t.Errorf("read as %q by %q", c.magic, c.gen)
		}
	}
}

func TestDamage(t *testing.T) {
	b := AppendString(Header("m", "g"), "abc")
	for n := len("m") + 2; n < len(b); n++ {
		d, err := NewDecoder(b[:n], "m", "g")
		if err != nil {
			continue
		}
		if _ = d.String(); d.End() == nil {
			t.Errorf("a file cut to %d bytes read whole", n)
		}
	}
	d, _ := NewDecoder(append(AppendString(Header("m", "g"), "abc"), 9), "m", "g")
	if _ = d.String(); d.End() == nil {
		t.Error("a byte left over was not damage")
	}
	// A count past what the file holds.
	d, _ = NewDecoder(AppendUvarint(Header("m", "g"), 1<<40), "m", "g")
	if n := d.Count(1); n != 0 || d.Err == nil {
		t.Errorf("Count = %d, %v", n, d.Err)
	}
}
