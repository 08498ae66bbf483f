package main

import (
	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/internal/texel"
	"github.com/ingot-render/ingot/shaders"
)

func init() {
	benchSources = append(benchSources, fmath.BenchCases, texel.BenchCases, shaders.BenchCases)
}
