// Package gltfload imports glTF 2.0 files (.gltf with external or data-URI
// buffers and images, and .glb) into the scene model.
//
// The JSON document and buffers are read with github.com/qmuntal/gltf;
// everything after that (accessors, sparse data, meshes, materials,
// textures, nodes, animations, skins, extensions) is decoded here with
// explicit bounds checks so that corrupt input yields an error naming the
// element (`mesh "Helmet" primitive 0: attribute NORMAL: accessor 3: …`)
// and never a panic or an allocation larger than the data that backs it.
package gltfload
