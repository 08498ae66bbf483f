package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenderBounceFlagErrors: out-of-range per-lobe limits, and the
// limits with the rasterizer, exit 1 naming the flag.
func TestRenderBounceFlagErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--max-diffuse-bounces", "-1"}, "--max-diffuse-bounces -1: want 0..65536"},
		{[]string{"--max-glossy-bounces", "65537"}, "--max-glossy-bounces 65537: want 0..65536"},
		{[]string{"--max-transmission-bounces", "-5"}, "--max-transmission-bounces -5"},
		{[]string{"--mode", "raster", "--max-diffuse-bounces", "2"}, "--max-diffuse-bounces: a path-tracing setting"},
		{[]string{"--spp", "0", "--max-glossy-bounces", "2"}, "--max-glossy-bounces: a path-tracing setting"},
		{[]string{"--mode", "deferred", "--max-transmission-bounces", "2"}, "--max-transmission-bounces: a path-tracing setting"},
	} {
		args := append([]string{"render", "--size", "4x4", "--spp", "1", "--quiet", "-o", filepath.Join(dir, "o.png")}, c.args...)
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q (want 1 and %q)", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestRenderBounceFlags: on the Cornell box OBJ, whose materials are all
// Lambertian, --max-diffuse-bounces 2 renders the bits of --max-bounces 2
// (and not those of the default 12), and a glossy or transmission limit
// leaves the image as it is.
func TestRenderBounceFlags(t *testing.T) {
	box := filepath.Join("..", "..", "..", "shared", "scenes", "CornellBox", "CornellBox-Original.obj")
	if _, err := os.Stat(box); err != nil {
		t.Skip("shared scene set absent:", err)
	}
	dir := t.TempDir()
	render := func(name string, extra ...string) []byte {
		out := filepath.Join(dir, name+".pfm")
		args := append([]string{"render", box, "--size", "16x16", "--spp", "2", "--threads", "2", "--quiet", "-o", out}, extra...)
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", extra, code, stderr.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	plain := render("plain")
	diffuse := render("diffuse2", "--max-diffuse-bounces", "2")
	if two := render("max2", "--max-bounces", "2"); !bytes.Equal(diffuse, two) {
		t.Error("--max-diffuse-bounces 2: not the image of --max-bounces 2")
	}
	if bytes.Equal(diffuse, plain) {
		t.Error("--max-diffuse-bounces 2: the image of 12 bounces")
	}
	if other := render("other", "--max-glossy-bounces", "1", "--max-transmission-bounces", "1"); !bytes.Equal(other, plain) {
		t.Error("glossy and transmission limits changed a Lambertian scene")
	}
}
