package scenes

import (
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/texture"
)

// Model types, re-exported from scenes/model (see there for documentation).
type (
	// Scene is a loaded scene.
	Scene = model.Scene
	// Node is a node of the hierarchy.
	Node = model.Node
	// Instance is a drawable placement of a mesh.
	Instance = model.Instance
	// Pose is every node's state at one time.
	Pose = model.Pose
	// Mesh is a list of primitives.
	Mesh = model.Mesh
	// Primitive is one draw with its vertex streams.
	Primitive = model.Primitive
	// MorphTarget holds per-vertex displacements.
	MorphTarget = model.MorphTarget
	// Mode is a primitive topology.
	Mode = model.Mode
	// Material is a metallic-roughness PBR material.
	Material = model.Material
	// TextureRef references a texture from a material slot.
	TextureRef = model.TextureRef
	// TexTransform is KHR_texture_transform.
	TexTransform = model.TexTransform
	// Texture pairs an image and a sampler.
	Texture = model.Texture
	// Sampler is a texture sampler.
	Sampler = model.Sampler
	// Image is a decoded image with mips.
	Image = texture.Image
	// Camera is a camera object.
	Camera = model.Camera
	// Light is a punctual light.
	Light = model.Light
	// AreaLight is an emissive primitive.
	AreaLight = model.AreaLight
	// Skin binds vertices to joints.
	Skin = model.Skin
	// Animation is a set of keyframed channels.
	Animation = model.Animation
	// Bounds is an axis-aligned box.
	Bounds = model.Bounds
	// Summary describes a scene.
	Summary = model.Summary
)

// Enumerations re-exported from scenes/model.
const (
	Triangles = model.Triangles // Mode: triangle list
	Lines     = model.Lines     // Mode: line list
	Points    = model.Points    // Mode: point list

	AlphaOpaque = model.AlphaOpaque // AlphaMode OPAQUE
	AlphaMask   = model.AlphaMask   // AlphaMode MASK
	AlphaBlend  = model.AlphaBlend  // AlphaMode BLEND

	Perspective  = model.Perspective  // Camera projection
	Orthographic = model.Orthographic // Camera projection

	Directional = model.Directional // Light type
	Point       = model.Point       // Light type
	Spot        = model.Spot        // Light type
)

// DefaultMaterial is the material of primitives whose Material is -1.
func DefaultMaterial() Material { return model.DefaultMaterial() }

// AutoCamera frames bounds b (used by Scene.ViewCamera when a scene has no camera).
func AutoCamera(b Bounds) Camera { return model.AutoCamera(b) }
