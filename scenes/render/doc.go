// Package render is ingot's stock path tracer for embedders: NewRenderer
// compiles its MSL kernels (with any user [[visible]] materials,
// UserMaterial) for an engine device (NewDevice) and uploads a scene once;
// Render renders progressive, cancellable frames (Frame) into an Image
// (linear RGBA, 8-bit sRGB, AOVs), bit-identical on any worker count.
// The zero Options and DefaultFrame render what `ingot render` renders:
// a scene without light sources gets StudioEnvironment, and a scene
// without cameras an automatic three-quarter view of its bounds.
//
// Load a scene with scenes.Open or scenes.Load. The kernel sources and
// the headers a user material includes (scene_types.h, bsdf.h) are in
// scenes/render/shaders; the packing, GPU layout and Go references of the
// kernels' math are internal. DESIGN.md describes the upload and
// dispatch; `go doc -all` or pkg.go.dev shows the Examples.
package render
