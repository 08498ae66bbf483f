// Package raster is ingot's tile-binned rasterizer: primitive assembly,
// clipping (near/far, w, user clip distances and a guard band), triangle,
// line and point setup with an 8-bit sub-pixel fixed-point snap and the
// top-left fill rule, binning into tiles, and per tile, in submission order,
// coverage → early depth/stencil → fragment quads → late depth/stencil →
// blending into the pass's attachment storage, which raster owns.
//
// The package knows nothing of MSL or the executor: the engine runs vertex
// stages, hands the clip-space results to a Pass as Draws, and receives
// fragment work through the FragmentShader interface in batches of up to
// MaxBatch lanes (2×2 quads, with helper lanes).
//
// Conventions (Metal's): window origin top-left, y down; pixel centres at
// +0.5; NDC z in [0,1]; front faces clockwise in window coordinates by
// default; flat varyings come from the first (provoking) vertex.
//
// Rules chosen where Metal does not say (deterministic, documented):
//   - Lines are 1 pixel wide parallelograms: for an x-major line the quad
//     P0±(0,½), P1±(0,½) (y-major: ±(½,0)), rasterized with the top-left rule,
//     which hits exactly one pixel per column (row) whose centre lies in the
//     half-open span of the line along its major axis.
//   - Points are squares of [[point_size]] pixels, clamped to [1, 511],
//     centred at the vertex, top-left rule on their edges.
//   - Triangle strips: triangle i uses vertices (i, i+1, i+2) for even i and
//     (i, i+2, i+1) for odd i (Vulkan's order), so the provoking vertex is i.
//   - RestartIndex in a list topology discards the incomplete primitive and
//     starts a new one, as in a strip.
//   - Depth bias applies to triangles (also in wireframe), not to lines or
//     points drawn as such.
//   - No-perspective varyings at vertices created by clipping are interpolated
//     with the clip-space parameter of the clipped edge.
package raster
