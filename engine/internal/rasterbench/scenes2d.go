package rasterbench

import (
	"math"
	"math/rand/v2"
)

// SmallTriangles returns n small random triangles inside a w×h target,
// three vertices each of (x, y) in normalized device coordinates and
// (u, v) texture coordinates: 4 floats a vertex, counter-clockwise in
// window space. Each triangle fits an 8×8-pixel box; the set is the same
// on every call.
func SmallTriangles(n, w, h int) []float32 {
	rng := rand.New(rand.NewPCG(19, 5))
	out := make([]float32, 0, 12*n)
	for range n {
		cx, cy := 4+rng.Float64()*float64(w-8), 4+rng.Float64()*float64(h-8)
		u0, v0 := rng.Float64()*4, rng.Float64()*4
		for k := range 3 {
			a := float64(k)*2*math.Pi/3 + rng.Float64()*0.5
			x, y := cx+4*math.Cos(a), cy-4*math.Sin(a)
			out = append(out, float32(x/float64(w)*2-1), float32(1-y/float64(h)*2),
				float32(u0+0.1*math.Cos(a)), float32(v0+0.1*math.Sin(a)))
		}
	}
	return out
}

// Checker returns an s×s RGBA8 texture of 8-texel checks in two colours
// with a gradient, the texture of the textured-triangles benchmark.
func Checker(s int) []byte {
	t := make([]byte, 4*s*s)
	for y := range s {
		for x := range s {
			i := 4 * (y*s + x)
			c := byte(60)
			if (x/8+y/8)%2 == 0 {
				c = 220
			}
			t[i], t[i+1], t[i+2], t[i+3] = c, byte(x*255/s), byte(y*255/s), 255
		}
	}
	return t
}

// TexturedMSL draws SmallTriangles: a pass-through vertex function and a
// fragment function sampling the texture with a bilinear, repeating
// sampler.
const TexturedMSL = `#include <metal_stdlib>
using namespace metal;
struct VIn { float2 pos [[attribute(0)]]; float2 uv [[attribute(1)]]; };
struct VOut { float4 position [[position]]; float2 uv; };
vertex VOut tex_vertex(VIn in [[stage_in]]) {
    VOut o;
    o.position = float4(in.pos, 0.0, 1.0);
    o.uv = in.uv;
    return o;
}
fragment float4 tex_fragment(VOut in [[stage_in]], texture2d<float> tex [[texture(0)]], sampler s [[sampler(0)]]) {
    return tex.sample(s, in.uv);
}
`

// FullScreenMSL is a fragment-bound full-screen pass: one triangle
// covering the target and a fragment function iterating z = z² + c (32
// steps, no early exit, so every pixel costs the same) for a colour.
const FullScreenMSL = `#include <metal_stdlib>
using namespace metal;
struct VOut { float4 position [[position]]; };
vertex VOut fs_vertex(uint vid [[vertex_id]]) {
    float2 p = float2((vid << 1) & 2, vid & 2);
    VOut o;
    o.position = float4(p * 2.0 - 1.0, 0.0, 1.0);
    return o;
}
fragment float4 fs_fragment(VOut in [[stage_in]], constant float2& size [[buffer(0)]]) {
    float2 c = (in.position.xy / size) * float2(3.0, 2.4) - float2(2.1, 1.2);
    float2 z = float2(0.0);
    float m = 0.0;
    for (int i = 0; i < 32; i++) {
        z = float2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c;
        z = clamp(z, -4.0, 4.0);
        m += exp2(-dot(z, z));
    }
    m = m / 32.0;
    return float4(m, m * m, sqrt(m), 1.0);
}
`

// NativeFullScreen is FullScreenMSL's frame in plain Go: the same loop per
// pixel centre in float32, RGBA8 output.
type NativeFullScreen struct {
	W, H  int
	Color []uint8
}

// NewNativeFullScreen prepares the baseline on a w×h target.
func NewNativeFullScreen(w, h int) *NativeFullScreen {
	return &NativeFullScreen{W: w, H: h, Color: make([]uint8, 4*w*h)}
}

// Frame shades every pixel.
func (n *NativeFullScreen) Frame() {
	for y := range n.H {
		for x := range n.W {
			cx := (float32(x)+0.5)/float32(n.W)*3 - 2.1
			cy := (float32(y)+0.5)/float32(n.H)*2.4 - 1.2
			var zx, zy, m float32
			for range 32 {
				zx, zy = zx*zx-zy*zy+cx, 2*zx*zy+cy
				zx, zy = min(max(zx, -4), 4), min(max(zy, -4), 4)
				m += float32(math.Exp2(float64(-(zx*zx + zy*zy))))
			}
			m /= 32
			i := 4 * (y*n.W + x)
			n.Color[i], n.Color[i+1], n.Color[i+2], n.Color[i+3] = u8(min(m, 1)), u8(min(m*m, 1)), u8(min(float32(math.Sqrt(float64(m))), 1)), 255
		}
	}
}

// NativeTextured is the textured-triangles frame in plain Go: each
// triangle's bounding box scanned with edge functions at pixel centres,
// linear (u, v), a bilinear repeating fetch of the RGBA8 texture, RGBA8
// output.
type NativeTextured struct {
	W, H  int
	Color []uint8
	tris  []float32
	tex   []byte
	ts    int
}

// NewNativeTextured prepares the baseline for tris (SmallTriangles) and an
// s×s texture on a w×h target.
func NewNativeTextured(tris []float32, tex []byte, s, w, h int) *NativeTextured {
	return &NativeTextured{W: w, H: h, Color: make([]uint8, 4*w*h), tris: tris, tex: tex, ts: s}
}

// Frame clears to opaque black (Metal's default clear colour) and draws
// every triangle.
func (n *NativeTextured) Frame() {
	for i := 0; i < len(n.Color); i += 4 {
		n.Color[i], n.Color[i+1], n.Color[i+2], n.Color[i+3] = 0, 0, 0, 255
	}
	W, H := float32(n.W), float32(n.H)
	for t := 0; t+12 <= len(n.tris); t += 12 {
		var x, y, u, v [3]float32
		for k := range 3 {
			p := n.tris[t+4*k:]
			x[k], y[k] = (p[0]+1)*W/2, (1-p[1])*H/2
			u[k], v[k] = p[2], p[3]
		}
		area := (x[1]-x[0])*(y[2]-y[0]) - (y[1]-y[0])*(x[2]-x[0])
		if area == 0 {
			continue
		}
		inv := 1 / area
		x0, x1 := max(int(floor32(min(x[0], x[1], x[2]))), 0), min(int(ceil32(max(x[0], x[1], x[2]))), n.W)
		y0, y1 := max(int(floor32(min(y[0], y[1], y[2]))), 0), min(int(ceil32(max(y[0], y[1], y[2]))), n.H)
		for py := y0; py < y1; py++ {
			for px := x0; px < x1; px++ {
				cx, cy := float32(px)+0.5, float32(py)+0.5
				l0 := ((x[2]-x[1])*(cy-y[1]) - (y[2]-y[1])*(cx-x[1])) * inv
				l1 := ((x[0]-x[2])*(cy-y[2]) - (y[0]-y[2])*(cx-x[2])) * inv
				l2 := 1 - l0 - l1
				if l0 < 0 || l1 < 0 || l2 < 0 {
					continue
				}
				r, g, b, a := n.sample(l0*u[0]+l1*u[1]+l2*u[2], l0*v[0]+l1*v[1]+l2*v[2])
				i := 4 * (py*n.W + px)
				n.Color[i], n.Color[i+1], n.Color[i+2], n.Color[i+3] = u8(r), u8(g), u8(b), u8(a)
			}
		}
	}
}

// sample is a bilinear, repeating fetch at normalized (u, v).
func (n *NativeTextured) sample(u, v float32) (r, g, b, a float32) {
	s := n.ts
	fx, fy := u*float32(s)-0.5, v*float32(s)-0.5
	ix, iy := floor32(fx), floor32(fy)
	ax, ay := fx-ix, fy-iy
	wrap := func(i int) int { return ((i % s) + s) % s }
	x0, y0 := wrap(int(ix)), wrap(int(iy))
	x1, y1 := wrap(x0+1), wrap(y0+1)
	var c [4]float32
	for k := range 4 {
		t00 := float32(n.tex[4*(y0*s+x0)+k])
		t10 := float32(n.tex[4*(y0*s+x1)+k])
		t01 := float32(n.tex[4*(y1*s+x0)+k])
		t11 := float32(n.tex[4*(y1*s+x1)+k])
		c[k] = ((t00*(1-ax)+t10*ax)*(1-ay) + (t01*(1-ax)+t11*ax)*ay) / 255
	}
	return c[0], c[1], c[2], c[3]
}
