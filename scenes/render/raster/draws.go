package raster

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// draw is one geometry record of one instance.
type draw struct {
	rec      rasterDraw
	cull     engine.CullMode
	winding  engine.Winding
	indices  int // arena offset of the uint32 indices
	count    int // index count
	centre   mgl32.Vec3
	material uint32
	// lod is the meshlet level of detail of this frame (Options.LOD).
	lod int
}

// buildDraws lists the packed scene's draws in record order: each
// instance's geometries, with the pass their material needs (BLEND and
// transmissive materials: blend; MASK: mask), back-face culling for
// single-sided materials and the winding that keeps front faces front
// under mirroring transforms, and each draw's world-space bounds centre
// (for sorting transparent draws).
func buildDraws(p *kernel.Packed) []draw {
	var out []draw
	for ii := range p.Instances {
		in := &p.Instances[ii]
		static := in.Flags&kernel.InstanceIdentity != 0
		winding := engine.WindingCounterClockwise
		if !static && det3(in.ToWorld) < 0 {
			winding = engine.WindingClockwise
		}
		for k := uint32(0); k < in.GeometryCount; k++ {
			gi := in.GeometryBase + k
			g := &p.Geometries[gi]
			info := &p.GeometryInfo[gi]
			if info.TriangleCount == 0 {
				continue
			}
			m := &p.Materials[g.Material]
			d := draw{rec: rasterDraw{Instance: uint32(ii), Geometry: gi, Pass: passOpaque}, cull: engine.CullModeNone,
				winding: winding, indices: info.IndicesOffset, count: 3 * info.TriangleCount, material: g.Material}
			switch {
			case m.AlphaMode == kernel.AlphaBlend || m.Transmission > 0:
				d.rec.Pass = passBlend
			case m.AlphaMode == kernel.AlphaMask:
				d.rec.Pass = passMask
			}
			if m.Flags&kernel.MaterialDoubleSided == 0 {
				d.cull = engine.CullModeBack
			}
			d.centre = centre(p, info, in, static)
			out = append(out, d)
		}
	}
	return out
}

// det3 is the determinant of the linear part of affine rows.
func det3(r [3]kernel.Float4) float32 {
	return r[0][0]*(r[1][1]*r[2][2]-r[1][2]*r[2][1]) - r[0][1]*(r[1][0]*r[2][2]-r[1][2]*r[2][0]) + r[0][2]*(r[1][0]*r[2][1]-r[1][1]*r[2][0])
}

// centre is the world-space centre of a geometry's bounding box.
func centre(p *kernel.Packed, info *kernel.GeometryInfo, in *kernel.InstanceData, static bool) mgl32.Vec3 {
	lo := mgl32.Vec3{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(1))}
	hi := lo.Mul(-1)
	for v := range info.VertexCount {
		o := info.PositionsOffset + 12*v
		if o+12 > len(p.Arena) {
			break
		}
		var q mgl32.Vec3
		for c := range 3 {
			q[c] = math.Float32frombits(binary.LittleEndian.Uint32(p.Arena[o+4*c:]))
		}
		for c := range 3 {
			lo[c], hi[c] = min(lo[c], q[c]), max(hi[c], q[c])
		}
	}
	c := lo.Add(hi).Mul(0.5)
	if static {
		return c
	}
	r := in.ToWorld
	return mgl32.Vec3{r[0][0]*c[0] + r[0][1]*c[1] + r[0][2]*c[2] + r[0][3], r[1][0]*c[0] + r[1][1]*c[1] + r[1][2]*c[2] + r[1][3],
		r[2][0]*c[0] + r[2][1]*c[1] + r[2][2]*c[2] + r[2][3]}
}

// ordered returns the draws in submission order: opaque, then mask (each
// in record order), then blend sorted back to front along the camera's
// forward axis (ties in record order).
func ordered(ds []draw, eye, fwd mgl32.Vec3) []draw {
	out := make([]draw, 0, len(ds))
	for _, pass := range []uint32{passOpaque, passMask} {
		for _, d := range ds {
			if d.rec.Pass == pass {
				out = append(out, d)
			}
		}
	}
	start := len(out)
	for _, d := range ds {
		if d.rec.Pass == passBlend {
			out = append(out, d)
		}
	}
	blend := out[start:]
	slices.SortStableFunc(blend, func(a, b draw) int {
		return cmp.Compare(b.centre.Sub(eye).Dot(fwd), a.centre.Sub(eye).Dot(fwd))
	})
	return out
}
