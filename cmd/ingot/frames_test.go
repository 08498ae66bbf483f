package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// boxAnimated is ../shared/scenes/BoxAnimated (the test skips without it).
func boxAnimated(t *testing.T) string {
	t.Helper()
	p := filepath.Join("..", "..", "..", "shared", "scenes", "BoxAnimated", "glTF-Binary", "BoxAnimated.glb")
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared scenes absent: %v", err)
	}
	return p
}

// frameArgs are the small, fast settings of the frame tests.
var frameArgs = []string{"--size", "16x12", "--spp", "1", "--threads", "2", "--quiet"}

// ingot runs the command line args and fails the test on a non-zero exit.
func ingot(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("ingot %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
	}
	return stderr.String()
}

// readFile reads path or fails the test.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pixels decodes a PNG file to NRGBA bytes.
func pixels(t *testing.T, path string) []byte {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(readFile(t, path)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	b := img.Bounds()
	out := make([]byte, 0, 4*b.Dx()*b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			out = append(out, byte(r>>8), byte(g>>8), byte(bl>>8), byte(a>>8))
		}
	}
	return out
}

// TestFramesBoxAnimated is issue 15's acceptance test of animation to
// frames: BoxAnimated as 24 frames (--fps 24: one second); every frame
// equals the single-frame render at the same --time bit for bit, two calls
// rendering halves of the range write the same files as one call, and
// --skip-existing renders only what is missing.
func TestFramesBoxAnimated(t *testing.T) {
	scene := boxAnimated(t)
	dir := t.TempDir()
	one := filepath.Join(dir, "one")
	halves := filepath.Join(dir, "halves")
	for _, d := range []string{one, halves} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ingot(t, append([]string{"render", scene, "--frames", "0:23", "--fps", "24", "-o", filepath.Join(one, "f_%02d.png")}, frameArgs...)...)
	ingot(t, append([]string{"render", scene, "--frames", "0:11", "-o", filepath.Join(halves, "f_%02d.png")}, frameArgs...)...)
	ingot(t, append([]string{"render", scene, "--frames", "12:23", "-o", filepath.Join(halves, "f_%02d.png")}, frameArgs...)...)
	distinct := map[string]bool{}
	for n := range 24 {
		name := fmt.Sprintf("f_%02d.png", n)
		a := readFile(t, filepath.Join(one, name))
		if !bytes.Equal(a, readFile(t, filepath.Join(halves, name))) {
			t.Errorf("%s: the two-call render differs from the one-call render", name)
		}
		distinct[string(a)] = true
		single := filepath.Join(dir, "single_"+name)
		tm := strconv.FormatFloat(float64(n)/24, 'g', -1, 64)
		ingot(t, append([]string{"render", scene, "--time", tm, "-o", single}, frameArgs...)...)
		if !bytes.Equal(a, readFile(t, single)) {
			t.Errorf("frame %d differs from the single-frame render at --time %s", n, tm)
		}
	}
	if len(distinct) < 12 {
		t.Errorf("only %d distinct frames of 24: is the animation playing?", len(distinct))
	}

	// Resume: remove two frames; --skip-existing renders just those.
	for _, n := range []int{3, 17} {
		os.Remove(filepath.Join(halves, fmt.Sprintf("f_%02d.png", n)))
	}
	args := append([]string{"render", scene, "--frames", "0:23", "--skip-existing", "-o", filepath.Join(halves, "f_%02d.png")}, frameArgs...)
	msg := ingot(t, args...)
	if !strings.Contains(msg, "wrote 2 frames") || !strings.Contains(msg, "22 skipped") {
		t.Errorf("--skip-existing: %q, want 2 frames written and 22 skipped", msg)
	}
	for _, n := range []int{3, 17} {
		name := fmt.Sprintf("f_%02d.png", n)
		if !bytes.Equal(readFile(t, filepath.Join(one, name)), readFile(t, filepath.Join(halves, name))) {
			t.Errorf("%s: resumed frame differs", name)
		}
	}
}

// TestRegionsMerge: the regions of a frame (uneven, path tracer, PNG and
// linear PFM) merged with `ingot merge` equal the whole frame, and merge
// refuses gaps and overlaps.
func TestRegionsMerge(t *testing.T) {
	scene := boxAnimated(t)
	dir := t.TempDir()
	base := append([]string{"render", scene, "--time", "0.5"}, frameArgs...)
	whole := filepath.Join(dir, "whole.png")
	ingot(t, append(base, "-o", whole, "--linear", filepath.Join(dir, "whole.pfm"))...)
	regions := []image.Rectangle{image.Rect(0, 0, 5, 12), image.Rect(5, 0, 16, 7), image.Rect(5, 7, 16, 12)}
	var pngParts, pfmParts []string
	for i, r := range regions {
		spec := fmt.Sprintf("%d,%d,%d,%d", r.Min.X, r.Min.Y, r.Max.X, r.Max.Y)
		p := filepath.Join(dir, fmt.Sprintf("part%d.png", i))
		l := filepath.Join(dir, fmt.Sprintf("part%d.pfm", i))
		ingot(t, append(base, "--region", spec, "-o", p, "--linear", l)...)
		pngParts = append(pngParts, fmt.Sprintf("%d,%d=%s", r.Min.X, r.Min.Y, p))
		pfmParts = append(pfmParts, spec+"="+l)
	}
	merged := filepath.Join(dir, "merged.png")
	ingot(t, append([]string{"merge", "-o", merged}, pngParts...)...)
	if !slices.Equal(pixels(t, merged), pixels(t, whole)) {
		t.Error("merged PNG regions differ from the whole frame")
	}
	mergedPFM := filepath.Join(dir, "merged.pfm")
	ingot(t, append([]string{"merge", "-o", mergedPFM, "--size", "16x12"}, pfmParts...)...)
	if !bytes.Equal(readFile(t, mergedPFM), readFile(t, filepath.Join(dir, "whole.pfm"))) {
		t.Error("merged PFM regions differ from the whole frame's linear radiance")
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"gap", []string{"--size", "16x12", pngParts[0], pngParts[1]}, "is in no part"},
		{"overlap", []string{pngParts[0], pngParts[1], pngParts[2], "0,0=" + filepath.Join(dir, "part0.png")}, "in another part"},
		{"wrong size", []string{"0,0,4,12=" + filepath.Join(dir, "part0.png")}, "but the image is 5x12"},
		{"mixed formats", []string{pfmParts[0]}, "want a .png file"},
		{"bad spec", []string{"1=" + merged}, "want X0,Y0=FILE"},
	} {
		var stdout, stderr bytes.Buffer
		args := append([]string{"merge", "-o", filepath.Join(dir, "bad.png")}, c.args...)
		if code := run(context.Background(), args, &stdout, &stderr); code != exitFailed || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%s: exit %d, %q; want exit %d and %q", c.name, code, stderr.String(), exitFailed, c.want)
		}
	}
}

// TestFrameFlagErrors: bad frame-job flags fail before rendering, naming
// the flag.
func TestFrameFlagErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "f_%04d.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--frames", "5:2", "-o", out}, "--frames \"5:2\""},
		{[]string{"--frames", "0:3:0", "-o", out}, "STEP ≥ 1"},
		{[]string{"--frames", "x", "-o", out}, "--frames"},
		{[]string{"--frames", "0:3", "-o", filepath.Join(dir, "out.png")}, "one frame number verb"},
		{[]string{"--frames", "0:3", "-o", filepath.Join(dir, "f_%d_%d.png")}, "found 2"},
		{[]string{"--frames", "0:3", "-o", filepath.Join(dir, "f_%s%d.png")}, "only one %d verb"},
		{[]string{"--frames", "0:3", "-o", out, "--time", "1"}, "--time"},
		{[]string{"--frames", "0:3", "-o", out, "--shutter", "0,1"}, "--shutter-angle"},
		{[]string{"--frames", "0:3", "-o", out, "--fps", "0"}, "--fps 0"},
		{[]string{"--frames", "0:3", "-o", out, "--shutter-angle", "400"}, "--shutter-angle 400"},
		{[]string{"--skip-existing", "-o", filepath.Join(dir, "a.png")}, "--skip-existing: only with --frames"},
		{[]string{"--region", "0,0,300,4", "-o", filepath.Join(dir, "a.png")}, "--region 0,0,300,4"},
		{[]string{"--region", "4,0,4,4", "-o", filepath.Join(dir, "a.png")}, "0 ≤ x0 < x1"},
		{[]string{"--region", "0,0,4,4", "--mode", "raster", "-o", filepath.Join(dir, "a.png")}, "--region: a path-tracing setting"},
		{[]string{"--animation", "nope", "-o", out}, "--animation nope: the scene has no animations"},
	} {
		var stdout, stderr bytes.Buffer
		args := append([]string{"render", "--size", "8x8", "--spp", "1", "--quiet"}, c.args...)
		code := run(context.Background(), args, &stdout, &stderr)
		if code != exitFailed || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", c.args, code, stderr.String(), exitFailed, c.want)
		}
	}
}

// TestSelectAnimation: --animation takes a name or an index, and an
// unknown one lists the animations; without --frames the animation's own
// range is rendered.
func TestSelectAnimation(t *testing.T) {
	scene := boxAnimated(t)
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), append([]string{"render", scene, "--animation", "7", "-o", filepath.Join(dir, "a_%d.png")}, frameArgs...), &stdout, &stderr)
	if code != exitFailed || !strings.Contains(stderr.String(), "the scene has 1 animation (0") {
		t.Errorf("unknown animation: exit %d, %q", code, stderr.String())
	}
	// BoxAnimated's animation runs from 0 to 3.708 s: at 2 fps, frames 0..7.
	msg := ingot(t, append([]string{"render", scene, "--animation", "0", "--fps", "2", "-o", filepath.Join(dir, "a_%d.png")}, frameArgs...)...)
	if !strings.Contains(msg, "wrote 8 frames") {
		t.Errorf("--animation 0 --fps 2: %q, want 8 frames", msg)
	}
	for n := range 8 {
		if _, err := os.Stat(filepath.Join(dir, fmt.Sprintf("a_%d.png", n))); err != nil {
			t.Error(err)
		}
	}
}

// TestParseFrames covers the --frames syntax.
func TestParseFrames(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
	}{
		{"0:3", []int{0, 1, 2, 3}}, {"5:5", []int{5}}, {"2:9:3", []int{2, 5, 8}}, {" 1 : 2 ", []int{1, 2}},
		{"3:1", nil}, {"-1:2", nil}, {"1:2:0", nil}, {"1", nil}, {"1:2:3:4", nil}, {"a:b", nil},
	} {
		r, err := parseFrames(c.in)
		if (err != nil) != (c.want == nil) {
			t.Errorf("%q: error %v", c.in, err)
			continue
		}
		if err == nil && !slices.Equal(r.numbers(), c.want) {
			t.Errorf("%q: %v, want %v", c.in, r.numbers(), c.want)
		}
	}
}

// TestFrameTimes: frame n opens at n/fps whatever the range; the shutter
// angle is a fraction of the frame interval.
func TestFrameTimes(t *testing.T) {
	if got := frameTimes(12, 24, 0); got != [2]float32{0.5, 0.5} {
		t.Errorf("frame 12 at 24 fps: %v", got)
	}
	if got := frameTimes(12, 24, 180); got != [2]float32{0.5, float32(0.5 + 0.5/24)} {
		t.Errorf("frame 12, 180°: %v", got)
	}
}

// TestFramesMotionBlurAndRaster: --shutter-angle blurs across the frame
// interval exactly as --shutter over the same interval does, and the
// rasterizer (--mode raster) renders frame sequences through the same job.
func TestFramesMotionBlurAndRaster(t *testing.T) {
	scene := boxAnimated(t)
	dir := t.TempDir()
	ingot(t, append([]string{"render", scene, "--frames", "30:30", "--shutter-angle", "180", "-o", filepath.Join(dir, "blur_%d.png")}, frameArgs...)...)
	ingot(t, append([]string{"render", scene, "--frames", "30:30", "-o", filepath.Join(dir, "sharp_%d.png")}, frameArgs...)...)
	sh := frameTimes(30, 24, 180)
	spec := strconv.FormatFloat(float64(sh[0]), 'g', -1, 32) + "," + strconv.FormatFloat(float64(sh[1]), 'g', -1, 32)
	ingot(t, append([]string{"render", scene, "--shutter", spec, "-o", filepath.Join(dir, "single.png")}, frameArgs...)...)
	blur := readFile(t, filepath.Join(dir, "blur_30.png"))
	if !bytes.Equal(blur, readFile(t, filepath.Join(dir, "single.png"))) {
		t.Errorf("--shutter-angle 180 frame differs from --shutter %s", spec)
	}
	if bytes.Equal(blur, readFile(t, filepath.Join(dir, "sharp_30.png"))) {
		t.Error("--shutter-angle 180 made no difference")
	}
	msg := ingot(t, "render", scene, "--mode", "raster", "--frames", "0:2", "--size", "16x12", "--quiet", "-o", filepath.Join(dir, "r_%d.png"))
	if !strings.Contains(msg, "wrote 3 frames") {
		t.Errorf("raster frames: %q", msg)
	}
	if bytes.Equal(readFile(t, filepath.Join(dir, "r_0.png")), readFile(t, filepath.Join(dir, "r_2.png"))) {
		t.Error("raster frames 0 and 2 are the same image")
	}
}

// TestFramesTimeLimit: a frame job stopped by --time-limit exits with
// exitTimeLimit, says which frame it was in and writes nothing of that
// frame (so --skip-existing redoes it).
func TestFramesTimeLimit(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"render", "--frames", "0:9", "-o", filepath.Join(dir, "f_%d.png"), "--size", "16x16",
		"--spp", "100000", "--time-limit", "300ms", "--quiet"}, &stdout, &stderr)
	if code != exitTimeLimit || !strings.Contains(stderr.String(), "in frame 0: wrote no frames; frame 0 and later were not written") {
		t.Fatalf("exit %d, %q", code, stderr.String())
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*")); len(m) != 0 {
		t.Errorf("files left: %v", m)
	}
}

// TestFramesAllOutputs: --linear and --aov-dir take frame patterns too.
func TestFramesAllOutputs(t *testing.T) {
	dir := t.TempDir()
	ingot(t, "render", "--frames", "4:6:2", "--size", "8x8", "--spp", "1", "--quiet", "-o", filepath.Join(dir, "f_%d.png"),
		"--linear", filepath.Join(dir, "f_%d.pfm"), "--aov-dir", filepath.Join(dir, "aov_%03d"))
	for _, name := range []string{"f_4.png", "f_6.png", "f_4.pfm", "f_6.pfm", "aov_004/albedo.pfm", "aov_006/depth.pfm"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "f_5.png")); err == nil {
		t.Error("STEP 2 rendered frame 5")
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"render", "--frames", "0:1", "-o", filepath.Join(dir, "g_%d.png"), "--linear", filepath.Join(dir, "g.pfm")}, &stdout, &stderr)
	if code != exitFailed || !strings.Contains(stderr.String(), "--linear") {
		t.Errorf("--linear without a verb: exit %d, %q", code, stderr.String())
	}
}
