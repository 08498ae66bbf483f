// Package builtin builds ingot's built-in scenes from code (no files), so
// the binary can render without assets:
//
//   - "cornell" (the default): the Cornell box — red left wall, green right
//     wall, white floor, ceiling and back wall, a short and a tall block and
//     a square emissive area light under the ceiling; the room spans
//     x ∈ [-1, 1], y ∈ [0, 2], z ∈ [-1, 1], open towards +Z where the camera
//     stands (39.3° vertical field of view).
//   - "showcase": a 5×5 grid of spheres on a grey floor; metallic rises
//     from 0 (bottom row) to 1 (top row), roughness from 0.05 (left) to 1
//     (right); lit by an emissive panel and a directional sun light.
//   - "motion": for motion blur over the shutter interval t ∈ [0, 1]: a box
//     sliding along +X, a box spinning about Y (quaternion slerp), and a
//     cloth-like grid deformed by an animated morph target, under an area
//     light.
//
// Every scene has a camera, emissive triangles usable as area lights and
// generated tangents, and passes the same checks as loaded files.
package builtin
