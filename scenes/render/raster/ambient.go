package raster

import (
	"encoding/binary"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// closedAmbient estimates the indirect light of a scene lit by emissive
// triangles and no environment as if it were a room of diffuse surfaces
// (the Cornell box): the emitters' flux Φ = Σ π·area·Le spread over the
// total surface area A gives the mean direct irradiance Φ/A, and its first
// diffuse interreflection off surfaces of mean albedo ρ adds ρ·Φ/A (a
// closed room's full series ρ/(1 − ρ) overshoots rooms open on one side,
// as the Cornell box is towards the camera); that irradiance over π is
// returned as a uniform radiance (per channel). It is zero for scenes with
// an environment or without emitters. This is an approximation: it has no
// occlusion and ignores where the light falls. Frames use it only without
// irradiance probes (Options.Probes negative), which replace it.
func closedAmbient(p *kernel.Packed) [3]float32 {
	if p.Picks[2] > 0 || len(p.Emissive) == 0 {
		return [3]float32{}
	}
	var flux [3]float64
	for i := range p.Emissive {
		t := &p.Emissive[i]
		m := &p.Materials[p.Geometries[t.Geometry].Material]
		for c := range 3 {
			flux[c] += math.Pi * float64(t.Area) * float64(m.Emissive[c]*m.EmissiveStrength)
		}
	}
	var area float64
	var rho [3]float64
	for ii := range p.Instances {
		in := &p.Instances[ii]
		static := in.Flags&kernel.InstanceIdentity != 0
		for k := uint32(0); k < in.GeometryCount; k++ {
			gi := in.GeometryBase + k
			info := &p.GeometryInfo[gi]
			a := geometryArea(p, info, in, static)
			base := p.Materials[p.Geometries[gi].Material].BaseColor
			area += a
			for c := range 3 {
				rho[c] += a * float64(base[c])
			}
		}
	}
	var out [3]float32
	if area <= 0 {
		return out
	}
	for c := range 3 {
		r := rho[c] / area
		out[c] = float32(flux[c] / area * r / math.Pi)
	}
	return out
}

// geometryArea is the world-space surface area of a geometry record.
func geometryArea(p *kernel.Packed, info *kernel.GeometryInfo, in *kernel.InstanceData, static bool) float64 {
	vert := func(i uint32) mgl32.Vec3 {
		o := info.PositionsOffset + 12*int(i)
		var q mgl32.Vec3
		if o+12 > len(p.Arena) {
			return q
		}
		for c := range 3 {
			q[c] = math.Float32frombits(binary.LittleEndian.Uint32(p.Arena[o+4*c:]))
		}
		if static {
			return q
		}
		r := in.ToWorld
		return mgl32.Vec3{r[0][0]*q[0] + r[0][1]*q[1] + r[0][2]*q[2] + r[0][3], r[1][0]*q[0] + r[1][1]*q[1] + r[1][2]*q[2] + r[1][3],
			r[2][0]*q[0] + r[2][1]*q[1] + r[2][2]*q[2] + r[2][3]}
	}
	var a float64
	for t := range info.TriangleCount {
		o := info.IndicesOffset + 12*t
		if o+12 > len(p.Arena) {
			break
		}
		i0 := binary.LittleEndian.Uint32(p.Arena[o:])
		i1 := binary.LittleEndian.Uint32(p.Arena[o+4:])
		i2 := binary.LittleEndian.Uint32(p.Arena[o+8:])
		p0 := vert(i0)
		a += float64(vert(i1).Sub(p0).Cross(vert(i2).Sub(p0)).Len()) / 2
	}
	return a
}
