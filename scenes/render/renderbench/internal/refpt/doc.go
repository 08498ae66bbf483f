// Package refpt is a plain Go path tracer: the baseline that ingot's path
// tracer is timed against (`ingot bench render/cornell…`), written the way
// a competent Go programmer would write one for the same job, not as a
// twin of the MSL kernels.
//
// It flattens a model.Scene into world-space triangles, builds a binary
// binned-SAH BVH over them (in-place partitioning, leaves of up to four
// triangles) and traces paths in scalar float32 on one goroutine with the
// estimator of ingot's path tracer: next-event estimation of the emissive
// triangles (picked in proportion to their power, uniform over each
// triangle's area), multiple importance sampling with the power heuristic
// between light and BSDF sampling, Russian roulette from a given bounce,
// a tent pixel filter of radius one pixel sampled by importance, and the
// same ray-offset and shadow-ray rules. It draws its random numbers from
// a PCG32 stream per pixel, so its image equals ingot's in expectation
// only, not sample for sample.
//
// Its scope is what the benchmark scenes need: perspective cameras,
// static opaque triangle meshes, Lambertian materials (glTF
// metallic-roughness with metallic 0 and KHR_materials_specular weight 0,
// as OBJ materials without Ks load; ingot's BSDF reduces to the same
// Lambert lobe there), emissive triangles as area lights and a black
// background. Scenes outside it are refused with an error naming what
// is unsupported.
package refpt
