package gltfload

// The qmuntal/gltf extension packages register decoders globally; any
// binary that links them changes what Document.Extensions holds. This
// package's tests run with them linked (the scenes package's tests run
// without), so both shapes are exercised.
import (
	_ "github.com/qmuntal/gltf/ext/lightspunctual"
	_ "github.com/qmuntal/gltf/ext/specular"
	_ "github.com/qmuntal/gltf/ext/texturetransform"
	_ "github.com/qmuntal/gltf/ext/unlit"
)
