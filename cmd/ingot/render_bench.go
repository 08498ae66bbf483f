package main

import (
	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/scenes/render/renderbench"
)

// The raster preview's cases: a steady-state frame at 512×512 and
// 1920×1080 of the Cornell box, DamagedHelmet, FlightHelmet,
// CesiumMilkTruck and the spheres, in the raster, deferred and mesh modes
// (`ingot bench --workers 1,2 render/raster/`).
func init() {
	benchSources = append(benchSources, func() []benchkit.Case { return renderbench.RasterBenchCases(sharedScenesDir()) })
}
