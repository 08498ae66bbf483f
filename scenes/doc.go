// Package scenes is ingot's scene layer: a renderer-neutral scene model
// (re-exported here from scenes/model), importers for glTF 2.0
// (scenes/gltfload) and Wavefront OBJ+MTL (scenes/objload), texture
// decoding with mip chains (scenes/texture) and built-in scenes
// (scenes/builtin).
//
// A renderer calls [Open] (a file path, a built-in name, or "" for the
// default Cornell box), uploads the meshes' streams, textures' levels and
// materials once, and per frame asks [Scene.InstancesAt] for the instance
// transforms at shutter open and close ([Scene.Deform] for skinned or
// morphing instances, [Scene.AreaLights] for emissive triangles).
package scenes
