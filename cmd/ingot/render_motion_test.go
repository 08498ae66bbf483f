package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// readMotion reads a motion.pfm and checks that its B channel is
// coverage (0 or 1, zero motion where 0); it returns the size, the
// covered pixel count and the largest motion component.
func readMotion(t *testing.T, path string) (w, h, covered int, most float32) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	w, h, rgb, err := readPFM(fh)
	if err != nil {
		t.Fatal(err)
	}
	for i := range w * h {
		switch rgb[3*i+2] {
		case 1:
			covered++
			most = max(most, abs32(rgb[3*i]), abs32(rgb[3*i+1]))
		case 0:
			if rgb[3*i] != 0 || rgb[3*i+1] != 0 {
				t.Fatalf("%s: pixel %d uncovered with motion %v", path, i, rgb[3*i:3*i+2])
			}
		default:
			t.Fatalf("%s: pixel %d coverage %v", path, i, rgb[3*i+2])
		}
	}
	return w, h, covered, most
}

func abs32(x float32) float32 { return max(x, -x) }

// TestRenderRasterMotion: --aov-dir in raster mode writes motion.pfm:
// zero motion for a still scene; for an animated one, motion somewhere,
// and a --frames job's frame has the same file as the single render at
// that frame's time (both from one frame interval earlier); a frame
// without its motion.pfm is not skipped by --skip-existing.
func TestRenderRasterMotion(t *testing.T) {
	dir := t.TempDir()
	ingot(t, "render", "--mode", "raster", "--size", "16x12", "--quiet", "-o", filepath.Join(dir, "still.png"), "--aov-dir", filepath.Join(dir, "still"))
	w, h, covered, most := readMotion(t, filepath.Join(dir, "still", motionFile))
	if w != 16 || h != 12 || covered == 0 || most != 0 {
		t.Errorf("still scene: %dx%d, %d covered, largest motion %v; want 16x12, some covered, 0", w, h, covered, most)
	}
	scene := boxAnimated(t)
	ingot(t, "render", scene, "--mode", "raster", "--frames", "12:12", "--size", "32x24", "--quiet",
		"-o", filepath.Join(dir, "f_%d.png"), "--aov-dir", filepath.Join(dir, "aov_%d"))
	tm := strconv.FormatFloat(float64(float32(12.0/24)), 'g', -1, 32)
	ingot(t, "render", scene, "--mode", "raster", "--time", tm, "--size", "32x24", "--quiet",
		"-o", filepath.Join(dir, "single.png"), "--aov-dir", filepath.Join(dir, "single"))
	a, b := readFile(t, filepath.Join(dir, "aov_12", motionFile)), readFile(t, filepath.Join(dir, "single", motionFile))
	if !bytes.Equal(a, b) {
		t.Error("frame 12's motion.pfm differs from --time 0.5's")
	}
	if _, _, covered, most := readMotion(t, filepath.Join(dir, "single", motionFile)); covered == 0 || most == 0 {
		t.Errorf("animated scene: %d covered, largest motion %v; want motion", covered, most)
	}
	// --skip-existing counts motion.pfm among a raster frame's outputs.
	if err := os.Remove(filepath.Join(dir, "aov_12", motionFile)); err != nil {
		t.Fatal(err)
	}
	ingot(t, "render", scene, "--mode", "raster", "--frames", "12:12", "--size", "32x24", "--quiet", "--skip-existing",
		"-o", filepath.Join(dir, "f_%d.png"), "--aov-dir", filepath.Join(dir, "aov_%d"))
	if !bytes.Equal(a, readFile(t, filepath.Join(dir, "aov_12", motionFile))) {
		t.Error("--skip-existing did not redo the frame whose motion.pfm was missing")
	}
}
