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

// TestRunBenchmarks runs the whole benchmark set with few rays; with
// ACCEL_BENCH_FULL=1 it uses 262144 rays and best-of-3 and logs the figures
// (go test ./accel -run TestRunBenchmarks -v).
func TestRunBenchmarks(t *testing.T) {
	haveScenes(t)
	if testing.Short() {
		t.Skip("short")
	}
	rays, repeat := 4096, 1
	if os.Getenv("ACCEL_BENCH_FULL") != "" {
		rays, repeat = 262144, 3
	}
	res, err := RunBenchmarks(context.Background(), BenchOptions{ScenesDir: scenesDir, Rays: rays, Repeat: repeat})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		t.Logf("%-45s %10.3f %-8s baseline %8.4f ratio %8.1f", r.Name, r.Value, r.Unit, r.Baseline, r.Ratio)
	}
}

func TestRunBenchmarksMissingScenes(t *testing.T) {
	res, err := RunBenchmarks(context.Background(), BenchOptions{ScenesDir: t.TempDir(), Rays: 64, Repeat: 1})
	if err != nil || len(res) != 0 {
		t.Fatalf("missing scenes: %v results, error %v", len(res), err)
	}
}
