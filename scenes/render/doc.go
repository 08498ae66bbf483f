// Package render holds ingot's stock path tracer: MSL kernels, headers and
// [[visible]] material functions embedded from shaders/, plus pure-Go
// references of the math they run (the Sobol/Owen sampler, the glTF
// metallic-roughness BSDF with its energy-compensation tables, MIS weights,
// pixel filtering and tone mapping) so that tests can check the math on its
// own and, once the engine runs MSL, compare the kernels against it bit for
// bit or within stated tolerances.
//
// Pack flattens a scenes/model scene into those structs plus one stream
// arena; Reference runs the path_trace kernel's algorithm in Go on the
// result (brute force, untextured), the whole-image reference.
//
// The Go structs in layout.go mirror shaders/scene_types.h byte for byte;
// a test checks every offset against the MSL compiler's reflection.
// DESIGN.md describes how the host uploads a scene and dispatches the
// kernels.
package render
