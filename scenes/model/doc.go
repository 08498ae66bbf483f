// Package model is ingot's renderer-neutral scene model: meshes with flat
// float32 vertex streams and uint32 indices, plain-struct PBR materials,
// decoded textures, samplers, cameras, punctual and emissive area lights,
// a node hierarchy with animations, skins and morph targets, and the
// evaluation of all of it at any time t.
//
// The package scenes re-exports these types; loaders (glTF, OBJ) and the
// built-in scenes produce a *Scene. Nothing here knows about the engine:
// a renderer uploads the slices as they are (they are never rewritten after
// loading, so uploads can alias them) and asks [Scene.InstancesAt] for the
// transforms at shutter open and close.
//
// Conventions: right-handed, +Y up, metres; matrices are mgl32.Mat4
// (column-major, as Metal's float4x4); quaternions are mgl32.Quat; UV origin
// top-left as in glTF.
package model
