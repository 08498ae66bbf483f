package raster

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// cubeFaces is the number of faces (array slices) of a cube shadow map.
const cubeFaces = 6

// cubeNear is the near plane of a cube shadow map as a fraction of its
// far plane: casters nearer to the light than that are not drawn.
const cubeNear = 1e-4

// omniLight is a light with a cube shadow map: a point light, or a group
// of emissive triangles (those of one instance) seen from their
// centroid.
type omniLight struct {
	centre mgl32.Vec3
	// light is the punctual light's index, or -1 for an emissive group,
	// whose triangles are first … first+count−1 of Packed.Emissive and
	// whose own emissive geometry records (of instance) its map leaves
	// out.
	light        int
	first, count int
	instance     uint32
	geometries   []uint32
	// weight is the path tracer's probability of picking the light
	// (PickPunctual × Pmf, or PickEmissive × the group's Pmf sum).
	weight float32
}

// omniLights chooses the lights that get a cube shadow map: the point
// lights and, with area lights (the emissive triangles that light the
// scene), the emissive groups (an instance's emissive triangles, which
// kernel.Pack lists together), the at most n strongest by the path
// tracer's light-selection probability (ties in light order, points
// first).
func omniLights(p *kernel.Packed, areaLights bool, n int) []omniLight {
	if n <= 0 {
		return nil
	}
	var out []omniLight
	for i := range p.Punctual {
		l := &p.Punctual[i]
		if l.Type != kernel.LightPoint || !(l.Pmf > 0) {
			continue
		}
		out = append(out, omniLight{centre: mgl32.Vec3(l.Position), light: i, weight: p.Picks[1] * l.Pmf})
	}
	if areaLights {
		for i := 0; i < len(p.Emissive); {
			t := &p.Emissive[i]
			g := omniLight{light: -1, first: i, instance: t.Instance}
			var area float32
			var c mgl32.Vec3
			for ; i < len(p.Emissive) && p.Emissive[i].Instance == g.instance; i++ {
				e := &p.Emissive[i]
				if !slices.Contains(g.geometries, e.Geometry) {
					g.geometries = append(g.geometries, e.Geometry)
				}
				c = c.Add(mgl32.Vec3(e.P0).Add(mgl32.Vec3(e.P1)).Add(mgl32.Vec3(e.P2)).Mul(e.Area / 3))
				area += e.Area
				g.weight += e.Pmf
			}
			g.count = i - g.first
			g.weight *= p.Picks[0]
			if !(area > 0) || !(g.weight > 0) {
				continue
			}
			g.centre = c.Mul(1 / area)
			out = append(out, g)
		}
	}
	slices.SortStableFunc(out, func(a, b omniLight) int { return cmp.Compare(b.weight, a.weight) })
	return out[:min(n, len(out))]
}

// cubeFace is the camera of face f of a cube shadow map at c (the face
// convention of raster_types.h RasterCubeShadow): 90° square, looking
// along ±e_a (a = f/2, negative for odd f) with e_(a+1) right and
// e_(a+2) up.
func cubeFace(c mgl32.Vec3, f int) kernel.CameraData {
	a := f / 2
	var right, up, fwd mgl32.Vec3
	right[(a+1)%3], up[(a+2)%3], fwd[a] = 1, 1, 1
	if f%2 == 1 {
		fwd[a] = -1
	}
	return kernel.CameraData{Position: kernel.PackedFloat3(c), Right: kernel.PackedFloat3(right), Up: kernel.PackedFloat3(up),
		Forward: kernel.PackedFloat3(fwd), TanHalfFovY: 1, Aspect: 1, Projection: kernel.ProjectionPerspective}
}

// cubeRange is the near and far plane of a cube shadow map at c over
// scene bounds b: far reaches b's farthest corner.
func cubeRange(c mgl32.Vec3, b model.Bounds) (near, far float32) {
	far = 1e-3
	if !b.Empty() {
		for k := range 8 {
			q := mgl32.Vec3(b.Min)
			for a := range 3 {
				if k>>a&1 != 0 {
					q[a] = b.Max[a]
				}
			}
			d := q.Sub(c)
			far = max(far, max(abs32(d[0]), abs32(d[1]), abs32(d[2]))*1.01)
		}
	}
	return far * cubeNear, far
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// cubeState is the cube shadow maps of one upload: the lights that have
// one, their records and the cube index of each punctual light and
// emissive triangle (the frame's Cubes and CubeOf), and the depth array
// texture of six slices a map.
type cubeState struct {
	gen    int // the upload's curGen (0: none)
	lights []omniLight
	recs   *engine.Buffer
	index  *engine.Buffer
	tex    *engine.Texture
}

func (c *cubeState) release() {
	for _, b := range []*engine.Buffer{c.recs, c.index} {
		if b != nil {
			b.Release()
		}
	}
	if c.tex != nil {
		c.tex.Release()
	}
	*c = cubeState{}
}

// cubePass draws the cube shadow maps of the current upload's point
// lights and emissive groups (omniLights, at most Options.CubeShadows)
// and sets fr's cube fields; it returns the maps' texture, nil when no
// light has one. Opaque and mask geometry casts shadows (mask geometry
// as if opaque), and so does transmissive geometry, which the path
// tracer's shadow rays do not pass; BLEND geometry does not, nor does an
// emissive group's own emissive geometry in the group's map. The maps depend on
// the upload only, so a frame of the same upload reuses them.
func (r *Renderer) cubePass(ctx context.Context, fr *rasterFrame) (*engine.Texture, error) {
	cs := &r.cubes
	if cs.gen != r.curGen || cs.gen == 0 {
		if err := r.drawCubes(ctx, fr); err != nil {
			return nil, err
		}
	}
	if len(cs.lights) == 0 {
		return nil, nil
	}
	fr.Flags |= flagCubes
	fr.Cubes, fr.CubeOf = cs.recs.GPUAddress(), cs.index.GPUAddress()
	return cs.tex, nil
}

// drawCubes chooses the current upload's cube-shadowed lights and draws
// their maps into r.cubes.
func (r *Renderer) drawCubes(ctx context.Context, fr *rasterFrame) error {
	cs := &r.cubes
	p := r.cur.packed
	lights := omniLights(p, fr.Flags&flagAreaLights != 0, r.opts.CubeShadows)
	cs.gen = 0
	if len(lights) == 0 {
		cs.lights, cs.gen = nil, r.curGen
		return nil
	}
	n, size := len(lights), r.opts.CubeShadowSize
	if cs.tex == nil || cs.tex.ArrayLength() != n*cubeFaces {
		if cs.tex != nil {
			cs.tex.Release()
			cs.tex = nil
		}
		d := engine.Texture2DDescriptor(shadowFormat, size, size, false)
		d.TextureType, d.ArrayLength = engine.TextureType2DArray, n*cubeFaces
		d.Usage = engine.TextureUsageRenderTarget | engine.TextureUsageShaderRead
		tex, err := r.dev.NewTexture(d)
		if err != nil {
			return fmt.Errorf("raster: cube shadow maps: %w", err)
		}
		tex.SetLabel("cube shadow maps")
		cs.tex = tex
	}
	recs := make([]rasterCubeShadow, n)
	index := make([]uint32, max(len(p.Punctual)+len(p.Emissive), 1))
	for i := range index {
		index[i] = noCube
	}
	b := r.boundsAt(r.time)
	var projs [][4][4]float32
	for m, l := range lights {
		near, far := cubeRange(l.centre, b)
		a := far / (far - near)
		recs[m] = rasterCubeShadow{Centre: l.centre, Layer: uint32(m * cubeFaces), DepthScale: a, DepthNear: near * a, Texel: 2 / float32(size)}
		if l.light >= 0 {
			index[l.light] = uint32(m)
		} else {
			for k := range l.count {
				index[len(p.Punctual)+l.first+k] = uint32(m)
			}
		}
		for f := range cubeFaces {
			cam := cubeFace(l.centre, f)
			projs = append(projs, viewProjection(&cam, near, far))
		}
	}
	for _, buf := range []**engine.Buffer{&cs.recs, &cs.index} {
		if *buf != nil {
			(*buf).Release()
			*buf = nil
		}
	}
	var err error
	if cs.recs, err = r.dev.NewBufferWithBytes(bytesOf(recs)); err != nil {
		return fmt.Errorf("raster: cube shadow maps: %w", err)
	}
	if cs.index, err = r.dev.NewBufferWithBytes(bytesOf(index)); err != nil {
		return fmt.Errorf("raster: cube shadow maps: %w", err)
	}
	cb := r.queue.CommandBuffer(ctx)
	cb.SetLabel("cube shadow maps")
	if err := cb.SetInstructionBudget(r.opts.InstructionBudget); err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	sp, err := r.pl.shadowPipeline(r.dev)
	if err != nil {
		return err
	}
	var steps []error
	one := 1.0
	for m, l := range lights {
		for f := range cubeFaces {
			var pd engine.RenderPassDescriptor
			pd.Depth.Texture, pd.Depth.Slice = cs.tex, m*cubeFaces+f
			pd.Depth.LoadAction, pd.Depth.StoreAction, pd.Depth.ClearDepth = engine.LoadActionClear, engine.StoreActionStore, &one
			enc, err := cb.RenderCommandEncoder(&pd)
			if err != nil {
				return fmt.Errorf("raster: %w", err)
			}
			face := *fr
			face.ShadowProj = projs[m*cubeFaces+f]
			steps = append(steps, r.encodeDepthDraws(enc, sp, &face, [3]float32{0, 1.5, 0}, func(dr *draw) bool {
				return p.Materials[dr.material].AlphaMode != kernel.AlphaBlend &&
					!(l.light < 0 && dr.rec.Instance == l.instance && slices.Contains(l.geometries, dr.rec.Geometry))
			})...)
			steps = append(steps, enc.EndEncoding())
		}
	}
	steps = append(steps, cb.Commit())
	if err := errors.Join(steps...); err != nil {
		return fmt.Errorf("raster: encoding the cube shadow maps: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return fmt.Errorf("raster: cube shadow maps: %w", err)
	}
	cs.lights, cs.gen = lights, r.curGen
	r.cubeDraws++
	return nil
}
