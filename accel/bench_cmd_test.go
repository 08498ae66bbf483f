package accel

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// scenesDir is the shared scenes directory, relative to this package;
// ACCEL_SCENES overrides it.
var scenesDir = func() string {
	if d := os.Getenv("ACCEL_SCENES"); d != "" {
		return d
	}
	return "../../shared/scenes"
}()

func haveScenes(t testing.TB) {
	if _, err := os.Stat(filepath.Join(scenesDir, "bunny", "bunny.obj")); err != nil {
		t.Skip("shared scenes not present")
	}
}

// TestRunBenchmarks runs the whole benchmark set with few rays (the figures
// themselves come from `go test -run RunBenchmarks -v -full`).
func TestRunBenchmarks(t *testing.T) {
	haveScenes(t)
	if testing.Short() {
		t.Skip("short")
	}
	rays := 4096
	if os.Getenv("ACCEL_BENCH_FULL") != "" {
		rays = 262144
	}
	res, err := RunBenchmarks(context.Background(), BenchOptions{ScenesDir: scenesDir, Rays: rays, Repeat: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		t.Logf("%-45s %10.3f %-8s baseline %8.4f ratio %8.1f", r.Name, r.Value, r.Unit, r.Baseline, r.Ratio)
	}
}
