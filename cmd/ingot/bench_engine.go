package main

import "github.com/ingot-render/ingot/engine"

// The engine's compute benchmarks (MSL kernels through the whole engine
// against native Go): saxpy, Blinn-Phong, Mandelbrot, reduction,
// convolution.
func init() { benchSources = append(benchSources, engine.BenchCases) }
