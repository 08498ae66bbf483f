package kernel

import (
	"context"
	"fmt"
	"sync"

	"github.com/chewxy/math32"
)

// Reference is a slow pure-Go twin of pathtrace.metal's path_trace for
// small untextured scenes: brute-force ray/triangle tests instead of an
// acceleration structure, and otherwise the same camera, sampler, material
// function (gltf_metallic_roughness / gltf_unlit without textures), BSDF,
// light sampling, MIS and Russian roulette, line for line. Whole images of
// the MSL renderer can be compared with it, and its own tests check the
// estimator (white furnace, NEE vs BSDF-only agreement, determinism).
//
// Differences from the MSL: environment maps are looked up nearest-texel
// (the MSL samples bilinearly); BLEND alpha draws its random numbers per
// candidate in brute-force order (the MSL in traversal order).
type Reference struct {
	p   *Packed
	res SceneResources
}

// NewReference prepares a packed scene; it fails on textured materials
// (the reference has no texture sampling).
func NewReference(p *Packed) (*Reference, error) {
	for i := range p.Materials {
		m := &p.Materials[i]
		for _, s := range []TextureSlot{m.BaseColorTex, m.MetallicRoughnessTex, m.NormalTex, m.EmissiveTex,
			m.TransmissionTex, m.ClearcoatTex, m.ClearcoatRoughnessTex, m.ThicknessTex, m.IridescenceTex, m.IridescenceThicknessTex} {
			if s.Texture >= 0 {
				return nil, fmt.Errorf("reference renderer: material %d uses texture %d (textures unsupported)", i, s.Texture)
			}
		}
		if m.Function > FunctionUnlit {
			return nil, fmt.Errorf("reference renderer: material %d uses material function %d (only the stock ones)", i, m.Function)
		}
	}
	return &Reference{p: p, res: p.Resources()}, nil
}

// Render adds frame.Settings.SamplesPerPass samples of every pixel of the
// tile in frame.Settings into accum (W×H, rgb sum and sample count), on
// workers goroutines; the result does not depend on workers.
func (r *Reference) Render(ctx context.Context, frame *FrameParams, accum []Float4, workers int) error {
	st := &frame.Settings
	if len(accum) != int(st.Width*st.Height) {
		return fmt.Errorf("reference renderer: accum has %d pixels, want %d×%d", len(accum), st.Width, st.Height)
	}
	workers = max(workers, 1)
	var wg sync.WaitGroup
	rows := make(chan uint32)
	for range workers {
		wg.Go(func() {
			for y := range rows {
				for x := range st.TileWidth {
					r.pixel(frame, accum, st.TileX+x, st.TileY+y)
				}
			}
		})
	}
	var err error
	for y := range st.TileHeight {
		if err = ctx.Err(); err != nil {
			break
		}
		rows <- y
	}
	close(rows)
	wg.Wait()
	return err
}

// pixel is path_trace for one pixel.
func (r *Reference) pixel(frame *FrameParams, accum []Float4, px, py uint32) {
	st := &frame.Settings
	if px >= st.Width || py >= st.Height {
		return
	}
	seed := PixelSeed(px, py, HashCombine(st.Seed, st.FrameIndex))
	var sum Vec3
	for s := range st.SamplesPerPass {
		l := r.tracePath(frame, px, py, seed, st.SampleStart+s)
		if !finite3(l) {
			l = Vec3{}
		}
		if st.ClampRadiance > 0 {
			if lum := Luminance(l); lum > st.ClampRadiance {
				l = l.scale(st.ClampRadiance / lum)
			}
		}
		sum = sum.add(l)
	}
	i := py*st.Width + px
	a := &accum[i]
	a[0] += sum[0]
	a[1] += sum[1]
	a[2] += sum[2]
	a[3] += float32(st.SamplesPerPass)
}

func finite3(v Vec3) bool {
	for _, x := range v {
		if math32.IsNaN(x) || math32.IsInf(x, 0) {
			return false
		}
	}
	return true
}

type refHit struct {
	t          float32
	inst, geom uint32 // instance index, geometry id within the instance
	prim       uint32
	b          [2]float32
	front      bool
	ok         bool
}

type instXform struct{ m, n [3]Float4 }

// instanceXform is pathtrace.metal instance_xform.
func instanceXform(in *InstanceData, u float32) instXform {
	x := instXform{m: in.ToWorld, n: in.NormalToWorld}
	if in.Flags&InstanceMoving != 0 {
		for r := range 3 {
			for c := range 4 {
				x.m[r][c] += (in.ToWorldClose[r][c] - x.m[r][c]) * u
				x.n[r][c] += (in.NormalToWorldClose[r][c] - x.n[r][c]) * u
			}
		}
	}
	return x
}

// det3 is the determinant of the linear part of a row-major 3×4 transform.
func det3(m [3]Float4) float32 {
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}

func xformPoint(m *[3]Float4, p Vec3) Vec3 {
	var o Vec3
	for r := range 3 {
		o[r] = m[r][0]*p[0] + m[r][1]*p[1] + m[r][2]*p[2] + m[r][3]
	}
	return o
}

func xformVector(m *[3]Float4, v Vec3) Vec3 {
	var o Vec3
	for r := range 3 {
		o[r] = m[r][0]*v[0] + m[r][1]*v[1] + m[r][2]*v[2]
	}
	return o
}

func (r *Reference) f32(off, i int) float32 { return f32le(r.p.Arena[off+4*i:]) }

func (r *Reference) vec3(off int, i uint32) Vec3 {
	o := off + 12*int(i)
	return Vec3{f32le(r.p.Arena[o:]), f32le(r.p.Arena[o+4:]), f32le(r.p.Arena[o+8:])}
}

func (r *Reference) index(rec uint32, k uint32) uint32 {
	return u32le(r.p.Arena[r.p.offsets[rec][6]+4*int(k):])
}

// triangle returns record rec's triangle prim in object space (open keyframe,
// or interpolated for a deformed record with a close keyframe).
func (r *Reference) triangle(rec, prim uint32, mu float32) (i0, i1, i2 uint32, v [3]Vec3) {
	i0, i1, i2 = r.index(rec, 3*prim), r.index(rec, 3*prim+1), r.index(rec, 3*prim+2)
	off := r.p.offsets[rec][0]
	closeOff := r.p.GeometryInfo[rec].PositionsCloseOffset
	for k, ix := range [3]uint32{i0, i1, i2} {
		v[k] = r.vec3(off, ix)
		if closeOff >= 0 {
			v[k] = lerp3(v[k], r.vec3(closeOff, ix), mu)
		}
	}
	return
}

// intersect is the brute-force closest (or any) hit in (tmin, tmax);
// cullBack skips the back faces of single-sided materials (camera rays).
func (r *Reference) intersect(o, d Vec3, tmin, tmax, mu float32, anyHit, cullBack bool, rng *uint32) refHit {
	best := refHit{t: tmax}
	for ii := range r.p.Instances {
		in := &r.p.Instances[ii]
		x := instanceXform(in, mu)
		// The engine decides facing in object space, as Metal does: a
		// mirrored instance (negative determinant) keeps its front side
		// where its normals point, as glTF asks.
		mirrored := det3(x.m) < 0
		for k := range in.GeometryCount {
			rec := in.GeometryBase + k
			g := &r.p.Geometries[rec]
			mat := &r.p.Materials[g.Material]
			for prim := range g.TriangleCount {
				_, _, _, v := r.triangle(rec, prim, mu)
				for j := range v {
					v[j] = xformPoint(&x.m, v[j])
				}
				t, b1, b2, front, ok := rayTriangle(o, d, v)
				if !ok || !(t > tmin) || !(t < best.t) {
					continue
				}
				front = front != mirrored
				if cullBack && !front && mat.Flags&(MaterialDoubleSided|MaterialVolume) == 0 {
					continue // camera rays: glTF culls single-sided back faces
				}
				if mat.AlphaMode != AlphaOpaque && !r.alphaTest(rec, mat, prim, [2]float32{b1, b2}, rng) {
					continue
				}
				best = refHit{t: t, inst: uint32(ii), geom: k, prim: prim, b: [2]float32{b1, b2}, front: front, ok: true}
				if anyHit {
					return best
				}
			}
		}
	}
	return best
}

// rayTriangle is a Möller–Trumbore test; front reports a counter-clockwise
// triangle as seen from the ray origin (glTF front face).
func rayTriangle(o, d Vec3, v [3]Vec3) (t, b1, b2 float32, front, ok bool) {
	e1, e2 := v[1].sub(v[0]), v[2].sub(v[0])
	pv := d.cross(e2)
	det := e1.dot(pv)
	if det == 0 || math32.IsNaN(det) {
		return 0, 0, 0, false, false
	}
	inv := 1 / det
	tv := o.sub(v[0])
	b1 = tv.dot(pv) * inv
	if b1 < 0 || b1 > 1 {
		return 0, 0, 0, false, false
	}
	qv := tv.cross(e1)
	b2 = d.dot(qv) * inv
	if b2 < 0 || b1+b2 > 1 {
		return 0, 0, 0, false, false
	}
	t = e2.dot(qv) * inv
	return t, b1, b2, e1.cross(e2).dot(d) < 0, true
}

// alphaTest is pathtrace.metal alpha_test without textures.
func (r *Reference) alphaTest(rec uint32, m *MaterialData, prim uint32, b [2]float32, rng *uint32) bool {
	a := m.BaseColor[3]
	g := &r.p.Geometries[rec]
	if g.Flags&GeometryHasColors != 0 {
		i0, i1, i2 := r.index(rec, 3*prim), r.index(rec, 3*prim+1), r.index(rec, 3*prim+2)
		c := r.p.offsets[rec][5]
		w0 := 1 - b[0] - b[1]
		a *= r.f32(c, 4*int(i1)+3)*b[0] + r.f32(c, 4*int(i2)+3)*b[1] + r.f32(c, 4*int(i0)+3)*w0
	}
	if m.AlphaMode == AlphaMask {
		return a >= m.AlphaCutoff
	}
	*rng = Hash32(*rng ^ (prim * 0x9e3779b9))
	return ToUnit(*rng) < a
}

// surfaceHit is the SurfaceHit of scene_types.h.
type surfaceHit struct {
	position, normal, geometricNormal, wo Vec3
	color                                 [4]float32
	material, geometry, primitive         uint32
	front                                 bool
}

// makeHit is pathtrace.metal make_hit (attributes the reference uses).
func (r *Reference) makeHit(h refHit, o, d Vec3, mu float32) surfaceHit {
	in := &r.p.Instances[h.inst]
	rec := in.GeometryBase + h.geom
	g := &r.p.Geometries[rec]
	x := instanceXform(in, mu)
	i0, i1, i2, v := r.triangle(rec, h.prim, 0)
	b := h.b
	w0 := 1 - b[0] - b[1]
	sh := surfaceHit{position: o.add(d.scale(h.t)), wo: d.scale(-1), material: g.Material, geometry: rec,
		primitive: h.prim, front: h.front, color: [4]float32{1, 1, 1, 1}}
	ng := xformVector(&x.n, v[1].sub(v[0]).cross(v[2].sub(v[0]))).normalize()
	if !finite3(ng) {
		ng = sh.wo
	}
	if ng.dot(sh.wo) < 0 {
		ng = ng.scale(-1)
	}
	sh.geometricNormal = ng
	n := ng
	if g.Flags&GeometryHasNormals != 0 {
		no := r.p.offsets[rec][1]
		on := r.vec3(no, i1).scale(b[0]).add(r.vec3(no, i2).scale(b[1])).add(r.vec3(no, i0).scale(w0))
		wn := xformVector(&x.n, on).normalize()
		if finite3(wn) {
			n = wn
			if wn.dot(ng) < 0 {
				n = wn.scale(-1)
			}
		}
	}
	sh.normal = n
	if g.Flags&GeometryHasColors != 0 {
		c := r.p.offsets[rec][5]
		for k := range 4 {
			sh.color[k] = r.f32(c, 4*int(i1)+k)*b[0] + r.f32(c, 4*int(i2)+k)*b[1] + r.f32(c, 4*int(i0)+k)*w0
		}
	}
	return sh
}

// materialOutput is MaterialOutput.
type materialOutput struct {
	params   BSDFParams
	normal   Vec3
	emission Vec3
	flags    uint32
}

// evalMaterial is gltf_metallic_roughness / gltf_unlit without textures.
func (r *Reference) evalMaterial(sh *surfaceHit) materialOutput {
	m := &r.p.Materials[sh.material]
	base := Vec3{m.BaseColor[0] * sh.color[0], m.BaseColor[1] * sh.color[1], m.BaseColor[2] * sh.color[2]}
	if m.Function == FunctionUnlit {
		return materialOutput{params: BSDFParams{BaseColor: base, Roughness: 1, IOR: 1.5}.DefaultSpecular(), normal: sh.normal,
			emission: base, flags: m.Flags | MaterialUnlit}
	}
	return materialOutput{
		params: BSDFParams{BaseColor: base, Metallic: clamp01(m.Metallic), Roughness: clamp01(m.Roughness), IOR: m.IOR,
			Transmission: clamp01(m.Transmission), Clearcoat: clamp01(m.Clearcoat), ClearcoatRoughness: clamp01(m.ClearcoatRoughness),
			Specular: clamp01(m.Specular), SpecularColor: Vec3(m.SpecularColor),
			SheenColor: Vec3{clamp01(m.SheenColor[0]), clamp01(m.SheenColor[1]), clamp01(m.SheenColor[2])}, SheenRoughness: clamp01(m.SheenRoughness),
			Iridescence: clamp01(m.Iridescence), IridescenceIOR: m.IridescenceIor,
			// mix(min, max, 1): no thickness texture.
			IridescenceThickness: max(m.IridescenceThicknessMin+(m.IridescenceThicknessMax-m.IridescenceThicknessMin), 0)},
		normal: sh.normal, emission: Vec3(m.Emissive).scale(m.EmissiveStrength), flags: m.Flags,
	}
}

func (r *Reference) surfaceEmission(rec uint32) Vec3 {
	m := &r.p.Materials[r.p.Geometries[rec].Material]
	return Vec3(m.Emissive).scale(m.EmissiveStrength)
}

func (r *Reference) envRadiance(d Vec3) Vec3 {
	c := Vec3(r.res.EnvColor).scale(r.res.EnvIntensity)
	if r.p.EnvCDF != nil {
		uv := EnvUV(d, r.res.EnvRotation)
		w, h := r.p.Env.Width, r.p.Env.Height
		x, y := min(int(uv[0]*float32(w)), w-1), min(int(uv[1]*float32(h)), h-1)
		i := 3 * (y*w + x)
		c = c.mul(Vec3{r.p.Env.RGB[i], r.p.Env.RGB[i+1], r.p.Env.RGB[i+2]})
	}
	return c
}

func (r *Reference) envPdf(d Vec3) float32 {
	if r.res.PickEnv <= 0 {
		return 0
	}
	if r.p.EnvCDF == nil {
		return r.res.PickEnv / (4 * math32.Pi)
	}
	return r.res.PickEnv * r.p.EnvCDF.Pdf(d, r.res.EnvRotation)
}

type lightSample struct {
	wi    Vec3
	dist  float32
	li    Vec3
	pdf   float32
	delta bool
}

// sampleLight is pathtrace.metal sample_light.
func (r *Reference) sampleLight(p Vec3, u [4]float32) lightSample {
	ls := lightSample{dist: math32.Inf(1), wi: Vec3{0, 1, 0}}
	res := &r.res
	x := u[0]
	if x < res.PickEmissive && res.EmissiveCount > 0 {
		v := x / res.PickEmissive
		i := sort32(len(r.p.Emissive), func(k int) float32 { return r.p.Emissive[k].Cdf }, v)
		tri := &r.p.Emissive[i]
		su := math32.Sqrt(u[1])
		b1, b2 := 1-su, u[2]*su
		p0, p1, p2 := Vec3(tri.P0), Vec3(tri.P1), Vec3(tri.P2)
		q := p0.add(p1.sub(p0).scale(b1)).add(p2.sub(p0).scale(b2))
		d := q.sub(p)
		d2 := d.dot(d)
		if d2 <= 0 || tri.Area <= 0 {
			return ls
		}
		dist := math32.Sqrt(d2)
		ls.wi = d.scale(1 / dist)
		n := p1.sub(p0).cross(p2.sub(p0)).normalize()
		cosL := n.dot(ls.wi.scale(-1))
		twoSided := r.p.Materials[r.p.Geometries[tri.Geometry].Material].Flags&MaterialDoubleSided != 0
		if cosL <= 0 && !(twoSided && cosL < 0) {
			return ls
		}
		ls.dist = dist
		ls.li = r.surfaceEmission(tri.Geometry)
		ls.pdf = res.PickEmissive * tri.Pmf * d2 / (tri.Area * math32.Abs(cosL))
		return ls
	}
	x -= res.PickEmissive
	if x < res.PickPunctual && res.PunctualCount > 0 {
		i := sort32(len(r.p.Punctual), func(k int) float32 { return r.p.Punctual[k].Cdf }, x/res.PickPunctual)
		l := &r.p.Punctual[i]
		ls.delta = true
		ls.pdf = res.PickPunctual * l.Pmf
		if l.Type == LightDirectional {
			ls.wi = Vec3(l.Direction).normalize().scale(-1)
			ls.li = Vec3(l.Intensity)
			return ls
		}
		d := Vec3(l.Position).sub(p)
		d2 := max(d.dot(d), 1e-8)
		dist := math32.Sqrt(d2)
		ls.wi = d.scale(1 / dist)
		ls.dist = dist
		att := 1 / d2
		if l.Range > 0 {
			rr := dist / l.Range
			w := clamp01(1 - rr*rr*rr*rr)
			att *= w * w
		}
		if l.Type == LightSpot {
			cd := Vec3(l.Direction).normalize().dot(ls.wi.scale(-1))
			t := clamp01((cd - l.CosOuter) / max(l.CosInner-l.CosOuter, 1e-4))
			att *= t * t
		}
		ls.li = Vec3(l.Intensity).scale(att)
		return ls
	}
	if res.PickEnv <= 0 {
		return ls
	}
	v := clamp01((x - res.PickPunctual) / res.PickEnv)
	if r.p.EnvCDF != nil {
		d, pdf := r.p.EnvCDF.Sample(v, u[1], res.EnvRotation)
		ls.wi = d
		if pdf <= 0 {
			return ls
		}
		ls.pdf = res.PickEnv * pdf
	} else {
		z := 1 - 2*v
		rr := math32.Sqrt(max(1-z*z, 0))
		phi := 2 * math32.Pi * u[1]
		ls.wi = Vec3{rr * math32.Cos(phi), z, rr * math32.Sin(phi)}
		ls.pdf = res.PickEnv / (4 * math32.Pi)
	}
	ls.li = r.envRadiance(ls.wi)
	return ls
}

// sort32 is find_emissive / find_punctual: the first k whose inclusive
// cdf exceeds u.
func sort32(n int, cdf func(int) float32, u float32) int {
	lo, hi := 0, n-1
	for lo < hi {
		mid := (lo + hi) >> 1
		if cdf(mid) > u {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// makeFrame is pathtrace.metal make_frame.
func makeFrame(n Vec3) (Vec3, Vec3) {
	s := float32(1)
	if n[2] < 0 {
		s = -1
	}
	a := -1 / (s + n[2])
	c := n[0] * n[1] * a
	return Vec3{1 + s*n[0]*n[0]*a, s * c, -s * n[0]}, Vec3{c, s + n[1]*n[1]*a, -n[1]}
}

func offsetOrigin(p, ng, dir Vec3) Vec3 {
	n := ng
	if ng.dot(dir) < 0 {
		n = ng.scale(-1)
	}
	scale := float32(1e-4) * max(1, max(math32.Abs(p[0]), math32.Abs(p[1]), math32.Abs(p[2])))
	return p.add(n.scale(scale))
}

// tracePath is one path of pathtrace.metal path_trace (its bounce loop;
// the kernel runs the paths of a pixel back to back, regenerating).
func (r *Reference) tracePath(frame *FrameParams, px, py, seed, idx uint32) Vec3 {
	st := &frame.Settings
	cam := &frame.Camera
	film := Sample4(seed, idx, DimCamera)
	tu := Sample4(seed, idx, DimTime)
	o, d, time := cam.Ray(st, px, py, film, tu[0])
	mu := float32(0)
	if l := cam.ShutterClose - cam.ShutterOpen; l > 0 {
		mu = clamp01((time - cam.ShutterOpen) / l)
	}
	tmin := cam.NearClip
	var L Vec3
	beta := Vec3{1, 1, 1}
	prevPdf := float32(0)
	prevSpecular := true
	useNEE := st.Flags&SettingsNoNEE == 0
	lobeLimits := st.Flags&SettingsLobeLimits != 0
	lastVertex := st.MaxBounces
	var nDiffuse, nGlossy, nTransmission uint32
	res := &r.res
	for bounce := uint32(0); ; bounce++ {
		rng := Hash32(HashCombine(seed, idx*131+bounce))
		hit := r.intersect(o, d, tmin, math32.Inf(1), mu, false, bounce == 0, &rng)
		if !hit.ok {
			le := r.envRadiance(d)
			w := float32(1)
			if !prevSpecular && useNEE {
				w = PowerHeuristic(prevPdf, r.envPdf(d))
			}
			L = L.add(beta.mul(le).scale(w))
			break
		}
		sh := r.makeHit(hit, o, d, mu)
		ng := sh.geometricNormal
		volume := r.p.Materials[sh.material].Flags&MaterialVolume != 0
		if volume && !sh.front {
			// The segment ran through the volume: Beer–Lambert absorption.
			a := r.p.Materials[sh.material].Attenuation
			for c := range 3 {
				beta[c] *= math32.Exp(-a[c] * hit.t)
			}
		}
		mo := r.evalMaterial(&sh)
		if volume {
			mo.params.Volume = VolumeEnter
			if !sh.front {
				mo.params.Volume = VolumeExit
			}
		}
		n := mo.normal.normalize()
		if !finite3(n) {
			n = sh.normal
		}
		g := &r.p.Geometries[sh.geometry]
		mat := &r.p.Materials[sh.material]
		twoSided := mat.Flags&MaterialDoubleSided != 0
		if g.LightBase != NoLight && (sh.front || twoSided) {
			le := r.surfaceEmission(sh.geometry)
			w := float32(1)
			if !prevSpecular && useNEE {
				tri := &r.p.Emissive[g.LightBase+sh.primitive]
				d2 := hit.t * hit.t
				cosL := math32.Abs(ng.dot(sh.wo))
				var lp float32
				if cosL > 0 {
					lp = res.PickEmissive * tri.Pmf * d2 / (tri.Area * cosL)
				}
				w = PowerHeuristic(prevPdf, lp)
			}
			L = L.add(beta.mul(le).scale(w))
		} else if (mo.emission[0] > 0 || mo.emission[1] > 0 || mo.emission[2] > 0) && (sh.front || twoSided) {
			L = L.add(beta.mul(mo.emission))
		}
		if mo.flags&MaterialUnlit != 0 || bounce >= lastVertex {
			break
		}
		if n.dot(sh.wo) < 0 {
			n = n.sub(sh.wo.scale(2 * n.dot(sh.wo))).normalize()
		}
		tx, ty := makeFrame(n)
		woL := Vec3{sh.wo.dot(tx), sh.wo.dot(ty), sh.wo.dot(n)}
		if woL[2] <= 0 {
			break // grazing: nothing scatters
		}
		p := sh.position
		if useNEE {
			ul := Sample4(seed, idx, DimBounce0+2*bounce+1)
			ls := r.sampleLight(p, ul)
			if ls.pdf > 0 && (ls.li[0] > 0 || ls.li[1] > 0 || ls.li[2] > 0) {
				wiL := Vec3{ls.wi.dot(tx), ls.wi.dot(ty), ls.wi.dot(n)}
				f, bsdfPdf := mo.params.Eval(woL, wiL)
				if (f[0] > 0 || f[1] > 0 || f[2] > 0) && ls.wi.dot(ng)*wiL[2] > 0 {
					so := offsetOrigin(p, ng, ls.wi)
					maxD := ls.dist
					if !math32.IsInf(maxD, 1) {
						maxD *= 1 - 1e-3
					}
					srng := rng ^ 0x5bd1e995
					if !r.intersect(so, ls.wi, 0, maxD, mu, true, false, &srng).ok {
						w := float32(1)
						if !ls.delta {
							w = PowerHeuristic(ls.pdf, bsdfPdf)
						}
						L = L.add(beta.mul(f).mul(ls.li).scale(math32.Abs(wiL[2]) * w / ls.pdf))
					}
				}
			}
		}
		ub := Sample4(seed, idx, DimBounce0+2*bounce)
		bs, ok := mo.params.Sample(woL, [3]float32{ub[0], ub[1], ub[2]})
		if !ok {
			break
		}
		wi := tx.scale(bs.Wi[0]).add(ty.scale(bs.Wi[1])).add(n.scale(bs.Wi[2]))
		if wi.dot(ng)*bs.Wi[2] <= 0 {
			break
		}
		beta = beta.mul(bs.Weight)
		prevPdf = bs.Pdf
		prevSpecular = false
		if lobeLimits {
			// The bounce counts as the lobe that sampled it; reaching its
			// limit makes the next vertex the last.
			var limit bool
			switch bs.Lobe {
			case LobeDiffuse:
				nDiffuse++
				limit = nDiffuse >= st.MaxDiffuseBounces
			case LobeTransmission:
				nTransmission++
				limit = nTransmission >= st.MaxTransmissionBounces
			default:
				nGlossy++
				limit = nGlossy >= st.MaxGlossyBounces
			}
			if limit {
				lastVertex = min(lastVertex, bounce+1)
			}
		}
		if bounce >= st.RRStartBounce {
			q := max(0.05, 1-max(beta[0], beta[1], beta[2]))
			if ub[3] < q {
				break
			}
			beta = beta.scale(1 / (1 - q))
		}
		o = offsetOrigin(p, ng, wi)
		d = wi
		tmin = 0
	}
	return L
}
