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

// TestRenderCommandStops: --time-limit stops the render, still writes
// the image and exits with exitTimeLimit.
func TestRenderCommandStops(t *testing.T) {
	out := filepath.Join(t.TempDir(), "partial.png")
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"render", "-o", out, "--size", "32x32", "--spp", "100000", "--time-limit", "300ms", "--quiet"}, &stdout, &stderr)
	if code != exitTimeLimit {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !matches(`stopped at \d+ spp`, stderr.String()) {
		t.Errorf("stderr %q, want a 'stopped at N spp' line", stderr.String())
	}
	if _, err := os.Stat(out); err != nil {
		t.Error(err)
	}
}

// TestRenderCommandErrors: bad flags exit 1 with a message naming the
// flag (not a Go struct field).
func TestRenderCommandErrors(t *testing.T) {
	dir := t.TempDir()
	spin := writeSpin(t, dir)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--size", "12"}, "--size"},
		{[]string{"--spp", "-1"}, "--spp"},
		{[]string{"--spp", "0", "--mode", "path"}, "--spp 0"},
		{[]string{"--tonemap", "filmic"}, "--tonemap"},
		{[]string{"--shutter", "1,0"}, "--shutter"},
		{[]string{"--eye", "0,0,1"}, "--eye"},
		{[]string{"--mode", "deferred", "--msaa", "4"}, "--msaa 4: --mode deferred shades one sample per pixel"},
		{[]string{"--mode", "deferred", "--aperture", "0.1"}, "--aperture"},
		{[]string{"--mode", "gbuffer"}, "--mode"},
		{[]string{"--mode", "raster", "--material", "nope=" + spin}, `--material nope=` + spin + `: the scene has no material "nope"`},
		{[]string{"--spp", "0", "--aperture", "0.1"}, "--aperture"},
		{[]string{"--mode", "raster", "--msaa", "3"}, "--msaa 3"},
		{[]string{"--mode", "raster", "--lod", "1"}, "--lod 1: want a positive pixel count, with --mode mesh"},
		{[]string{"--mode", "mesh", "--lod", "-1"}, "--lod -1"},
		{[]string{"--spp", "4", "--lod", "1"}, "--lod 1: a setting of --mode mesh"},
		{[]string{"--env", "nope.exr"}, "--env"},
		{[]string{"--material", "x"}, "--material"},
		{[]string{"-o", filepath.Join(dir, "x.jpg")}, "-o"},
		{[]string{"--camera", "nope"}, "nope"},
		{[]string{"--camera", "1"}, `--camera 1: the scene has 1 camera (index 0, "camera")`},
		{[]string{"--size", "100000x100000"}, "--size 100000x100000: at most 16384 per side"},
		{[]string{"--exposure", "NaN"}, "--exposure NaN: want a finite number"},
		{[]string{"--time", "-1"}, "--time -1: want ≥ 0"},
		{[]string{"--time", "+Inf"}, "--time +Inf: want a finite number"},
		{[]string{"--time-limit", "-2s"}, "--time-limit -2s: want ≥ 0"},
		{[]string{"--fov", "NaN", "--eye", "0,0,1", "--target", "0,0,0"}, "--fov NaN"},
		{[]string{"--env-intensity", "-1"}, "--env-intensity -1"},
		{[]string{"--eye", "0,NaN,1", "--target", "0,0,0"}, "--eye"},
		{[]string{"--eye", "0,0,1", "--target", "0,0,1"}, "--eye 0,0,1 --target 0,0,1: the same point"},
		{[]string{"--eye", "0,1,0", "--target", "0,0,0"}, "--up 0,1,0: parallel to the view direction"},
		{[]string{"--shutter", "0,NaN"}, "--shutter"},
		{[]string{"--material", "nope=" + spin}, `--material nope=` + spin + `: the scene has no material "nope" (materials: `},
		{[]string{"no/such/scene.glb"}, "scene.glb"},
	} {
		args := append([]string{"render", "--size", "4x4", "--spp", "1", "--quiet", "-o", filepath.Join(dir, "o.png")}, c.args...)
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q (want 1 and %q)", c.args, code, stderr.String(), c.want)
		}
		if strings.Contains(stderr.String(), "Frame.") || strings.Contains(stderr.String(), "Options.") {
			t.Errorf("%v: the message names a Go field: %q", c.args, stderr.String())
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

// TestRenderCommandRaster: --spp 0 (--mode auto) and --mode raster
// rasterize the scene and write the image and the AOVs.
func TestRenderCommandRaster(t *testing.T) {
	for _, args := range [][]string{{"--spp", "0"}, {"--mode", "raster", "--msaa", "1", "--exposure", "1"}} {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.png")
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"render", "-o", out, "--size", "16x12", "--threads", "2",
			"--aov-dir", filepath.Join(dir, "aov"), "--quiet"}, args...), &stdout, &stderr)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != 16 || b.Dy() != 12 {
			t.Errorf("%v: image %v, want 16x12", args, b)
		}
		for _, name := range []string{"aov/albedo.pfm", "aov/normal.pfm", "aov/depth.pfm"} {
			if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
				t.Errorf("%v: %s: %v", args, name, err)
			}
		}
		if !strings.Contains(stderr.String(), "raster") {
			t.Errorf("%v: stderr %q does not report a raster render", args, stderr.String())
		}
	}
}

// TestRenderCommandMesh: --mode mesh draws through meshlets and writes the
// same image as --mode raster.
func TestRenderCommandMesh(t *testing.T) {
	dir := t.TempDir()
	var imgs [2][]byte
	for i, mode := range []string{"raster", "mesh"} {
		out := filepath.Join(dir, mode+".png")
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"render", "-o", out, "--size", "24x16", "--threads", "2", "--quiet", "--mode", mode}, &stdout, &stderr)
		if code != 0 {
			t.Fatalf("--mode %s: exit %d: %s", mode, code, stderr.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		imgs[i] = b
	}
	if !bytes.Equal(imgs[0], imgs[1]) {
		t.Error("--mode mesh wrote another image than --mode raster")
	}
}

// TestRenderCommandDeferred: --mode deferred writes the image of --mode
// raster --msaa 1.
func TestRenderCommandDeferred(t *testing.T) {
	dir := t.TempDir()
	var imgs [2][]byte
	for i, args := range [][]string{{"--mode", "raster", "--msaa", "1"}, {"--mode", "deferred"}} {
		out := filepath.Join(dir, args[1]+".png")
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"render", "-o", out, "--size", "24x16", "--threads", "2", "--quiet"}, args...), &stdout, &stderr)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		if i == 1 && !strings.Contains(stderr.String(), "deferred") {
			t.Errorf("%v: stderr %q does not report a deferred render", args, stderr.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		imgs[i] = b
	}
	if !bytes.Equal(imgs[0], imgs[1]) {
		t.Error("--mode deferred wrote another image than --mode raster --msaa 1")
	}
}
