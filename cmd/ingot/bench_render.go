package main

import (
	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/scenes/render"
)

// The path tracer's cases (issue 6): samples/s at 512×512, 16 spp, 12
// bounces for the Cornell box and the bunny of the shared scene set
// (compare with render.CyclesCornellSamplesPerSecond and
// render.CyclesBunnySamplesPerSecond).
func init() {
	benchSources = append(benchSources, func() []benchkit.Case { return render.BenchCases(sharedScenesDir()) })
}
