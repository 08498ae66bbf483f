package rasterbench

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Native is a straightforward scalar Go rasterizer of the benchmark frame,
// written as a competent Go programmer would for this one scene: vertices
// transformed once per frame, back faces culled, each triangle's bounding
// box scanned with incrementally stepped edge functions at pixel centres,
// perspective-correct attributes, a float32 depth buffer with a less test,
// the same Phong shading in float32, RGBA8 output. It is the baseline of
// `ingot bench raster` (it shares no code with engine/raster).
type Native struct {
	W, H  int
	Color []uint8
	Depth []float32

	mesh *Mesh
	cam  Camera
	// per-vertex scratch: window x, y, z, 1/w
	win []float32
}

// NewNative prepares the baseline for m on a w×h target.
func NewNative(m *Mesh, w, h int) *Native {
	return &Native{W: w, H: h, Color: make([]uint8, 4*w*h), Depth: make([]float32, w*h), mesh: m, cam: NewCamera(m, w, h),
		win: make([]float32, 4*len(m.Verts)/6)}
}

// Frame renders one frame: clear, transform, rasterize and shade.
func (n *Native) Frame() {
	cr, cg, cb := u8(float32(ClearColor[0])), u8(float32(ClearColor[1])), u8(float32(ClearColor[2]))
	for i := 0; i < len(n.Color); i += 4 {
		n.Color[i], n.Color[i+1], n.Color[i+2], n.Color[i+3] = cr, cg, cb, 255
	}
	for i := range n.Depth {
		n.Depth[i] = 1
	}
	m, mvp := n.mesh, n.cam.MVP
	fw, fh := float32(n.W), float32(n.H)
	for v := 0; v < len(m.Verts)/6; v++ {
		p := mvp.Mul4x1(mgl32.Vec4{m.Verts[6*v], m.Verts[6*v+1], m.Verts[6*v+2], 1})
		iw := 1 / p[3]
		n.win[4*v] = (p[0]*iw + 1) * fw / 2
		n.win[4*v+1] = (1 - p[1]*iw) * fh / 2
		n.win[4*v+2] = p[2] * iw
		n.win[4*v+3] = iw
	}
	for t := 0; t < len(m.Indices); t += 3 {
		n.triangle(m.Indices[t], m.Indices[t+1], m.Indices[t+2])
	}
}

// triangle rasterizes one triangle (every vertex of the bunny frame is in
// front of the camera, so no clipping is needed).
func (n *Native) triangle(a, b, c uint32) {
	w := n.win
	// The mesh's front faces are counter-clockwise as seen on the screen,
	// where (y down) this area is negative: cull the rest, and swap two
	// vertices so that the edge functions are positive inside.
	x0, y0, x1, y1, x2, y2 := w[4*a], w[4*a+1], w[4*b], w[4*b+1], w[4*c], w[4*c+1]
	if area := (x1-x0)*(y2-y0) - (y1-y0)*(x2-x0); !(area < 0) {
		return
	}
	b, c = c, b
	x1, y1, x2, y2 = x2, y2, x1, y1
	area := (x1-x0)*(y2-y0) - (y1-y0)*(x2-x0)
	minX := int(max(0, floor32(min(x0, x1, x2))))
	maxX := int(min(float32(n.W-1), ceil32(max(x0, x1, x2))))
	minY := int(max(0, floor32(min(y0, y1, y2))))
	maxY := int(min(float32(n.H-1), ceil32(max(y0, y1, y2))))
	if minX > maxX || minY > maxY {
		return
	}
	inv := 1 / area
	// Edge functions e_k(p) for the edge opposite vertex k, stepped per pixel.
	e0dx, e0dy := -(y2 - y1), x2-x1
	e1dx, e1dy := -(y0 - y2), x0-x2
	e2dx, e2dy := -(y1 - y0), x1-x0
	px, py := float32(minX)+0.5, float32(minY)+0.5
	r0 := (x2-x1)*(py-y1) - (y2-y1)*(px-x1)
	r1 := (x0-x2)*(py-y2) - (y0-y2)*(px-x2)
	r2 := (x1-x0)*(py-y0) - (y1-y0)*(px-x0)
	z0, z1, z2 := w[4*a+2], w[4*b+2], w[4*c+2]
	q0, q1, q2 := w[4*a+3], w[4*b+3], w[4*c+3]
	va, vb, vc := n.mesh.Verts[6*a:6*a+6], n.mesh.Verts[6*b:6*b+6], n.mesh.Verts[6*c:6*c+6]
	for y := minY; y <= maxY; y++ {
		e0, e1, e2 := r0, r1, r2
		for x := minX; x <= maxX; x++ {
			if e0 >= 0 && e1 >= 0 && e2 >= 0 {
				l0, l1, l2 := e0*inv, e1*inv, e2*inv
				z := l0*z0 + l1*z1 + l2*z2
				i := y*n.W + x
				if z < n.Depth[i] {
					n.Depth[i] = z
					p0, p1, p2 := l0*q0, l1*q1, l2*q2
					s := 1 / (p0 + p1 + p2)
					p0, p1, p2 = p0*s, p1*s, p2*s
					var attr [6]float32
					for k := range attr {
						attr[k] = p0*va[k] + p1*vb[k] + p2*vc[k]
					}
					n.shade(i, attr)
				}
			}
			e0 += e0dx
			e1 += e1dx
			e2 += e2dx
		}
		r0 += e0dy
		r1 += e1dy
		r2 += e2dy
	}
}

// shade is the Phong shader of PhongMSL.
func (n *Native) shade(i int, attr [6]float32) {
	world := mgl32.Vec3{attr[0], attr[1], attr[2]}
	nrm := mgl32.Vec3{attr[3], attr[4], attr[5]}.Normalize()
	light := n.cam.Light
	diffuse := max(nrm.Dot(light), 0)
	l := 0.2 + 0.8*diffuse
	if diffuse > 0 {
		camera := n.cam.Eye.Sub(world).Normalize()
		in := light.Mul(-1)
		reflected := in.Sub(nrm.Mul(2 * nrm.Dot(in)))
		if spec := max(camera.Dot(reflected), 0); spec > 0 {
			l += float32(math.Pow(float64(spec), 32))
		}
	}
	n.Color[4*i] = u8(min(0x46/255.0*l, 1))
	n.Color[4*i+1] = u8(min(0x89/255.0*l, 1))
	n.Color[4*i+2] = u8(min(0x66/255.0*l, 1))
	n.Color[4*i+3] = 255
}

func u8(f float32) uint8 { return uint8(f*255 + 0.5) }

func floor32(f float32) float32 { return float32(math.Floor(float64(f))) }
func ceil32(f float32) float32  { return float32(math.Ceil(float64(f))) }
