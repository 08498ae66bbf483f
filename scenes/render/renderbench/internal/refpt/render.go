package refpt

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// Settings are the frame to render.
type Settings struct {
	// Width and Height are the image size in pixels; SPP the samples per
	// pixel.
	Width, Height, SPP int
	// MaxBounces ends a path after that many scattering events (a path
	// of MaxBounces+1 segments); RRStartBounce is the first bounce at
	// which Russian roulette may end it.
	MaxBounces, RRStartBounce int
	// Seed varies the random numbers.
	Seed uint64
}

// Render traces s.SPP paths through every pixel on the calling goroutine
// and returns the mean radiance per pixel: linear RGB, row-major from the
// top row, 3 floats a pixel. The image depends only on the scene and s.
func (sc *Scene) Render(ctx context.Context, s Settings) ([]float32, error) {
	if s.Width <= 0 || s.Height <= 0 || s.SPP <= 0 {
		return nil, fmt.Errorf("refpt: Settings %d×%d at %d spp: all must be positive", s.Width, s.Height, s.SPP)
	}
	if s.MaxBounces < 0 || s.RRStartBounce < 0 {
		return nil, errors.New("refpt: Settings.MaxBounces and RRStartBounce must not be negative")
	}
	img := make([]float32, 3*s.Width*s.Height)
	aspect := float32(s.Width) / float32(s.Height)
	inv := 1 / float32(s.SPP)
	for y := range s.Height {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for x := range s.Width {
			r := newRNG(s.Seed^uint64(y*s.Width+x)*0x9e3779b97f4a7c15, uint64(y*s.Width+x))
			var sum vec3
			for range s.SPP {
				o, d := sc.cam.ray(x, y, s.Width, s.Height, aspect, &r)
				l := sc.trace(o, d, &s, &r)
				if l.finite() {
					sum = sum.add(l)
				}
			}
			i := 3 * (y*s.Width + x)
			img[i], img[i+1], img[i+2] = sum.x*inv, sum.y*inv, sum.z*inv
		}
	}
	return img, nil
}

// tent maps u ∈ [0, 1) to an offset in (−1, 1) distributed as the tent
// filter of radius one pixel.
func tent(u float32) float32 {
	x := 2 * u
	if x < 1 {
		return sqrt32(x) - 1
	}
	return 1 - sqrt32(2-x)
}

// ray returns the primary ray through pixel (px, py), its film position
// drawn from the tent filter.
func (c *camera) ray(px, py, w, h int, aspect float32, r *rng) (vec3, vec3) {
	fx := float32(px) + 0.5 + tent(r.float())
	fy := float32(py) + 0.5 + tent(r.float())
	sx := 2*fx/float32(w) - 1
	sy := 1 - 2*fy/float32(h)
	d := c.fwd.add(c.right.scale(sx * c.tanHalfFovY * aspect)).add(c.up.scale(sy * c.tanHalfFovY)).normalize()
	return c.pos, d
}

// powerHeuristic is the MIS weight (β = 2) of a strategy of density pa
// against one of density pb.
func powerHeuristic(pa, pb float32) float32 {
	a2, b2 := pa*pa, pb*pb
	if !(a2+b2 > 0) {
		return 0
	}
	return a2 / (a2 + b2)
}

// offsetOrigin moves p off the surface of geometric normal ng to the side
// that dir leaves from, by a distance relative to p's magnitude.
func offsetOrigin(p, ng, dir vec3) vec3 {
	if ng.dot(dir) < 0 {
		ng = ng.scale(-1)
	}
	s := float32(1e-4) * max(1, abs32(p.x), abs32(p.y), abs32(p.z))
	return p.add(ng.scale(s))
}

// cosineHemisphere maps (u1, u2) to a cosine-distributed direction about
// +z (concentric disk mapping).
func cosineHemisphere(u1, u2 float32) vec3 {
	x, y := 2*u1-1, 2*u2-1
	if x == 0 && y == 0 {
		return vec3{0, 0, 1}
	}
	var rad, phi float32
	if abs32(x) > abs32(y) {
		rad, phi = x, math.Pi/4*(y/x)
	} else {
		rad, phi = y, math.Pi/2-math.Pi/4*(x/y)
	}
	sn, cs := math.Sincos(float64(phi))
	dx, dy := rad*float32(cs), rad*float32(sn)
	return vec3{dx, dy, sqrt32(max(1-dx*dx-dy*dy, 0))}
}

// pickLight returns the light whose cdf interval holds u.
func (sc *Scene) pickLight(u float32) *light {
	lo, hi := 0, len(sc.lights)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if sc.lights[mid].cdf > u {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return &sc.lights[lo]
}

// trace returns the radiance one path from o along d carries back.
func (sc *Scene) trace(o, d vec3, s *Settings, r *rng) vec3 {
	var L vec3
	beta := vec3{1, 1, 1}
	prevPdf := float32(0)
	fromCamera := true // no BSDF density to weigh the first hit against
	tmin := sc.cam.near
	inf := float32(math.Inf(1))
	for bounce := 0; ; bounce++ {
		rr := newRay(o, d)
		h, ok := sc.closest(&rr, tmin, inf, bounce == 0)
		if !ok {
			break // black background
		}
		t := &sc.tris[h.tri]
		m := &sc.materials[t.material]
		wo := d.scale(-1)
		p := o.add(d.scale(h.t))
		ng := t.ng
		front := ng.dot(wo) > 0
		if !front {
			ng = ng.scale(-1)
		}
		// Shading normal: interpolated, on the geometric normal's side.
		n := t.n1.scale(h.b1).add(t.n2.scale(h.b2)).add(t.n0.scale(1 - h.b1 - h.b2)).normalize()
		if !n.finite() {
			n = ng
		} else if n.dot(ng) < 0 {
			n = n.scale(-1)
		}
		if t.light >= 0 && (front || m.doubleSided) {
			w := float32(1)
			if !fromCamera {
				lt := &sc.lights[t.light]
				lpdf := float32(0)
				if c := abs32(ng.dot(wo)); c > 0 {
					lpdf = lt.pmf * h.t * h.t / (lt.area * c)
				}
				w = powerHeuristic(prevPdf, lpdf)
			}
			L = L.add(beta.mul(m.emission).scale(w))
		}
		if bounce >= s.MaxBounces {
			break
		}
		if c := n.dot(wo); c < 0 {
			n = n.sub(wo.scale(2 * c)).normalize() // bent normal facing away: mirror it
		}
		tx, ty := basis(n)
		if !(n.dot(wo) > 0) {
			break
		}
		f := m.albedo.scale(1 / math.Pi)
		// Next-event estimation: one point on one emissive triangle.
		if len(sc.lights) > 0 {
			lt := sc.pickLight(r.float())
			tl := &sc.tris[lt.tri]
			su := sqrt32(r.float())
			b1, b2 := 1-su, r.float()*su
			q := tl.p0.add(tl.e1.scale(b1)).add(tl.e2.scale(b2))
			dl := q.sub(p)
			d2 := dl.dot(dl)
			if d2 > 0 {
				dist := sqrt32(d2)
				wi := dl.scale(1 / dist)
				cosL := -tl.ng.dot(wi)
				lm := &sc.materials[tl.material]
				cosI := n.dot(wi)
				if (cosL > 0 || lm.doubleSided && cosL < 0) && cosI > 0 && wi.dot(ng) > 0 {
					lpdf := lt.pmf * d2 / (lt.area * abs32(cosL))
					sr := newRay(offsetOrigin(p, ng, wi), wi)
					if !sc.occluded(&sr, 0, dist*(1-1e-3)) {
						w := powerHeuristic(lpdf, cosI/math.Pi)
						L = L.add(beta.mul(f).mul(lm.emission).scale(cosI * w / lpdf))
					}
				}
			}
		}
		// BSDF sampling: cosine-weighted, weight f·cos/pdf = albedo.
		l := cosineHemisphere(r.float(), r.float())
		if !(l.z > 0) {
			break
		}
		wi := tx.scale(l.x).add(ty.scale(l.y)).add(n.scale(l.z))
		if !(wi.dot(ng) > 0) {
			break
		}
		beta = beta.mul(m.albedo)
		prevPdf = l.z / math.Pi
		fromCamera = false
		if bounce >= s.RRStartBounce {
			q := max(0.05, 1-beta.maxComp())
			if r.float() < q {
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
