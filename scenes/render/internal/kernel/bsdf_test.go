package kernel

import (
	"fmt"
	"math"
	"testing"

	"github.com/chewxy/math32"
)

// dirFromCos returns a unit local direction with z = mu in the xz plane.
func dirFromCos(mu, phi float32) Vec3 {
	s := math32.Sqrt(max(1-mu*mu, 0))
	return Vec3{s * math32.Cos(phi), s * math32.Sin(phi), mu}
}

// furnace estimates the directional albedo ∫ f·|cos| dωi at wo by
// sampling the BSDF n times with the Sobol sampler (Owen-scrambled, fixed
// seed): the white-furnace integral.
func furnace(p *BSDFParams, wo Vec3, n int) Vec3 {
	var sum [3]float64
	for i := range n {
		u := Sample4(0x1234567, uint32(i), 0)
		s, ok := p.Sample(wo, [3]float32{u[0], u[1], u[2]})
		if !ok {
			continue
		}
		for c := range 3 {
			sum[c] += float64(s.Weight[c])
		}
	}
	return Vec3{float32(sum[0] / float64(n)), float32(sum[1] / float64(n)), float32(sum[2] / float64(n))}
}

func furnaceSamples() int {
	if testing.Short() {
		return 1 << 14
	}
	return 1 << 16
}

// TestWhiteFurnace: a white (or grey) material in a uniform environment
// reflects (and transmits) what the energy-compensation tables predict;
// for white that is all of it, within 1%.
func TestWhiteFurnace(t *testing.T) {
	white := Vec3{1, 1, 1}
	grey := Vec3{0.5, 0.5, 0.5}
	cases := []struct {
		name string
		p    BSDFParams
		want float32 // 0: compare with Albedo()
	}{
		{"white dielectric", BSDFParams{BaseColor: white, IOR: 1.5}.DefaultSpecular(), 1},
		{"white metal", BSDFParams{BaseColor: white, Metallic: 1, IOR: 1.5}.DefaultSpecular(), 1},
		{"white half metal", BSDFParams{BaseColor: white, Metallic: 0.5, IOR: 1.5}.DefaultSpecular(), 1},
		{"white transmissive", BSDFParams{BaseColor: white, IOR: 1.5, Transmission: 1}.DefaultSpecular(), 1},
		{"white clearcoat", BSDFParams{BaseColor: white, IOR: 1.5, Clearcoat: 1, ClearcoatRoughness: 0.3}.DefaultSpecular(), 1},
		{"grey dielectric", BSDFParams{BaseColor: grey, IOR: 1.5}.DefaultSpecular(), 0},
		{"grey metal", BSDFParams{BaseColor: grey, Metallic: 1, IOR: 1.5}.DefaultSpecular(), 0},
		// KHR_materials_specular: no specular layer leaves a Lambert lobe
		// that keeps all the energy, as does a half-weight layer; a tinted
		// layer reflects less in its darker channels (as Albedo predicts).
		{"white diffuse (specular 0)", BSDFParams{BaseColor: white, Roughness: 0.5, IOR: 1.5}, 1},
		{"white half specular", BSDFParams{BaseColor: white, Roughness: 0.3, IOR: 1.5, Specular: 0.5, SpecularColor: Vec3{1, 1, 1}}, 1},
		{"white tinted specular", BSDFParams{BaseColor: white, Roughness: 0.3, IOR: 1.5, Specular: 1, SpecularColor: Vec3{1, 0.5, 0.2}}, 0},
	}
	n := furnaceSamples()
	for _, c := range cases {
		for _, r := range []float32{0.3, 0.6, 1} {
			for _, mu := range []float32{0.25, 0.6, 0.95} {
				t.Run(fmt.Sprintf("%s/r=%v/mu=%v", c.name, r, mu), func(t *testing.T) {
					p := c.p
					p.Roughness = r
					wo := dirFromCos(mu, 0.3)
					got := furnace(&p, wo, n)
					want := splat(c.want)
					if c.want == 0 {
						want = p.Albedo(wo)
					}
					for i := range 3 {
						if math.Abs(float64(got[i]/want[i]-1)) > 0.01 {
							t.Errorf("albedo %v, want %v (±1%%)", got, want)
							break
						}
					}
					if c.want == 1 {
						if a := p.Albedo(wo); math.Abs(float64(a[0]-1)) > 1e-3 {
							t.Errorf("predicted albedo %v, want 1", a)
						}
					}
				})
			}
		}
	}
}

// TestGreyAlbedoBelowOne: energy never exceeds the incoming.
func TestGreyAlbedoBelowOne(t *testing.T) {
	p := BSDFParams{BaseColor: Vec3{0.8, 0.5, 0.2}, Metallic: 0.3, Roughness: 0.5, IOR: 1.5, Clearcoat: 0.5}.DefaultSpecular()
	for _, mu := range []float32{0.1, 0.5, 1} {
		a := furnace(&p, dirFromCos(mu, 1), 1<<13)
		for i := range 3 {
			if a[i] > 1.005 || a[i] < 0 {
				t.Errorf("mu %v: albedo %v", mu, a)
			}
		}
	}
}

// TestReciprocity: f(wo, wi) = f(wi, wo) for the reflection lobes without
// clearcoat (clearcoat's albedo scaling and thin transmission are not
// reciprocal by design; see bsdf.h).
func TestReciprocity(t *testing.T) {
	params := []BSDFParams{
		{BaseColor: Vec3{0.9, 0.4, 0.1}, Roughness: 0.4, IOR: 1.5, Specular: 1, SpecularColor: Vec3{1, 1, 1}},
		{BaseColor: Vec3{0.9, 0.6, 0.3}, Metallic: 1, Roughness: 0.7, IOR: 1.5, Specular: 1, SpecularColor: Vec3{1, 1, 1}},
		{BaseColor: Vec3{0.2, 0.8, 0.5}, Metallic: 0.4, Roughness: 0.15, IOR: 1.33, Specular: 1, SpecularColor: Vec3{1, 1, 1}},
		{BaseColor: Vec3{0.6, 0.3, 0.9}, Roughness: 0.4, IOR: 1.5},
		{BaseColor: Vec3{0.6, 0.3, 0.9}, Roughness: 0.4, IOR: 1.5, Specular: 0.6, SpecularColor: Vec3{0.2, 1, 0.7}},
	}
	for pi, p := range params {
		for i := range 64 {
			u := Sample4(99, uint32(i), uint32(pi))
			wo := dirFromCos(0.05+0.95*u[0], 2*math32.Pi*u[1])
			wi := dirFromCos(0.05+0.95*u[2], 2*math32.Pi*u[3])
			a, _ := p.Eval(wo, wi)
			b, _ := p.Eval(wi, wo)
			for c := range 3 {
				if d := math.Abs(float64(a[c] - b[c])); d > 1e-4*math.Max(1, float64(a[c])) {
					t.Fatalf("params %d: f(wo,wi)=%v f(wi,wo)=%v", pi, a, b)
				}
			}
		}
	}
}

// TestSamplePdfConsistency: Sample's pdf and value agree with Eval, and
// the mixture pdf integrates to one over the sphere.
func TestSamplePdfConsistency(t *testing.T) {
	params := []BSDFParams{
		{BaseColor: Vec3{0.8, 0.8, 0.8}, Roughness: 0.5, IOR: 1.5, Specular: 1, SpecularColor: Vec3{1, 1, 1}},
		{BaseColor: Vec3{0.9, 0.6, 0.3}, Metallic: 1, Roughness: 0.4, IOR: 1.5, Specular: 1, SpecularColor: Vec3{1, 1, 1}},
		{BaseColor: Vec3{0.7, 0.7, 0.9}, Roughness: 0.6, IOR: 1.5, Transmission: 0.7, Clearcoat: 0.8, ClearcoatRoughness: 0.5, Specular: 1, SpecularColor: Vec3{1, 1, 1}},
		{BaseColor: Vec3{0.8, 0.8, 0.8}, Roughness: 0.5, IOR: 1.5},
		{BaseColor: Vec3{0.5, 0.7, 0.8}, Roughness: 0.3, IOR: 1.5, Specular: 0.4, SpecularColor: Vec3{1, 0.3, 0.6}, Transmission: 0.3},
	}
	for pi, p := range params {
		wo := dirFromCos(0.7, 0.4)
		valid := 0
		const nSamples = 4096
		for i := range nSamples {
			u := Sample4(7, uint32(i), uint32(pi))
			s, ok := p.Sample(wo, [3]float32{u[0], u[1], u[2]})
			if !ok {
				continue
			}
			valid++
			f, pdf := p.Eval(wo, s.Wi)
			if math.Abs(float64(pdf/s.Pdf-1)) > 1e-4 {
				t.Fatalf("params %d sample %d: Sample pdf %v, Eval pdf %v", pi, i, s.Pdf, pdf)
			}
			for c := range 3 {
				if math.Abs(float64(f[c]-s.F[c])) > 1e-4*math.Max(1, float64(f[c])) {
					t.Fatalf("params %d: Sample f %v, Eval f %v", pi, s.F, f)
				}
			}
		}
		// ∫ pdf dω over the sphere by stratified uniform directions equals
		// the probability that Sample produces a direction (microfacet
		// reflections below the horizon are dropped).
		const nz, nphi = 400, 200
		var sum float64
		for iz := range nz {
			z := -1 + 2*(float32(iz)+0.5)/nz
			for ip := range nphi {
				phi := 2 * math32.Pi * (float32(ip) + 0.5) / nphi
				r := math32.Sqrt(1 - z*z)
				_, pdf := p.Eval(wo, Vec3{r * math32.Cos(phi), r * math32.Sin(phi), z})
				sum += float64(pdf)
			}
		}
		integral := sum * 4 * math.Pi / (nz * nphi)
		want := float64(valid) / nSamples
		if want < 0.85 || math.Abs(integral-want) > 0.01 {
			t.Errorf("params %d: ∫pdf = %v, want the valid-sample fraction %v", pi, integral, want)
		}
	}
}

// TestMISWeightsSumToOne: for any pair of densities the two strategies'
// power-heuristic weights sum to one, and an MIS estimate of a known
// integral (a Lambertian lit by a uniform white sky, BSDF sampling plus
// uniform-sphere "light" sampling) is unbiased.
func TestMISWeightsSumToOne(t *testing.T) {
	for _, pq := range [][2]float32{{1, 1}, {0.1, 10}, {1e-6, 3}, {5, 0}, {0, 5}, {1e20, 1e-20}} {
		s := PowerHeuristic(pq[0], pq[1]) + PowerHeuristic(pq[1], pq[0])
		if math.Abs(float64(s-1)) > 1e-6 {
			t.Errorf("weights of %v sum to %v", pq, s)
		}
	}
	p := BSDFParams{BaseColor: Vec3{0.5, 0.5, 0.5}, Roughness: 1, IOR: 1.5}.DefaultSpecular()
	wo := dirFromCos(0.8, 0)
	want := p.Albedo(wo)[0]
	const n = 1 << 15
	var est float64
	for i := range n {
		u := Sample4(3, uint32(i), 5)
		// BSDF strategy.
		if s, ok := p.Sample(wo, [3]float32{u[0], u[1], u[2]}); ok {
			pl := float32(1 / (4 * math.Pi))
			est += float64(s.Weight[0] * PowerHeuristic(s.Pdf, pl))
		}
		// Light strategy: uniform sphere.
		z := 1 - 2*u[3]
		v := Sample4(3, uint32(i), 6)
		r := math32.Sqrt(max(1-z*z, 0))
		wi := Vec3{r * math32.Cos(2*math32.Pi*v[0]), r * math32.Sin(2*math32.Pi*v[0]), z}
		f, pb := p.Eval(wo, wi)
		pl := float32(1 / (4 * math.Pi))
		est += float64(f[0] * math32.Abs(wi[2]) / pl * PowerHeuristic(pl, pb))
	}
	est /= n
	if math.Abs(est/float64(want)-1) > 0.01 {
		t.Errorf("MIS estimate %v, want %v", est, want)
	}
}

// TestBSDFZeroBelow: no reflection into the lower hemisphere without
// transmission, and sampled weights are finite.
func TestBSDFZeroBelow(t *testing.T) {
	p := BSDFParams{BaseColor: Vec3{1, 1, 1}, Roughness: 0.5, IOR: 1.5}.DefaultSpecular()
	f, pdf := p.Eval(dirFromCos(0.5, 0), Vec3{0, 0.6, -0.8})
	if f != (Vec3{}) || pdf != 0 {
		t.Errorf("f %v pdf %v below the surface", f, pdf)
	}
	for _, r := range []float32{0, 0.01, 1} {
		q := BSDFParams{BaseColor: Vec3{1, 1, 1}, Roughness: r, IOR: 1.5, Transmission: 0.5}.DefaultSpecular()
		for i := range 512 {
			u := Sample4(1, uint32(i), 9)
			s, ok := q.Sample(dirFromCos(0.02+0.98*u[3], 0), [3]float32{u[0], u[1], u[2]})
			if ok && (math32.IsNaN(s.Weight[0]) || math32.IsInf(s.Weight[0], 0) || s.Weight[0] < 0) {
				t.Fatalf("roughness %v: weight %v", r, s.Weight)
			}
		}
	}
}
