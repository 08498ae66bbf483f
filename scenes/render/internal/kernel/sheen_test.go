package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// sheenRef64 is a plain float64 transcription of KHR_materials_sheen's
// BRDF for one colour channel c: c·D(h)·V(μo, μi) with the Charlie
// distribution and the extension's visibility (Estevez and Kulla 2017).
func sheenRef64(c float64, wo, wi Vec3, roughness float64) float64 {
	r := math.Min(math.Max(roughness, SheenRoughnessMin), 1)
	a := r * r
	h := [3]float64{float64(wo[0] + wi[0]), float64(wo[1] + wi[1]), float64(wo[2] + wi[2])}
	hl := math.Sqrt(h[0]*h[0] + h[1]*h[1] + h[2]*h[2])
	nh := h[2] / hl
	sin := math.Sqrt(math.Max(1-nh*nh, 0))
	d := (2 + 1/a) * math.Pow(sin, 1/a) / (2 * math.Pi)
	l := func(x float64) float64 {
		t := (1 - a) * (1 - a)
		mix := func(u, v float64) float64 { return u*(1-t) + v*t }
		return mix(21.5473, 25.3245)/(1+mix(3.82987, 3.32435)*math.Pow(x, mix(0.19823, 0.16801))) +
			mix(-1.97760, -1.27393)*x + mix(-4.32054, -4.85967)
	}
	lambda := func(mu float64) float64 {
		if mu < 0.5 {
			return math.Exp(l(mu))
		}
		return math.Exp(2*l(0.5) - l(1-mu))
	}
	muo, mui := float64(wo[2]), float64(wi[2])
	v := math.Min(1/((1+lambda(muo)+lambda(mui))*4*muo*mui), 1)
	return c * d * v
}

// velvet is a black base (no specular layer) under a sheen of colour c.
func velvet(c Vec3, roughness float32) BSDFParams {
	return BSDFParams{BaseColor: Vec3{}, IOR: 1.5, SheenColor: c, SheenRoughness: roughness}
}

// TestSheenMatchesReference: Eval of a black base under a sheen is the
// extension's BRDF (sheenRef64), for sheens whose albedo stays below 1
// (no normalisation), and that BRDF divided by max(E(μo), E(μi)) where a
// smooth sheen's albedo exceeds 1 at grazing angles.
func TestSheenMatchesReference(t *testing.T) {
	tab := ggxTables()
	rng := rand.New(rand.NewPCG(5, 6))
	c := Vec3{0.9, 0.3, 0.05}
	for _, r := range []float32{0.35, 0.6, 0.85, 1, 0.1, 0} {
		p := velvet(c, r)
		for k := range 200 {
			wo := dirFromCos(0.02+0.98*rng.Float32(), 0)
			wi := dirFromCos(0.02+0.98*rng.Float32(), 2*math.Pi*rng.Float32())
			f, _ := p.Eval(wo, wi)
			norm := math.Max(1, math.Max(float64(lookup2(&tab.Sheen, wo[2], r)), float64(lookup2(&tab.Sheen, wi[2], r))))
			if r >= 0.35 && norm != 1 {
				t.Fatalf("r=%v: sheen albedo %v > 1 (the premise of this case)", r, norm)
			}
			for ch := range 3 {
				want := sheenRef64(float64(c[ch]), wo, wi, float64(r)) / norm
				if math.Abs(float64(f[ch])-want) > 2e-4*want+1e-6 {
					t.Fatalf("r=%v query %d channel %d: f %v, reference %v (wo %v wi %v)", r, k, ch, f[ch], want, wo, wi)
				}
			}
		}
	}
}

// TestSheenTable: the sheen albedo table against a finer float64
// integration of sheenRef64 at a few cells, and in [0, 1.7].
func TestSheenTable(t *testing.T) {
	tab := ggxTables()
	const n = GGXTableSize
	for k, e := range tab.Sheen {
		if !(e >= 0 && e < 1.7) {
			t.Fatalf("cell %d: E %v", k, e)
		}
	}
	for _, cell := range [][2]int{{31, 0}, {31, 16}, {12, 3}, {20, 31}, {4, 1}} {
		j, i := cell[0], cell[1]
		r := float64(j) / (n - 1)
		mu := math.Max(float64(i)/(n-1), 1e-3)
		wo := Vec3{float32(math.Sqrt(1 - mu*mu)), 0, float32(mu)}
		const sm, sp = 600, 300
		var sum float64
		for x := range sm {
			mi := (float64(x) + 0.5) / sm
			st := math.Sqrt(1 - mi*mi)
			for y := range sp {
				phi := math.Pi * (float64(y) + 0.5) / sp
				wi := Vec3{float32(st * math.Cos(phi)), float32(st * math.Sin(phi)), float32(mi)}
				sum += sheenRef64(1, wo, wi, r) * mi
			}
		}
		want := 2 * math.Pi * sum / (sm * sp)
		if got := float64(tab.Sheen[j*n+i]); math.Abs(got-want) > 2e-3*want+1e-5 {
			t.Errorf("E(μ=%.3f, r=%.3f) = %v, finer integral %v", mu, r, got, want)
		}
	}
}

// TestSheenFurnace: with a sheen layer nothing reflects more than it
// receives (white furnace ≤ 1) over white, grey and black bases, smooth
// and rough sheens, at grazing and normal incidence; a black base under a
// rough white sheen reflects exactly the sheen's tabulated albedo (so the
// cosine sampling of the sheen and its pdf are right); Sample agrees with
// Eval; the layered BSDF stays reciprocal (without clearcoat).
func TestSheenFurnace(t *testing.T) {
	white := Vec3{1, 1, 1}
	tab := ggxTables()
	bases := []struct {
		name string
		p    BSDFParams
	}{
		{"white dielectric", BSDFParams{BaseColor: white, IOR: 1.5}.DefaultSpecular()},
		{"white diffuse", BSDFParams{BaseColor: white, IOR: 1.5}},
		{"white metal", BSDFParams{BaseColor: white, Metallic: 1, IOR: 1.5}.DefaultSpecular()},
		{"white transmissive", BSDFParams{BaseColor: white, IOR: 1.5, Transmission: 1}.DefaultSpecular()},
		{"white clearcoat", BSDFParams{BaseColor: white, IOR: 1.5, Clearcoat: 1, ClearcoatRoughness: 0.2}.DefaultSpecular()},
		{"black", BSDFParams{IOR: 1.5}},
	}
	n := furnaceSamples() / 2
	worst := float32(0)
	for _, b := range bases {
		for _, sr := range []float32{0, 0.4, 1} {
			for _, mu := range []float32{0.05, 0.5, 1} {
				t.Run(fmt.Sprintf("%s/sheen r=%v/mu=%v", b.name, sr, mu), func(t *testing.T) {
					p := b.p
					p.Roughness = 0.5
					p.SheenColor, p.SheenRoughness = white, sr
					wo := dirFromCos(mu, 0.3)
					got := furnace(&p, wo, n)
					worst = max(worst, got[0])
					// 1 + Monte Carlo noise.
					if got[0] > 1.01 {
						t.Errorf("albedo %v > 1", got)
					}
					if ub := p.Albedo(wo)[0]; got[0] > ub*1.01+1e-3 {
						t.Errorf("albedo %v above the predicted upper bound %v", got, ub)
					}
					if b.name == "black" && sr >= 0.7 {
						// E ≤ 1 everywhere for rough sheens: no normalisation.
						want := lookup2(&tab.Sheen, mu, sr)
						if math.Abs(float64(got[0]/want-1)) > 0.02 {
							t.Errorf("black base: albedo %v, sheen table %v (±2%%)", got[0], want)
						}
					}
					for k := range 64 {
						u := Sample4(0x9e37, uint32(k), 1)
						s, ok := p.Sample(wo, [3]float32{u[0], u[1], u[2]})
						if !ok {
							continue
						}
						f, pdf := p.Eval(wo, s.Wi)
						if d := math.Abs(float64(pdf - s.Pdf)); d > 1e-4*float64(pdf)+1e-6 || f != s.F {
							t.Fatalf("sample %d: Sample f %v pdf %v, Eval f %v pdf %v", k, s.F, s.Pdf, f, pdf)
						}
						if s.Wi[2] > 0 && b.p.Transmission == 0 && b.p.Clearcoat == 0 { // clearcoat layering is not reciprocal (TestReciprocity)
							back, _ := p.Eval(s.Wi, wo)
							for c := range 3 {
								if math.Abs(float64(back[c]-f[c])) > 1e-3*float64(f[c])+1e-5 {
									t.Fatalf("not reciprocal: f(wo, wi) %v, f(wi, wo) %v", f, back)
								}
							}
						}
					}
				})
			}
		}
	}
	t.Logf("largest white-furnace albedo with a white sheen: %.4f", worst)
}
