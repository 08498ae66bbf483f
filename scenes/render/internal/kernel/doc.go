// Package kernel is the host side of the path tracer's MSL kernels
// (scenes/render/shaders), internal to scenes/render and its renderers:
// the Go mirrors of scene_types.h byte for byte (layout.go; a test checks
// every offset against the MSL compiler's reflection), Pack, which
// flattens a scenes/model scene into those records plus one stream
// arena, the camera records, and pure-Go references of the kernels' math
// (the Sobol/Owen sampler, the glTF metallic-roughness BSDF with its
// energy-compensation tables, MIS weights, pixel filtering, tone mapping)
// so that tests check the math on its own and compare the kernels
// against it. Reference runs the path_trace kernel's algorithm in Go
// (brute force, untextured), the whole-image reference.
//
// scenes/render's Renderer and scenes/render/raster build on it; the
// public types there (render.Environment, render.ToneMap,
// render.PixelFilter) have the same values and convert.
package kernel
