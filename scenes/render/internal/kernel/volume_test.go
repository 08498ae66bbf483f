package kernel

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/chewxy/math32"

	"github.com/ingot-render/ingot/scenes/model"
)

// glass is a white dielectric at a volume boundary.
func glass(roughness, ior float32, side int) BSDFParams {
	return BSDFParams{BaseColor: Vec3{1, 1, 1}, Roughness: roughness, IOR: ior, Transmission: 1, Volume: side}.DefaultSpecular()
}

// sampleMean is the mean sample weight (the directional albedo estimated
// by importance sampling) and the fraction of refracted samples.
func sampleMean(p *BSDFParams, wo Vec3, n int, rng *rand.Rand) (albedo Vec3, refracted float64) {
	for range n {
		s, ok := p.Sample(wo, [3]float32{rng.Float32(), rng.Float32(), rng.Float32()})
		if !ok {
			continue
		}
		albedo = albedo.add(s.Weight.scale(1 / float32(n)))
		if s.Wi[2] < 0 {
			refracted++
		}
	}
	return albedo, refracted / float64(n)
}

// TestVolumeBoundaryEnergy: a smooth boundary reflects and refracts all
// the energy it receives (albedo 1 within 1%) from outside and from
// inside at every angle, including beyond the critical angle inside,
// where nothing refracts (total internal reflection: at most GGX's far
// tail, 0.1% of the samples); rough boundaries
// lose energy (single scattering) but never gain.
func TestVolumeBoundaryEnergy(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const ior = 1.5
	critical := math.Sqrt(1 - 1/(ior*ior)) // cos θc inside
	for _, side := range []int{VolumeEnter, VolumeExit} {
		for _, r := range []float32{0, 0.2, 0.5} {
			for _, mu := range []float32{0.95, 0.7, 0.5, 0.3, 0.1} {
				p := glass(r, ior, side)
				wo := dirFromCos(mu, 0.3)
				a, refr := sampleMean(&p, wo, 20000, rng)
				if r == 0 && math.Abs(float64(a[0])-1) > 0.01 {
					t.Errorf("side %d smooth μo %.2f: albedo %.4f, want 1", side, mu, a[0])
				}
				if a[0] > 1.01 {
					t.Errorf("side %d roughness %.1f μo %.2f: albedo %.4f gains energy", side, r, mu, a[0])
				}
				if r == 0 && side == VolumeExit && float64(mu) < critical-0.01 && refr > 1e-3 {
					t.Errorf("μo %.2f beyond the critical angle (cos %.3f): %.3f of the samples refract", mu, critical, refr)
				}
				if r == 0 && side == VolumeEnter && refr < 0.3 {
					t.Errorf("entering at μo %.2f: only %.3f of the samples refract", mu, refr)
				}
			}
		}
	}
}

// TestVolumeSampleMatchesEval: Sample's weights agree with Eval and its
// pdf: the albedo estimated by importance sampling equals the integral of
// Eval·|cos θ| by uniform sphere sampling, and the pdf integrates to the
// fraction of successful samples, for rough boundaries on both sides.
func TestVolumeSampleMatchesEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, side := range []int{VolumeEnter, VolumeExit} {
		for _, mu := range []float32{0.8, 0.4} {
			p := glass(0.6, 1.4, side)
			wo := dirFromCos(mu, 1)
			imp, _ := sampleMean(&p, wo, 40000, rng)
			const n = 400000
			var uni, pdfInt float64
			for range n {
				z := 2*rng.Float32() - 1
				phi := 2 * math32.Pi * rng.Float32()
				s := math32.Sqrt(max(1-z*z, 0))
				wi := Vec3{s * math32.Cos(phi), s * math32.Sin(phi), z}
				f, pdf := p.Eval(wo, wi)
				uni += float64(f[0]*math32.Abs(z)) * 4 * math.Pi / n
				pdfInt += float64(pdf) * 4 * math.Pi / n
			}
			ok := 0
			for range 40000 {
				if _, good := p.Sample(wo, [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}); good {
					ok++
				}
			}
			t.Logf("side %d μo %.1f: sampled albedo %.4f, integrated %.4f; ∫pdf %.4f, accepted %.4f", side, mu, imp[0], uni, pdfInt, float64(ok)/40000)
			if math.Abs(float64(imp[0])-uni) > 0.02 {
				t.Errorf("side %d μo %.1f: sampled albedo %.4f, integral of Eval %.4f", side, mu, imp[0], uni)
			}
			if math.Abs(pdfInt-float64(ok)/40000) > 0.03 {
				t.Errorf("side %d μo %.1f: pdf integrates to %.4f, %.4f of the samples succeed", side, mu, pdfInt, float64(ok)/40000)
			}
		}
	}
}

// TestVolumeThinUnchanged: without KHR_materials_volume the transmission
// lobe stays thin-walled (the mirrored reflection lobe: a refracted
// direction of a volume is not where thin-walled glass sends light).
func TestVolumeThinUnchanged(t *testing.T) {
	wo := dirFromCos(0.6, 0)
	thin := glass(0.1, 1.5, VolumeThin)
	in := glass(0.1, 1.5, VolumeEnter)
	straight := Vec3{-wo[0], -wo[1], -wo[2]}
	bent, _ := refractH(wo, Vec3{0, 0, 1}, 1.5)
	ft, _ := thin.Eval(wo, straight)
	fb, _ := thin.Eval(wo, bent)
	vt, _ := in.Eval(wo, straight)
	vb, _ := in.Eval(wo, bent)
	if !(ft[0] > 10*fb[0]) || !(vb[0] > 10*vt[0]) {
		t.Errorf("thin-walled: straight %v bent %v; volume: straight %v bent %v", ft[0], fb[0], vt[0], vb[0])
	}
}

// TestPackVolumeIridescence: packMaterial sets MATERIAL_VOLUME only for a
// positive thickness, packs σ = −ln(colour)/distance (0 for the infinite
// default), the film's parameters, and counts the new texture slots as
// textures.
func TestPackVolumeIridescence(t *testing.T) {
	cases := []struct {
		name   string
		edit   func(m *model.Material)
		volume bool
		sigma  PackedFloat3
		tex    bool
	}{
		{"default", func(m *model.Material) {}, false, PackedFloat3{}, false},
		{"thin with attenuation", func(m *model.Material) {
			m.Volume.AttenuationColor, m.Volume.AttenuationDistance = [3]float32{0.5, 0.5, 0.5}, 2
		}, false, PackedFloat3{0.34657359, 0.34657359, 0.34657359}, false},
		{"volume without absorption", func(m *model.Material) { m.Volume.Thickness = 0.1 }, true, PackedFloat3{}, false},
		{"volume", func(m *model.Material) {
			m.Volume.Thickness = 2
			m.Volume.AttenuationColor, m.Volume.AttenuationDistance = [3]float32{1, 0.25, 0}, 0.5
		}, true, PackedFloat3{0, 2.7725887, 27.631021}, false},
		{"thickness texture", func(m *model.Material) { m.Volume.ThicknessTex = model.TextureRef{Texture: 0} }, false, PackedFloat3{}, true},
		{"film textures", func(m *model.Material) { m.Iridescence.ThicknessTex = model.TextureRef{Texture: 0} }, false, PackedFloat3{}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := model.DefaultMaterial()
			m.Iridescence.Factor = 0.5
			c.edit(&m)
			d := packMaterial(&m, nil)
			if (d.Flags&MaterialVolume != 0) != c.volume || (d.Flags&MaterialTextured != 0) != c.tex {
				t.Errorf("flags %#x, want volume %v textured %v", d.Flags, c.volume, c.tex)
			}
			for i := range 3 {
				if math.Abs(float64(d.Attenuation[i]-c.sigma[i])) > 1e-5*math.Max(1, float64(c.sigma[i])) {
					t.Errorf("σ %v, want %v", d.Attenuation, c.sigma)
					break
				}
			}
			if d.Iridescence != 0.5 || d.IridescenceIor != 1.3 || d.IridescenceThicknessMin != 100 || d.IridescenceThicknessMax != 400 {
				t.Errorf("film %v %v %v–%v", d.Iridescence, d.IridescenceIor, d.IridescenceThicknessMin, d.IridescenceThicknessMax)
			}
		})
	}
}
