// Package texel is ingot's runtime texture core: Metal pixel formats and
// their exact conversions, texture storage (every Metal texture type, mip
// levels, array slices, cube faces, samples), samplers, and sampling,
// gathering, reading and writing texels — each as a scalar call and as an
// allocation-free lane-batch call over SoA slices.
//
// The package knows nothing of MSL, the executor or the engine:
// engine.Texture wraps a *Texture and the executor's texture intrinsics call
// the batch entry points with lane slices.
//
// Conventions:
//   - Texture space has its origin at the top-left texel, v grows downward
//     (row 0 is the first row in memory), texel centres are at +0.5.
//   - Batch calls take n lanes (n = len of the first coordinate slice), an
//     optional execution bitmask (bit i of mask[i/64]; nil = all lanes
//     active) and write only active lanes of the outputs.
//   - Float-like formats (float, unorm, snorm, sRGB, depth) produce float32
//     values; integer formats produce int32/uint32 values, which batch calls
//     carry as bit patterns in their float32 slices
//     (math.Float32frombits(uint32(v))), so one lane register type serves all.
//     Integer formats are always sampled with nearest filtering.
//   - Masks are bitsets over lanes; an executor holding a 64-lane
//     lane.Mask m passes []uint64{uint64(m)} (no allocation).
//
// Sampling follows the OpenGL/Metal formulation: texel coordinates are
// u·width + offset, linear filtering uses floor(x−0.5) and its fraction,
// address modes act on integer texel indices, border texels are replaced
// by the border colour and then filtered, sRGB is decoded before
// filtering, λ = log2(max(|∂(u·w,v·h,r·d)/∂x|, |∂…/∂y|)) + biases,
// clamped, λ > 0 selects the minification filter; mip_filter::nearest picks
// ceil(λ+0.5)−1, linear blends floor(λ) and floor(λ)+1.
//
// Performance: batch calls work on chunks of 64 lanes with all per-lane
// state in fixed arrays (no allocation). The common case — 2D/2D-array
// RGBA8/BGRA8 (plain or sRGB), RGBA16Float, RGBA32Float or one-channel
// float/depth textures, weighted-average filtering without anisotropy —
// runs a per-lane loop specialised for the format; everything else runs a
// general path that computes the footprint for all lanes, then per
// footprint corner fetches (one format switch per corner and chunk) and
// accumulates. Both give bit-identical results. Uncommon formats decode
// through a per-texel switch in the general path. On amd64 CPUs with AVX2
// and FMA, bilinear samples of one level of a 2D RGBA8/BGRA8 texture (plain
// or sRGB) are filtered 8 lanes at a time by an assembly kernel
// (bilinear_amd64.s) in every build, with the scalar loop's float
// operations in its order, so the bits do not depend on the CPU. Bilinear
// samples of a one-level (or not mipmapped) 2D RGBA32Float texture — an
// environment map's — take a direct path that reads the coordinates from
// the arguments, and on the same CPUs an assembly kernel
// (fastfloat_amd64.s) that filters 8 lanes at a time and applies Repeat
// on power-of-two sizes and ClampToEdge itself, again with the scalar
// loop's operations in its order. Where two NaNs meet in one product or
// sum, which payload the NaN result carries is the compiler's choice of
// operand order, and may differ between paths; every other result has the
// same bits on every path.
//
// Deliberate approximations (documented, deterministic):
//   - Filter weights are computed in float32 at full precision; GPUs
//     quantise them to 8 sub-texel bits, so results differ by up to ~1/256
//     of a texel step from hardware.
//   - Anisotropic filtering: N = min(ceil(ρmax/ρmin), MaxAnisotropy) probes
//     spread evenly along the major derivative axis, each a normal
//     (tri)linear sample at λ = log2(ρmax/N), averaged (the
//     EXT_texture_filter_anisotropic model). Not used for cube maps.
//   - Cube maps are always filtered "seamlessly": a footprint texel beyond
//     a face edge is fetched from the adjacent face by turning its centre
//     into a direction and re-projecting it. At a cube corner the missing
//     texel comes from one of the two other faces instead of an average of
//     three. Address modes do not apply to cube maps. On a tie between
//     major axes the face is chosen in the order z, y, x.
//   - Cube-map LOD from gradientcube / quad derivatives uses the
//     derivative of the face coordinates on the face of the lane's own
//     direction (the quotient rule on sc/|ma|, tc/|ma|).
//   - The array layer of sample/gather is clamped to the array; read/write
//     of an out-of-range layer is out of bounds.
//   - sample_compare clamps the reference to [0,1] for unorm depth formats
//     only; the result is returned in R.
package texel
