package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenderFilterFlags: --filter tent (explicit, or with its default
// width 2) writes the same file as no flag (the default is unchanged);
// other filters and the pixel-centre mode render and differ; bad values
// and raster mode are refused naming the flag.
func TestRenderFilterFlags(t *testing.T) {
	dir := t.TempDir()
	render := func(name string, extra ...string) ([]byte, string, int) {
		out := filepath.Join(dir, name+".pfm")
		var stdout, stderr bytes.Buffer
		args := append([]string{"render", "-o", out, "--size", "12x8", "--spp", "2", "--threads", "2", "--quiet"}, extra...)
		code := run(context.Background(), args, &stdout, &stderr)
		b, _ := os.ReadFile(out)
		return b, stderr.String(), code
	}
	def, msg, code := render("default")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	for _, c := range []struct {
		name  string
		args  []string
		equal bool
	}{
		{"tent", []string{"--filter", "tent"}, true},
		{"tent2", []string{"--filter", "tent", "--filter-width", "2"}, true},
		{"box", []string{"--filter", "box"}, false},
		{"gaussian", []string{"--filter", "gaussian", "--filter-width", "2"}, false},
		{"bh", []string{"--filter", "blackman-harris"}, false},
		{"center", []string{"--filter", "center"}, false},
	} {
		got, msg, code := render(c.name, c.args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", c.args, code, msg)
			continue
		}
		if bytes.Equal(got, def) != c.equal {
			t.Errorf("%v: same image as the default = %v, want %v", c.args, !c.equal, c.equal)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--filter", "lanczos"}, "--filter"},
		{[]string{"--filter-width", "-1"}, "--filter-width"},
		{[]string{"--filter-width", "17"}, "--filter-width"},
		{[]string{"--filter", "center", "--filter-width", "1"}, "--filter-width"},
		{[]string{"--mode", "raster", "--filter", "box"}, "--mode raster"},
	} {
		if _, msg, code := render("bad", c.args...); code == 0 || !strings.Contains(msg, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want an error naming %s", c.args, code, msg, c.want)
		}
	}
}
