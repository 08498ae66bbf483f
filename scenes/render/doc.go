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
//
// Renderer runs the MSL kernels on ingot's engine (any engine.Device;
// NewDevice is a convenience): NewRenderer
// compiles the kernels (with any user [[visible]] materials) and uploads
// the scene once — buffers, textures, acceleration structures for the
// shutter interval, function tables — and Render renders progressive,
// cancellable, deterministic frames into an Image (linear RGBA, 8-bit
// sRGB, AOVs). `ingot render` is its command line. DESIGN.md describes
// the upload and dispatch.
package render
