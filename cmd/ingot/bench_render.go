package main

import (
	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/scenes/render/renderbench"
)

// The path tracer's cases: samples/s at 512×512, 16 spp, 12 bounces for
// the Cornell box, the bunny and DamagedHelmet of the shared scene set.
// The Cornell box stands beside scenes/render/renderbench/internal/refpt, a plain Go path tracer
// over a BVH rendering the same frame on one worker (Blender Cycles
// renders the same frames with the harness of ../shared/peers;
// BENCHMARKS.md has the side-by-side run).
func init() {
	benchSources = append(benchSources, func() []benchkit.Case { return renderbench.BenchCases(sharedScenesDir()) })
}
