// Package raster is ingot's forward rasterizer: a preview renderer whose
// vertex and fragment functions are MSL (shaders/raster.metal) run through
// the engine's render pipeline, next to the path tracer of scenes/render.
//
// It shares the path tracer's scene packing (kernel.Pack), camera
// (kernel.NewCameraData), tone mapping (kernel.Tone, the Go twin of
// tonemap.h, run on the host over the resolved image), glTF material
// evaluation and BSDF (gltf_material.h, bsdf.h: one MSL header for both
// renderers) and environment, and returns the same render.Image. Lighting:
// KHR_lights_punctual lights (with a shadow map for the strongest
// directional or spot light and cube shadow maps for the strongest point
// lights), the emissive triangles of scenes with few of them as area
// lights (shadowed through a cube map per emissive instance), and
// image-based lighting from the
// environment (order-2 spherical-harmonic irradiance and GGX pre-filtered
// specular mips in an octahedral map, so a lookup needs no atan2/acos,
// made by MSL compute kernels, shaders/ibl.metal, once per renderer and
// environment) or, for a scene that no environment lights, irradiance
// probes baked by the path tracer (probes.go). Alpha MASK uses alpha-to-coverage under MSAA (4× by
// default), BLEND and transmissive surfaces are drawn after the opaque
// ones, sorted back to front. Images are the same bits on any worker
// count.
//
// Skins and morph targets are applied in the vertex functions: the
// rest-pose vertices, JOINTS_0/WEIGHTS_0 and the morph targets' position,
// normal and tangent deltas are uploaded once (kernel.PackOptions.RestPose,
// RasterDeform records per geometry record), and a new Frame.Time uploads
// only the instance and light records, the joint palette (joint world ×
// inverse bind and its inverse transpose, per joint) and the morph
// weights. rx_deform in the vertex functions morphs then skins position,
// normal and tangent as the host's Scene.Deform does (the same image
// within float rounding), the motion vertex function with both times'
// palettes and weights. Fragments need the deformed triangle's face
// normal, which no vertex sees, so a compute kernel
// (raster_deform_positions) writes the deformed positions once per time
// with the same code; the fragments' face normals, the depth pre-pass and
// the shadow map read them (the same bits as the vertex function's).
//
// Renderer.Motion renders a motion-vector AOV (shaders/motion.metal): for
// each pixel, the screen-space motion in pixels of the nearest opaque or
// alpha-mask surface from a previous frame (its time and camera) to this
// one, as this frame's position minus the previous one (x right, y down)
// with a coverage channel; animated node transforms move points through
// both times' instance records, skins and morph targets through both
// times' joint palettes and morph weights in the same vertex function
// (or, where the host deforms, the scene packed at both times), the
// camera through both view-projections. WriteMotion stores it as a PFM.
//
// Options.Materials takes the path tracer's user materials
// (render.UserMaterial, the same files): each file's [[visible]]
// MaterialFunction is compiled into the forward, meshlet and deferred
// shaders' translation unit, and rx_shade calls it directly through a
// switch over MaterialData.function where it would evaluate the glTF
// material (the engine's render pipelines link no function tables).
//
// Frames shade each sample's front surface once: a depth pre-pass of the
// opaque draws (raster_depth_vertex, no fragment function) precedes them,
// and they then test for equal depth. The opaque and blend passes' fragment
// functions neither discard nor take derivatives (every texture read has
// an explicit level), so the engine tests depth before them and packs
// covered pixels into the lanes without 2×2 helper lanes; only the
// alpha-mask pass (discard, fwidth for alpha-to-coverage) runs in quads.
// No pass draws the environment: the colour target's alpha is the
// coverage (opaque and mask samples store 1, blended ones accumulate
// theirs), and the host composites the environment's radiance along each
// pixel's camera ray behind what the geometry leaves uncovered while it
// tone maps (background.go: the path tracer's env_radiance, read as the
// engine's bilinear sampler reads the map), so no sample is shaded twice
// and the covered pixels cost nothing. The targets and the shadow maps are
// kept from one frame to the next, and so is the environment's radiance
// behind each pixel while the view and the environment stay; the shadow
// maps, the lights' views of the geometry, are drawn again only when the
// scene is uploaded anew (a new time of an animated scene, a new
// environment) or the shadow light changes, not for a new camera.
//
// Irradiance probes (probes.go, Options.Probes) stand in for the
// environment's light where it is black or absent: a grid of probes over
// the scene's bounds (Options.Probes along the longest axis, 4 by
// default, proportionally fewer and at least 2 along the others, at the
// centres of the cells they split the bounds into) is baked at the first
// frame of each upload of the scene (a new time or environment; a new
// camera reuses it) by the path tracer itself, render.NewRenderer on the same device and
// scene under the frame's context and instruction budget: each probe
// renders the six 90° faces of a cube, 8×8 pixels at one sample through
// the pixel centres and 3 bounces, whose radiance is projected onto
// order-2 spherical harmonics as irradiance (the environment's
// convention, rx_sh_irradiance). They hold indirect light only: where
// the emissive triangles light the scene as area lights, the same faces
// at MaxBounces 0 with the same seed (the bits of each sample's emitted
// part) are subtracted, and point, spot and directional lights are not
// seen by camera rays; where there are too many emissive triangles to be
// area lights, the probes carry their light too. A fragment blends the
// SH of the eight probes around it, trilinearly, each weighted by
// max(0.05, cos) of the angle between the surface normal and the
// direction to the probe (probes behind the surface, often beyond a thin
// wall, count little), and lights its diffuse lobes with it about the
// normal and its specular and clearcoat lobes about the reflection
// direction, scaled by the occlusion map. The path tracer of a static
// scene's bake is closed after it; an animated one's is kept for the next
// time's.
//
// Cube shadow maps (cubeshadow.go) are six 90° faces in slices of one
// Depth32Float 2D array texture, drawn with the shadow map's depth-only
// pipeline and sampled with the same comparison sampler (2×2 PCF) on the
// face the fragment's direction selects in MSL (rx_cube_shadow), with a
// normal offset and a depth bias of a texel at the fragment's distance
// and the pass's slope-scaled bias. Up to Options.CubeShadows lights get
// one, the strongest by the path tracer's light-selection probability:
// point lights, and with area lights each instance's emissive triangles
// as a group, mapped from their centroid without their own emissive
// geometry (a closed emitter does not shadow its own light). Each of a
// group's point samples q looks the map up for the fragment p shifted by
// q's offset from the centroid, projected on p's tangent plane (the
// parallel-ray approximation of the segment from q, which gives large
// emitters penumbrae). Scenes without point or area lights draw no cube
// map and shade as they did without them.
//
// The shading code (shaders/raster_shade.h) serves three front ends: the
// forward vertex pipeline, the meshlet pipeline (Options.Meshlets) and a
// single-pass deferred renderer (Options.Deferred, shaders/deferred.metal):
// opaque and mask draws write their fragments' inputs into a float32
// G-buffer in the pass's explicit imageblock (16×16-pixel tiles), a tile
// function culls the punctual lights per tile by range against the
// bounds of the tile's surfaces into threadgroup memory, and a full-screen
// draw shades each pixel with its tile's lights (with the instance and
// geometry of the frame's one opaque or mask draw as values all lanes
// share where there is one, as the forward draws have them); blended
// geometry follows forward. Deferred mode shades one sample per pixel and gives the
// forward image at SampleCount 1 bit for bit.
//
// Approximations (the path tracer is the reference):
//   - Indirect light comes only from the environment (IBL: split sum with
//     the path tracer's GGX albedo tables; occlusion maps scale it; the
//     irradiance is its order-2 spherical-harmonic fit, which smooths
//     small bright sources such as a sun) or, without one, from the
//     irradiance probes: a coarse grid whose order-2 fit lets light
//     through walls thinner than a cell where the back-face weight does
//     not stop it, lights glossy surfaces with the SH's cosine-blurred
//     radiance, and is noisy at the path tracer's few samples. With
//     Options.Probes negative, a scene lit by emitters without an
//     environment gets one diffuse bounce of their flux as a uniform
//     ambient term instead (closedAmbient), with no occlusion.
//   - Emissive triangles light the scene as four points each, only when
//     there are at most Options.MaxAreaLights of them; their shadows come
//     from their instance's cube map at the group's centroid (shifted per
//     point as above, which is exact only for distant occluders).
//   - One shadow map (the strongest directional or spot light, 2×2 PCF)
//     and up to Options.CubeShadows cube maps (point lights and emissive
//     groups); other lights are unshadowed; MASK geometry casts shadows
//     as if opaque, BLEND geometry casts none; transmissive geometry
//     casts cube-map shadows (the path tracer's shadow rays stop at it)
//     but not the directional or spot light's.
//   - Thin-walled transmission blends what lies behind, untinted.
//   - Textures are sampled at level 0 (the shared material code's
//     sampling; MSAA resolves some of the aliasing).
//   - Options.LOD (meshlets) draws coarser vertex-clustered levels of a
//     geometry whose error projects below Options.LODPixels; their
//     triangles take the face normal of a triangle they replace, and
//     clustering moves UV seams, so textures smear on coarse levels.
//   - Options.Meshlets deforms skinned and morphed geometry on the host
//     (kernel.Pack, the path tracer's CPU deformation at Frame.Time, with a
//     re-upload at every new time): meshlet bounds, normal cones and LOD
//     levels come from deformed positions. So does a scene with an
//     emissive skinned or morphed mesh (its area lights are world-space
//     triangles). The clip planes and the shadow light's frustum of a
//     scene deformed in the vertex functions bound each joint's vertices
//     under its matrix (plus the morph targets' ranges) instead of the
//     deformed vertices, so they may enclose more than the geometry; a
//     blended deformed draw sorts by its instance's bounds.
//   - Motion vectors leave blended geometry out (MASK geometry is
//     alpha-tested at one sample) and use LOD level 0; the point is the
//     one the rasterizer's sub-pixel snapping puts at the pixel centre.
//   - Lens (depth of field), shutter (motion blur), SPP and bounces are
//     path-tracing settings and are ignored; the pixel filter is the
//     MSAA box instead of the path tracer's tent.
package raster
