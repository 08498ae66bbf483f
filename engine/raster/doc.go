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
// MaxBatch lanes (2×2 quads, with helper lanes; with FlagPixels, for
// shaders that read no other lane, the covered pixels packed in order
// without helpers).
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
//   - Wireframe (FillLines) draws the edges of the clipped polygon, so a
//     near-plane cut shows as an edge; its lines take the triangle's facing.
//   - Depth is the screen-linear interpolation of window z at each sample,
//     plus the depth bias; DepthClamp clamps it to the viewport's depth
//     range, shader-written depth too. Unorm depth formats clamp to [0, 1]
//     when quantizing.
//   - Centroid: the pixel centre when it is covered, else the first covered
//     sample in index order; in per-sample runs centroid and sample
//     varyings are both evaluated at the lane's sample. Centre varyings stay
//     at the pixel centre in per-sample runs; [[position]] is the sample's.
//   - Alpha to coverage keeps the first round(α·n) samples (index order) of
//     colour 0's alpha; alpha to one then sets every written alpha to 1.
//   - The programmable-blending input (ColorIn) of a per-pixel lane is its
//     first covered sample; helper lanes outside the target read zeros.
//   - Integer colour formats ignore blending; their values are saturated by
//     the format and write-masked. Write masks apply after quantization, so
//     shared-exponent RGB9E5 keeps masked components as stored.
//   - DepthArgument is ignored (it only permits optimizations).
//
// Storage and scheduling: every attachment is kept as float32×4 (colour),
// float32 (depth) or uint8 (stencil) per sample in blocks of 32×32 pixels, a
// tile's blocks contiguous. Clear is deferred: Flush applies it to each tile
// when the tile's worker starts it, so clear and rendering share one pass
// over the memory. Draw sets primitives up once (a per-draw post-transform
// cache projects each vertex once when every primitive uses viewport 0) and
// appends their indices to the command list of every tile their bounding box
// touches and their edges do not exclude. Flush hands tiles to workers in
// order; a tile's commands run in submission order, so results do not depend
// on the worker count. A batch packs quads of several primitives of one draw
// only while no two share a 2×2 quad position.
//
// Fast paths, each computing the general path's integers and float
// operations in the same order (tests compare them bit for bit): a solid
// triangle list whose vertices are all in the post-transform cache is read
// three indices at a time, culled from the cache, and a triangle inside one
// tile is set up in place in that tile's list (setuplist.go); a draw of
// triangles with FlagPixels run per pixel (at any sample count), early
// tests on a float32 depth target without stencil and no coverage or
// framebuffer input or output takes the pixel path (pixelpath.go), where
// each pixel with a sample that passes the depth test gets its lane and
// inputs at once from the weights the test computed. With several samples,
// and on the depth-only path of a draw without a fragment function, the
// coverage and depth tests of a box run a storage block's piece at a time,
// eight samples at once in an AVX2 kernel where the values fit in int32
// (msdepth.go).
package raster
