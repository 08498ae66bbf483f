package model

import (
	"github.com/go-gl/mathgl/mgl32"
)

// Scene is a loaded scene: resources plus a node hierarchy.
//
// Index fields (Mesh, Material, Texture, …) are indices into the Scene's
// slices; -1 means "none".
type Scene struct {
	// Name is the scene's name (glTF scene name, file base name or built-in name).
	Name string
	// Source is the file path or "builtin:NAME".
	Source string
	// Format is "gltf", "glb", "obj" or "builtin".
	Format string

	// Meshes hold the geometry; instances refer to them by index.
	Meshes []*Mesh
	// Materials are indexed by Primitive.Material (-1: DefaultMaterial()).
	Materials []Material
	// Textures are indexed by TextureRef.Texture.
	Textures []Texture
	// Images are the decoded images; an entry is nil when no texture uses
	// it (glTF images are indexed as in the file).
	Images []*Image
	// Samplers are indexed by Texture.Sampler (-1: DefaultSampler).
	Samplers []Sampler
	// Cameras are the camera objects; a node places each (Camera.Node).
	Cameras []Camera
	// Lights are punctual lights; a node places each (Light.Node).
	Lights []Light
	// Nodes is the node hierarchy (every node of the file).
	Nodes []Node
	// Roots are the root nodes of the loaded scene; only nodes reachable
	// from them are instanced.
	Roots []int
	// Skins are indexed by Node.Skin.
	Skins []Skin
	// Animations all play together in PoseAt; PoseWith selects some.
	Animations []Animation

	// SceneNames lists all scenes of the file (glTF); the loaded one is Name.
	SceneNames []string
	// ExtensionsUsed and ExtensionsRequired are copied from the file.
	ExtensionsUsed, ExtensionsRequired []string
	// Warnings are non-fatal problems found while loading.
	Warnings []string
	// FileBytes is the number of bytes read from disk (files, buffers, images).
	FileBytes int64
}

// Node is one node of the hierarchy. Its local transform is Matrix when
// HasMatrix, else T*R*S; animations override T, R, S and Weights.
type Node struct {
	Name string
	// Parent is the parent node, -1 for a root.
	Parent int
	// Children are child node indices.
	Children []int
	// Translation, Rotation and Scale are the static TRS.
	Translation mgl32.Vec3
	Rotation    mgl32.Quat
	Scale       mgl32.Vec3
	// Matrix is the static local matrix, used when HasMatrix.
	Matrix    mgl32.Mat4
	HasMatrix bool
	// Mesh, Camera, Light and Skin index the Scene's slices, -1 for none.
	Mesh   int
	Camera int
	Light  int
	Skin   int
	// Weights are the morph weights for Mesh (nil: use the mesh's defaults).
	Weights []float32
	// Instances are extra local transforms from EXT_mesh_gpu_instancing: the
	// mesh is drawn once per entry, at world * Instances[i]. Nil draws it once.
	Instances []mgl32.Mat4
}

// NewNode returns a node with identity transform and no attachments.
func NewNode(name string) Node {
	return Node{Name: name, Parent: -1, Rotation: mgl32.QuatIdent(), Scale: mgl32.Vec3{1, 1, 1},
		Matrix: mgl32.Ident4(), Mesh: -1, Camera: -1, Light: -1, Skin: -1}
}

// Local returns the node's local transform from its static properties.
func (n *Node) Local() mgl32.Mat4 {
	if n.HasMatrix {
		return n.Matrix
	}
	return TRS(n.Translation, n.Rotation, n.Scale)
}

// TRS composes translation * rotation * scale.
func TRS(t mgl32.Vec3, r mgl32.Quat, s mgl32.Vec3) mgl32.Mat4 {
	m := r.Normalize().Mat4()
	for c := 0; c < 3; c++ {
		for k := 0; k < 3; k++ {
			m[c*4+k] *= s[c]
		}
	}
	m[12], m[13], m[14] = t[0], t[1], t[2]
	return m
}

// Instance is one drawable placement of a mesh at some time.
type Instance struct {
	// Mesh indexes Scene.Meshes.
	Mesh int
	// Node is the node that placed it.
	Node int
	// Transform maps mesh space to world space. For skinned instances it is
	// the identity: Deform returns world-space vertices.
	Transform mgl32.Mat4
	// Weights are the morph weights in effect (nil when the mesh has no targets).
	Weights []float32
	// Skin indexes Scene.Skins, or -1.
	Skin int
	// Deforms reports that the vertices differ from the mesh's rest pose
	// (skinned, or non-zero morph weights): use Scene.Deform.
	Deforms bool
}

// AddNode appends n and links it under parent (-1: a root); it returns the index.
func (s *Scene) AddNode(n Node, parent int) int {
	i := len(s.Nodes)
	n.Parent = parent
	s.Nodes = append(s.Nodes, n)
	if parent < 0 {
		s.Roots = append(s.Roots, i)
	} else {
		s.Nodes[parent].Children = append(s.Nodes[parent].Children, i)
	}
	return i
}
