//go:build ingot_denormcensus

package lane_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/objload"
	"github.com/ingot-render/ingot/scenes/render"
)

// TestCensusCornell renders the Cornell box with the MSL path tracer on
// one worker (LANE_CENSUS_SIZE pixels square, default 64, and
// LANE_CENSUS_SPP samples, default 4; 12 bounces), logs the denormal
// census of the lane kernels per sample, and fails when any float kernel
// read a subnormal operand: on Intel cores one such lane makes a 64-lane
// multiply-add several times slower (BenchmarkSubnormalOperands), and the
// operands that were subnormal came from integer bits left in a shared lane
// vector. CI runs it with -tags ingot_denormcensus.
func TestCensusCornell(t *testing.T) {
	p := filepath.Join("..", "..", "..", "shared", "scenes", "CornellBox", "CornellBox-Original.obj")
	if _, err := os.Stat(p); err != nil {
		t.Skip("no Cornell box:", err)
	}
	size, spp := envInt("LANE_CENSUS_SIZE", 64), envInt("LANE_CENSUS_SPP", 4)
	s, err := objload.Load(context.Background(), p, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dev, err := render.NewDevice(1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.NewRenderer(context.Background(), dev, s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f := render.DefaultFrame()
	f.Width, f.Height, f.SPP, f.MaxBounces = size, size, spp, 12
	lane.CensusReset()
	if _, err := r.Render(context.Background(), f, nil); err != nil {
		t.Fatal(err)
	}
	samples := float64(size * size * spp)
	calls, lanes, chunks, den, il := lane.CensusTotals()
	t.Logf("Cornell %d×%d, %d spp, 12 bounces, 1 worker: %.0f samples\n%s", size, size, spp, samples, lane.CensusReport())
	t.Logf("per sample: %.1f float kernel calls, %.0f lanes, %.3f 8-lane groups with a denormal operand, %.3f denormal operands (%.3f int-like)",
		float64(calls)/samples, float64(lanes)/samples, float64(chunks)/samples, float64(den)/samples, float64(il)/samples)
	if calls == 0 {
		t.Fatal("the census saw no float kernel call: the build tag does not reach the kernels")
	}
	if den != 0 || il != 0 {
		t.Errorf("%d subnormal operands (%d with integer-like bit patterns) in %.0f samples, want 0", den, il, samples)
	}
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}
