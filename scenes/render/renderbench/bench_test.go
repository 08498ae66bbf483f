package renderbench

import (
	"context"
	"slices"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/scenes/render"
)

// BenchmarkRenderCases runs BenchCases (512×512, 16 spp: minutes each on
// one core) through benchkit on one worker, reporting Msamples/s and the
// ratio to the plain Go path tracer where there is one.
func BenchmarkRenderCases(b *testing.B) {
	for _, c := range BenchCases("../../../../shared/scenes") {
		b.Run(c.Name, func(b *testing.B) { benchkit.Bench(b, c, 1) })
	}
}

// TestCornellCyclesLimits: the Cycles-limits case renders the Cornell box
// (every material Lambertian, so every bounce diffuse) with the bits of 5
// bounces, Cycles' Diffuse 4 counted as here, and its native baseline is
// refpt at 5 bounces.
func TestCornellCyclesLimits(t *testing.T) {
	var bs benchScene
	found := false
	for _, c := range BenchCases("../../../../shared/scenes") {
		if c.Name == CornellCyclesLimitsCase {
			found = c.Native != nil
		}
	}
	if !found {
		t.Fatalf("no case %s with a native baseline", CornellCyclesLimitsCase)
	}
	bs.cyclesLimits = true
	if st := refSettings(bs); st.MaxBounces != 5 {
		t.Errorf("refpt baseline at %d bounces, want 5", st.MaxBounces)
	}
	s := withFrontCamera(cornellOBJ(t))
	dev, err := render.NewDevice(2)
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.NewRenderer(context.Background(), dev, s, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	limits := benchFrame(bs)
	if limits.MaxBounces != 13 || limits.MaxDiffuseBounces != 5 || limits.MaxGlossyBounces != 5 || limits.MaxTransmissionBounces != 13 {
		t.Errorf("frame limits %d, %d, %d, %d; want 13, 5, 5, 13", limits.MaxBounces, limits.MaxDiffuseBounces,
			limits.MaxGlossyBounces, limits.MaxTransmissionBounces)
	}
	five := benchFrame(benchScene{})
	five.MaxBounces = 5
	for _, f := range []*render.Frame{&limits, &five} {
		f.Width, f.Height, f.SPP = 32, 32, 4
	}
	a, err := r.Render(context.Background(), limits, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Render(context.Background(), five, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Linear, b.Linear) {
		t.Errorf("Cycles' limits on the Cornell box: not the bits of 5 bounces")
	}
}
