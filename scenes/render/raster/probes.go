package raster

import (
	"context"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// Irradiance probes: the indirect light of a scene the preview renders
// without an environment, baked by the path tracer.
const (
	// maxProbes bounds Options.Probes.
	maxProbes = 16
	// probeFace is the edge in pixels of each of the six 90° faces a
	// probe renders; probeSPP their samples per pixel (through the pixel
	// centres, FilterCenter) and probeBounces their MaxBounces.
	probeFace    = 8
	probeSPP     = 1
	probeBounces = 3
)

// probeGrid is a regular grid of probes: n[a] along axis a, probe (i, j,
// k) at origin + (i, j, k)·step, stored x fastest.
type probeGrid struct {
	origin, step mgl32.Vec3
	n            [3]int
}

// count is the number of probes.
func (g probeGrid) count() int { return g.n[0] * g.n[1] * g.n[2] }

// position is the centre of probe (i, j, k).
func (g probeGrid) position(i, j, k int) mgl32.Vec3 {
	return mgl32.Vec3{g.origin[0] + float32(i)*g.step[0], g.origin[1] + float32(j)*g.step[1], g.origin[2] + float32(k)*g.step[2]}
}

// newProbeGrid lays m probes along the longest axis of bounds b and
// proportionally fewer, at least 2, along the others, at the centres of
// the cells they split the bounds into (so that no probe lies on the
// bounds' faces, which are often walls). An axis shorter than a cell of
// the longest is widened to one, about its centre, so that a flat scene
// gets probes on both sides of its plane.
func newProbeGrid(b model.Bounds, m int) probeGrid {
	var g probeGrid
	if b.Empty() {
		b = model.Bounds{Min: [3]float32{-1, -1, -1}, Max: [3]float32{1, 1, 1}}
	}
	size := b.Size()
	longest := max(size[0], size[1], size[2], 1e-6)
	cell := longest / float32(m)
	for a := range 3 {
		lo, ext := b.Min[a], size[a]
		if ext < cell {
			lo, ext = b.Min[a]+ext/2-cell/2, cell
		}
		n := min(max(2, int(math.Round(float64(m)*float64(ext/longest)))), m)
		g.n[a] = n
		g.step[a] = ext / float32(n)
		g.origin[a] = lo + g.step[a]/2
	}
	return g
}

// probeFloats is the floats of one probe in the probes' buffer: the 9
// RGB coefficients in a row and one of padding (RASTER_PROBE_FLOAT4S
// float4).
const probeFloats = 28

// probeState is the baked probes of one upload (Renderer.curGen): the
// grid and the buffer of its probes' irradiance in rx_sh_irradiance's
// convention (probeFloats each).
type probeState struct {
	gen  int // the upload's curGen (0: none)
	grid probeGrid
	buf  *engine.Buffer
	// on reports that the upload has probes (no environment lights it
	// and Options.Probes is not negative).
	on bool
}

func (p *probeState) release() {
	if p.buf != nil {
		p.buf.Release()
	}
	*p = probeState{}
}

// probePass bakes the current upload's probes where it has none yet
// and sets fr's probe fields; it returns the probes' buffer (nil: the
// frame has no probes). Scenes lit by their environment (flagIBL) have
// none, nor does a Renderer with a negative Options.Probes: they keep the
// environment's light or the uniform ambient term.
func (r *Renderer) probePass(ctx context.Context, fr *rasterFrame) (*engine.Buffer, error) {
	ps := &r.probes
	if ps.gen != r.curGen || ps.gen == 0 {
		on := r.opts.Probes > 0 && fr.Flags&flagIBL == 0
		if err := r.bakeProbes(ctx, on, fr.Flags&flagAreaLights != 0); err != nil {
			return nil, err
		}
	}
	if !ps.on {
		return nil, nil
	}
	g := ps.grid
	fr.Flags |= flagProbes
	fr.Ambient = [3]float32{}
	fr.ProbeOrigin, fr.ProbeStep, fr.ProbeCountX, fr.ProbeCountY, fr.ProbeCountZ = g.origin, g.step, uint32(g.n[0]), uint32(g.n[1]), uint32(g.n[2])
	for a := range 3 {
		fr.ProbeInvStep[a] = 1 / g.step[a]
	}
	fr.Probes = ps.buf.GPUAddress()
	return ps.buf, nil
}

// bakeProbes renders the probes of the current upload into r.probes (or
// records that it has none, for !on). Each probe's incoming radiance is
// the path tracer's (render.Renderer on the same device and scene, at the
// upload's time and environment, under ctx and Options.InstructionBudget)
// through the six 90° faces of a cube, probeFace² pixels each at probeSPP
// samples through the pixel centres and probeBounces bounces. With
// subtract (the emissive triangles are area lights, whose direct light
// the rasterizer draws itself) the emitters the probe sees are taken out:
// the same faces at MaxBounces 0 with the same seed are the bits of the
// emitted part of every sample. Without, the probes keep the emitters'
// light, the only light they give the preview. Point, spot and
// directional lights are not seen by camera rays, so the probes hold
// their light only after a bounce. The radiance is projected onto
// order-2 spherical harmonics and convolved with the clamped cosine over
// π (ibl.metal's ibl_sh_sum convention, which rx_sh_irradiance
// evaluates).
func (r *Renderer) bakeProbes(ctx context.Context, on, subtract bool) error {
	ps := &r.probes
	ps.gen, ps.on = 0, false
	if !on {
		ps.gen = r.curGen
		return nil
	}
	u := r.cur
	if r.tracer == nil {
		// Kept for the next bake where the scene is animated (each new
		// time is a new upload), released after it otherwise.
		opts := render.Options{Env: r.opts.Env, Materials: r.opts.Materials}
		if b := r.opts.InstructionBudget; b > 0 {
			// Every face is one tile: its command buffer runs at most
			// the frame's budget.
			opts.SampleBudget = max(1, b/(probeFace*probeFace*probeSPP))
		}
		t, err := render.NewRenderer(ctx, r.dev, r.scene, opts)
		if err != nil {
			return fmt.Errorf("raster: probes: %w", err)
		}
		r.tracer = t
	}
	g := newProbeGrid(r.boundsAt(r.time), r.opts.Probes)
	dirs, weights := probeDirections()
	n := g.count()
	sh := make([][probeFloats]float32, n)
	faceFrame := func(eye mgl32.Vec3, f, bounces int) render.Frame {
		cam := cubeFace(eye, f)
		return render.Frame{Width: probeFace, Height: probeFace, SPP: probeSPP, MaxBounces: bounces, Filter: render.FilterCenter,
			Time: r.time, Env: u.env, LookAt: &render.Camera{Eye: eye, Target: eye.Add(mgl32.Vec3(cam.Forward)), Up: [3]float32(cam.Up), FovY: 90}}
	}
	radiance := make([]float32, cubeFaces*probeFace*probeFace*3)
	for k := range g.n[2] {
		for j := range g.n[1] {
			for i := range g.n[0] {
				eye := g.position(i, j, k)
				for f := range cubeFaces {
					full, err := r.tracer.Render(ctx, faceFrame(eye, f, probeBounces), nil)
					if err != nil {
						return fmt.Errorf("raster: probes: %w", err)
					}
					var emitted *render.Image
					if subtract {
						if emitted, err = r.tracer.Render(ctx, faceFrame(eye, f, 0), nil); err != nil {
							return fmt.Errorf("raster: probes: %w", err)
						}
					}
					out := radiance[f*probeFace*probeFace*3:]
					for px := range probeFace * probeFace {
						for c := range 3 {
							v := full.Linear[4*px+c]
							if emitted != nil {
								v -= emitted.Linear[4*px+c]
							}
							if !(v > 0) { // also drops NaN
								v = 0
							}
							out[3*px+c] = v
						}
					}
				}
				sh[(k*g.n[1]+j)*g.n[0]+i] = projectSH(radiance, dirs, weights)
			}
		}
	}
	buf, err := r.dev.NewBufferWithBytes(bytesOf(sh))
	if err != nil {
		return fmt.Errorf("raster: probes: %w", err)
	}
	buf.SetLabel("irradiance probes")
	if ps.buf != nil {
		ps.buf.Release()
	}
	ps.buf, ps.grid, ps.on, ps.gen = buf, g, true, r.curGen
	r.probeBakes++
	if len(r.scene.Animations) == 0 {
		// Only a new environment bakes a static scene again: the path
		// tracer's program and scene would stay on the heap, which every
		// later frame's garbage collection scans.
		r.tracer.Close()
		r.tracer = nil
	}
	return nil
}

// probeDirections is the unit direction through the centre of every
// pixel of the six faces a probe renders (faces in cubeFace order, rows
// top first, as the path tracer's look-at camera of the face sees them:
// right = forward × up) and its solid angle, scaled so that they sum to
// 4π.
func probeDirections() ([][3]float64, []float64) {
	dirs := make([][3]float64, 0, cubeFaces*probeFace*probeFace)
	weights := make([]float64, 0, cap(dirs))
	var sum float64
	for f := range cubeFaces {
		cam := cubeFace(mgl32.Vec3{}, f)
		fwd, up := mgl32.Vec3(cam.Forward), mgl32.Vec3(cam.Up)
		right := fwd.Cross(up) // axis-aligned: exact
		for y := range probeFace {
			for x := range probeFace {
				sx := 2*(float64(x)+0.5)/probeFace - 1
				sy := 1 - 2*(float64(y)+0.5)/probeFace
				var d [3]float64
				for a := range 3 {
					d[a] = float64(fwd[a]) + float64(float64(right[a])*sx) + float64(float64(up[a])*sy)
				}
				l := math.Sqrt(float64(d[0]*d[0]) + float64(d[1]*d[1]) + float64(d[2]*d[2]))
				for a := range 3 {
					d[a] /= l
				}
				w := 1 / math.Pow(1+float64(sx*sx)+float64(sy*sy), 1.5)
				dirs, weights = append(dirs, d), append(weights, w)
				sum += w
			}
		}
	}
	for i := range weights {
		weights[i] *= 4 * math.Pi / sum
	}
	return dirs, weights
}

// shBasis is raster_ibl.h rx_sh_basis in float64.
func shBasis(d [3]float64) [iblSHCoefficients]float64 {
	x, y, z := d[0], d[1], d[2]
	return [iblSHCoefficients]float64{0.282095, 0.488603 * y, 0.488603 * z, 0.488603 * x, 1.092548 * x * y, 1.092548 * y * z,
		0.315392 * (float64(3*z*z) - 1), 1.092548 * x * z, 0.546274 * (float64(x*x) - float64(y*y))}
}

// shBand is the clamped cosine's band factor over π of each coefficient
// (ibl_sh_sum's: 1, 2/3, 1/4).
var shBand = [iblSHCoefficients]float64{1, 2.0 / 3, 2.0 / 3, 2.0 / 3, 0.25, 0.25, 0.25, 0.25, 0.25}

// projectSH projects the radiance (RGB per direction of dirs, with solid
// angles weights) onto the 9 basis functions and convolves it with the
// clamped cosine over π: the coefficients rx_sh_irradiance evaluates, as
// the 27 floats (and padding) of a probe.
// The sums are float64 in a fixed order, the products rounded before
// they are added (no fused multiply-add), so the bits are the same on
// every CPU.
func projectSH(radiance []float32, dirs [][3]float64, weights []float64) [probeFloats]float32 {
	var acc [iblSHCoefficients][3]float64
	for i, d := range dirs {
		y := shBasis(d)
		for c := range 3 {
			l := float64(float64(radiance[3*i+c]) * weights[i])
			for k := range iblSHCoefficients {
				acc[k][c] += float64(l * y[k])
			}
		}
	}
	var out [probeFloats]float32
	for k := range iblSHCoefficients {
		for c := range 3 {
			out[3*k+c] = float32(acc[k][c] * shBand[k])
		}
	}
	return out
}
