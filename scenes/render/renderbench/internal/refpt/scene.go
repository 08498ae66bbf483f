package refpt

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
)

// triangle is one world-space triangle, stored for Möller–Trumbore.
type triangle struct {
	p0, e1, e2 vec3 // vertex 0 and the edges to vertices 1 and 2
	ng         vec3 // unit geometric normal, cross(e1, e2) normalised
	n0, n1, n2 vec3 // world-space vertex normals (not normalised)
	material   int32
	light      int32 // index in Scene.lights, -1 when not emissive
}

// material is a Lambertian surface with optional emission.
type material struct {
	albedo      vec3 // base colour: f = albedo/π
	emission    vec3 // radiance leaving the surface
	doubleSided bool // emits from, and is seen from, both sides
}

// light is an emissive triangle for next-event estimation.
type light struct {
	tri  int32
	area float32
	pmf  float32 // probability of picking it
	cdf  float32 // inclusive running sum of pmf
}

// Scene is a model.Scene prepared for rendering: world-space triangles,
// their BVH, materials, area lights and the camera.
type Scene struct {
	tris      []triangle
	materials []material
	lights    []light
	bvh       []node
	cam       camera
}

// camera is a pinhole camera: unit right, up and forward axes.
type camera struct {
	pos, right, up, fwd vec3
	tanHalfFovY, near   float32
}

// Triangles returns the number of triangles the scene holds.
func (s *Scene) Triangles() int { return len(s.tris) }

// Nodes returns the number of nodes of its BVH.
func (s *Scene) Nodes() int { return len(s.bvh) }

// ErrUnsupported is wrapped by NewScene's error for a scene outside the
// renderer's scope (see the package comment).
var ErrUnsupported = errors.New("refpt: unsupported")

// NewScene prepares s at time 0, seen from camera cam placed by its
// camera-to-world transform world (as model.Scene.ViewCamera returns
// them; the camera looks down its −Z with +Y up). It fails, wrapping
// ErrUnsupported, on what the renderer does not draw: textures, vertex
// colours, alpha, non-Lambertian or unlit materials, deforming meshes,
// punctual lights and orthographic cameras.
func NewScene(s *model.Scene, cam model.Camera, world mgl32.Mat4) (*Scene, error) {
	if s == nil {
		return nil, errors.New("refpt: nil scene")
	}
	if cam.Projection != model.Perspective {
		return nil, fmt.Errorf("%w: camera projection %v (perspective only)", ErrUnsupported, cam.Projection)
	}
	if len(s.Lights) > 0 {
		return nil, fmt.Errorf("%w: punctual light %q (area lights only)", ErrUnsupported, s.Lights[0].Name)
	}
	out := &Scene{}
	matIndex := map[int]int32{}
	for ii, in := range s.Instances() {
		if in.Mesh < 0 || in.Mesh >= len(s.Meshes) {
			continue
		}
		mesh := s.Meshes[in.Mesh]
		if in.Deforms {
			return nil, fmt.Errorf("%w: instance %d of mesh %q deforms (skin or morph)", ErrUnsupported, ii, mesh.Name)
		}
		nm := in.Transform.Mat3().Inv().Transpose()
		for pi := range mesh.Primitives {
			p := &mesh.Primitives[pi]
			if p.Mode != model.Triangles {
				continue
			}
			if len(p.Colors) > 0 {
				return nil, fmt.Errorf("%w: mesh %q primitive %d has vertex colours", ErrUnsupported, mesh.Name, pi)
			}
			mi, ok := matIndex[p.Material]
			if !ok {
				m, err := convertMaterial(s.Material(p.Material))
				if err != nil {
					return nil, fmt.Errorf("mesh %q primitive %d: %w", mesh.Name, pi, err)
				}
				mi = int32(len(out.materials))
				out.materials = append(out.materials, m)
				matIndex[p.Material] = mi
			}
			if err := out.addPrimitive(p, in.Transform, nm, mi); err != nil {
				return nil, fmt.Errorf("mesh %q primitive %d: %w", mesh.Name, pi, err)
			}
		}
	}
	out.bvh = buildBVH(out.tris) // reorders the triangles: lights after it
	out.buildLights()
	c, err := newCamera(cam, world)
	if err != nil {
		return nil, err
	}
	out.cam = c
	return out, nil
}

// convertMaterial maps a glTF material onto the Lambertian model, or
// says why it cannot.
func convertMaterial(m model.Material) (material, error) {
	why := ""
	switch {
	case m.Unlit:
		why = "unlit"
	case m.AlphaMode != model.AlphaOpaque:
		why = "alpha mode " + m.AlphaMode.String()
	case m.Metallic != 0:
		why = "metallic"
	case m.Specular.Factor > 0:
		why = "specular layer (KHR_materials_specular weight > 0)"
	case m.Transmission.Factor > 0:
		why = "transmission"
	case m.Clearcoat.Factor > 0:
		why = "clearcoat"
	case max(m.Sheen.Color[0], m.Sheen.Color[1], m.Sheen.Color[2]) > 0:
		why = "sheen"
	case m.Iridescence.Factor > 0:
		why = "iridescence"
	case m.Volume.Thickness > 0:
		why = "volume"
	}
	for _, t := range []model.TextureRef{m.BaseColorTex, m.MetallicRoughnessTex, m.NormalTex, m.EmissiveTex,
		m.Transmission.Tex, m.Clearcoat.Tex, m.Specular.Tex, m.Specular.ColorTex, m.Sheen.ColorTex} {
		if why == "" && t.Valid() {
			why = "textures"
		}
	}
	if why != "" {
		return material{}, fmt.Errorf("%w: material %q: %s (Lambertian only)", ErrUnsupported, m.Name, why)
	}
	return material{
		albedo:      vec3{m.BaseColor[0], m.BaseColor[1], m.BaseColor[2]},
		emission:    vec3{m.Emissive[0], m.Emissive[1], m.Emissive[2]},
		doubleSided: m.DoubleSided,
	}, nil
}

// addPrimitive appends p's triangles placed by xf (normals by nm).
func (s *Scene) addPrimitive(p *model.Primitive, xf mgl32.Mat4, nm mgl32.Mat3, mat int32) error {
	pos := make([]vec3, len(p.Positions))
	for i, v := range p.Positions {
		w := xf.Mul4x1(mgl32.Vec4{v[0], v[1], v[2], 1})
		pos[i] = vec3{w[0], w[1], w[2]}
	}
	var nrm []vec3
	if len(p.Normals) == len(p.Positions) {
		nrm = make([]vec3, len(p.Normals))
		for i, v := range p.Normals {
			w := nm.Mul3x1(mgl32.Vec3(v))
			nrm[i] = vec3{w[0], w[1], w[2]}
		}
	}
	for t := 0; t+2 < len(p.Indices); t += 3 {
		i0, i1, i2 := p.Indices[t], p.Indices[t+1], p.Indices[t+2]
		if int(max(i0, i1, i2)) >= len(pos) {
			return fmt.Errorf("triangle %d: index %d out of %d vertices", t/3, max(i0, i1, i2), len(pos))
		}
		tr := triangle{p0: pos[i0], e1: pos[i1].sub(pos[i0]), e2: pos[i2].sub(pos[i0]), material: mat, light: -1}
		tr.ng = tr.e1.cross(tr.e2).normalize()
		if !tr.ng.finite() {
			continue // degenerate: nothing can hit it
		}
		if nrm != nil {
			tr.n0, tr.n1, tr.n2 = nrm[i0], nrm[i1], nrm[i2]
		} else {
			tr.n0, tr.n1, tr.n2 = tr.ng, tr.ng, tr.ng
		}
		s.tris = append(s.tris, tr)
	}
	return nil
}

// buildLights lists the emissive triangles, picked in proportion to
// their power (area × luminance of the emission).
func (s *Scene) buildLights() {
	var total float32
	for i := range s.tris {
		t := &s.tris[i]
		e := s.materials[t.material].emission
		if e.isZero() {
			continue
		}
		area := t.e1.cross(t.e2).length() / 2
		power := area * luminance(e)
		if !(power > 0) {
			continue
		}
		t.light = int32(len(s.lights))
		s.lights = append(s.lights, light{tri: int32(i), area: area, pmf: power})
		total += power
	}
	var acc float32
	for i := range s.lights {
		s.lights[i].pmf /= total
		acc += s.lights[i].pmf
		s.lights[i].cdf = acc
	}
	if n := len(s.lights); n > 0 {
		s.lights[n-1].cdf = 1
	}
}

// newCamera reads the pinhole camera from a camera-to-world transform.
func newCamera(c model.Camera, world mgl32.Mat4) (camera, error) {
	col := func(i int) vec3 { return vec3{world[i*4], world[i*4+1], world[i*4+2]} }
	cam := camera{pos: col(3), right: col(0).normalize(), up: col(1).normalize(), fwd: col(2).scale(-1).normalize(),
		tanHalfFovY: float32(math.Tan(float64(c.YFov) / 2)), near: max(c.ZNear, 0)}
	if !cam.right.finite() || !cam.up.finite() || !cam.fwd.finite() || !(cam.tanHalfFovY > 0) {
		return camera{}, fmt.Errorf("refpt: camera %q: degenerate transform or field of view %g", c.Name, c.YFov)
	}
	return cam, nil
}
