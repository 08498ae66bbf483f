package main

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenderCommand renders the default scene small, with linear and AOV
// outputs, and checks the files.
func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.png")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"render", "-o", out, "--size", "12x8", "--spp", "2", "--threads", "2",
		"--linear", filepath.Join(dir, "out.pfm"), "--aov-dir", filepath.Join(dir, "aov"), "--tonemap", "aces", "--seed", "3"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 12 || b.Dy() != 8 {
		t.Errorf("image %v, want 12x8", b)
	}
	for _, name := range []string{"out.pfm", "aov/albedo.pfm", "aov/normal.pfm", "aov/depth.pfm"} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	if !strings.Contains(stderr.String(), "samples/s") {
		t.Errorf("no summary line on stderr: %q", stderr.String())
	}
}

// TestRenderCommandStops: --time-limit stops the render and still writes
// the image.
func TestRenderCommandStops(t *testing.T) {
	out := filepath.Join(t.TempDir(), "partial.png")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"render", "-o", out, "--size", "32x32", "--spp", "100000", "--time-limit", "300ms", "--quiet"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !matches(`stopped at \d+ spp`, stderr.String()) {
		t.Errorf("stderr %q, want a 'stopped at N spp' line", stderr.String())
	}
	if _, err := os.Stat(out); err != nil {
		t.Error(err)
	}
}

// TestRenderCommandErrors: bad flags exit 1 with a message naming the flag.
func TestRenderCommandErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--size", "12"}, "--size"},
		{[]string{"--spp", "0"}, "--spp"},
		{[]string{"--tonemap", "filmic"}, "--tonemap"},
		{[]string{"--shutter", "1,0"}, "--shutter"},
		{[]string{"--eye", "0,0,1"}, "--eye"},
		{[]string{"--mode", "raster"}, "--mode"},
		{[]string{"--env", "nope.exr"}, "--env"},
		{[]string{"--material", "x"}, "--material"},
		{[]string{"-o", filepath.Join(dir, "x.jpg")}, "-o"},
		{[]string{"--camera", "nope"}, "nope"},
		{[]string{"no/such/scene.glb"}, "scene.glb"},
	} {
		args := append([]string{"render", "--size", "4x4", "--spp", "1", "--quiet", "-o", filepath.Join(dir, "o.png")}, c.args...)
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q (want 1 and %q)", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestRenderUnlitScene: a model without lights is lit by a white
// environment (and the user is told) instead of rendering black.
func TestRenderUnlitScene(t *testing.T) {
	duck := filepath.Join("..", "..", "..", "shared", "scenes", "Duck", "glTF-Binary", "Duck.glb")
	if _, err := os.Stat(duck); err != nil {
		t.Skip("shared scenes absent")
	}
	out := filepath.Join(t.TempDir(), "duck.png")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"render", duck, "-o", out, "--size", "24x24", "--spp", "2", "--quiet"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "no light sources") {
		t.Errorf("no note about the missing lights: %q", stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	var sum uint32
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bb, _ := img.At(x, y).RGBA()
			sum += (r + g + bb) >> 8
		}
	}
	if sum == 0 {
		t.Error("the unlit scene rendered black")
	}
}
