package main

// The engine's benchmarks (compute kernels, the render pipeline, the mesh
// pipeline, each against native Go) reach `ingot bench` through
// internal/benchkit's registry: the engine adds them from an init
// function (benchkit.AddSource), and this command imports the engine.
import _ "github.com/ingot-render/ingot/engine"
