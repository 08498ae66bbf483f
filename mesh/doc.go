// Package mesh holds the engine-independent half of ingot's mesh shading:
// a meshlet builder that splits an indexed triangle mesh into small clusters
// (at most 64 vertices and 124 triangles by default) with good vertex reuse
// and spatial locality, and per-meshlet culling data (bounding sphere and
// normal cone) with the frustum and back-face cone tests an object stage
// applies.
//
// The builder follows the greedy adjacency-driven growth of meshoptimizer's
// meshopt_buildMeshlets: a meshlet grows by the neighbouring triangle that
// adds the fewest new vertices, ties broken by distance to the meshlet's
// centre and agreement with its average normal (Options.ConeWeight); when a
// meshlet has no live neighbour left, the next seed is the unused triangle
// nearest to it, found in a k-d tree over triangle centroids. The work per
// triangle is bounded by the meshlet limits and vertex valence, so the build
// time grows linearly with the mesh size apart from the O(n log n) k-d tree
// construction.
//
// The bounds follow meshopt_computeMeshletBounds: the sphere is Ritter's
// approximate bounding sphere of the meshlet's vertices, the cone axis the
// normalised mean of the triangle normals, and the apex the point on the
// axis behind every triangle's plane. Both are widened by a small margin so
// that rounding never culls a triangle that faces the viewer.
//
// Meshlets.Pack and Meshlets.PackVertices lay a set out in GPU buffers for
// MeshletMSL, an object/mesh shader pair that culls meshlets against the
// frustum and by normal cone in the object stage and exports the survivors
// from the mesh stage (engine.NewMeshRenderPipelineState runs it).
//
// Levels of detail: Simplify coarsens a triangle list by vertex clustering
// (linear time, same vertex buffer), BuildLevels merges the meshlets of
// several levels into one set, and MeshletMSL's meshlet_lod_object picks a
// level per object from the projected size of its bounding sphere
// (ProjectedSize, Levels.Select) before culling that level's meshlets.
//
// The object → mesh stage orchestration (payloads, mesh grids, mesh output
// assembly) lives in package engine (mesh_*.go), because this package may
// not import engine/exec or engine/raster (importgraph_test.go).
package mesh
