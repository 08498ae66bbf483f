package builtin

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
)

// builder accumulates one triangle primitive.
type builder struct{ p model.Primitive }

func (b *builder) vert(p, n mgl32.Vec3, uv [2]float32) uint32 {
	i := uint32(len(b.p.Positions))
	b.p.Positions = append(b.p.Positions, p)
	b.p.Normals = append(b.p.Normals, n.Normalize())
	b.p.UV0 = append(b.p.UV0, uv)
	return i
}

// quad adds the rectangle a, b, c, d (in order around it) facing n: the
// winding is chosen so the triangles are counter-clockwise seen from n.
func (b *builder) quad(a, bb, c, d, n mgl32.Vec3) {
	if bb.Sub(a).Cross(d.Sub(a)).Dot(n) < 0 {
		bb, d = d, bb
	}
	i0 := b.vert(a, n, [2]float32{0, 1})
	i1 := b.vert(bb, n, [2]float32{1, 1})
	i2 := b.vert(c, n, [2]float32{1, 0})
	i3 := b.vert(d, n, [2]float32{0, 0})
	b.p.Indices = append(b.p.Indices, i0, i1, i2, i0, i2, i3)
}

// box adds an axis-aligned box of half-size h, rotated by rotY about Y
// around its centre c, faces pointing outwards.
func (b *builder) box(c, h mgl32.Vec3, rotY float32) {
	r := mgl32.HomogRotate3DY(rotY)
	tp := func(x, y, z float32) mgl32.Vec3 {
		return c.Add(r.Mul4x1(mgl32.Vec4{x * h[0], y * h[1], z * h[2], 1}).Vec3())
	}
	tn := func(x, y, z float32) mgl32.Vec3 { return r.Mul4x1(mgl32.Vec4{x, y, z, 0}).Vec3() }
	for axis := 0; axis < 3; axis++ {
		for _, s := range []float32{-1, 1} {
			var n [3]float32
			n[axis] = s
			u, v := (axis+1)%3, (axis+2)%3
			corner := func(a, bb float32) mgl32.Vec3 {
				var p [3]float32
				p[axis], p[u], p[v] = s, a, bb
				return tp(p[0], p[1], p[2])
			}
			b.quad(corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1), tn(n[0], n[1], n[2]))
		}
	}
}

// sphere adds a UV sphere (seg around, rings from pole to pole).
func (b *builder) sphere(c mgl32.Vec3, r float32, seg, rings int) {
	base := uint32(len(b.p.Positions))
	for j := 0; j <= rings; j++ {
		th := math.Pi * float64(j) / float64(rings)
		for i := 0; i <= seg; i++ {
			ph := 2 * math.Pi * float64(i) / float64(seg)
			n := mgl32.Vec3{float32(math.Sin(th) * math.Cos(ph)), float32(math.Cos(th)), float32(-math.Sin(th) * math.Sin(ph))}
			b.vert(c.Add(n.Mul(r)), n, [2]float32{float32(i) / float32(seg), float32(j) / float32(rings)})
		}
	}
	w := uint32(seg + 1)
	for j := 0; j < rings; j++ {
		for i := 0; i < seg; i++ {
			a := base + uint32(j)*w + uint32(i)
			if j != 0 {
				b.p.Indices = append(b.p.Indices, a, a+w, a+1)
			}
			if j != rings-1 {
				b.p.Indices = append(b.p.Indices, a+1, a+w, a+w+1)
			}
		}
	}
}

// grid adds an n×n grid in the XZ plane centred at c with half-size h,
// facing +Y.
func (b *builder) grid(c mgl32.Vec3, h float32, n int) {
	base := uint32(len(b.p.Positions))
	for j := 0; j <= n; j++ {
		for i := 0; i <= n; i++ {
			u, v := float32(i)/float32(n), float32(j)/float32(n)
			b.vert(c.Add(mgl32.Vec3{(2*u - 1) * h, 0, (2*v - 1) * h}), mgl32.Vec3{0, 1, 0}, [2]float32{u, v})
		}
	}
	w := uint32(n + 1)
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			a := base + uint32(j)*w + uint32(i)
			b.p.Indices = append(b.p.Indices, a, a+w, a+1, a+1, a+w, a+w+1)
		}
	}
}

// done finishes the primitive with material mat.
func (b *builder) done(mat int) model.Primitive {
	p := b.p
	p.Material = mat
	p.Tangents = model.GenerateTangents(p.Positions, p.Normals, p.UV0, p.Indices)
	p.GeneratedTangents = true
	b.p = model.Primitive{}
	return p
}

// addMesh appends a mesh and a node carrying it; returns the node index.
func addMesh(s *model.Scene, name string, prims ...model.Primitive) int {
	m := &model.Mesh{Name: name, Primitives: prims}
	m.ComputeBounds()
	s.Meshes = append(s.Meshes, m)
	n := model.NewNode(name)
	n.Mesh = len(s.Meshes) - 1
	return s.AddNode(n, -1)
}

func addMaterial(s *model.Scene, name string, base [3]float32, metallic, rough float32, emissive [3]float32) int {
	m := model.DefaultMaterial()
	m.Name = name
	m.BaseColor = [4]float32{base[0], base[1], base[2], 1}
	m.Metallic, m.Roughness, m.Emissive = metallic, rough, emissive
	s.Materials = append(s.Materials, m)
	return len(s.Materials) - 1
}

func addCamera(s *model.Scene, name string, eye, target mgl32.Vec3, yfov float32) {
	n := model.NewNode(name)
	n.Camera = len(s.Cameras)
	n.HasMatrix = true
	n.Matrix = mgl32.LookAtV(eye, target, mgl32.Vec3{0, 1, 0}).Inv()
	ni := s.AddNode(n, -1)
	s.Cameras = append(s.Cameras, model.Camera{Name: name, Projection: model.Perspective, YFov: yfov,
		ZNear: 0.01, ZFar: float32(math.Inf(1)), Node: ni, World: n.Matrix})
}
