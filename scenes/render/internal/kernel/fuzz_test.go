package kernel

import (
	"math"
	"testing"
)

// FuzzBSDF: for any parameters in range and any directions, Eval and
// Sample return finite, non-negative values, and a sample's pdf and value
// agree with Eval.
func FuzzBSDF(f *testing.F) {
	f.Add(float32(0.5), float32(0.5), float32(0.5), float32(0), float32(0.3), float32(1.5), float32(0), float32(0), float32(0.2), float32(0.7), float32(0.1), float32(0.5), float32(0.5))
	f.Add(float32(1), float32(0), float32(0), float32(1), float32(0), float32(1), float32(1), float32(1), float32(1), float32(0.01), float32(0.999), float32(0), float32(1))
	f.Fuzz(func(t *testing.T, r, g, b, metal, rough, ior, trans, cc, ccr, mu, u0, u1, u2 float32) {
		c := func(x float32) float32 {
			if math.IsNaN(float64(x)) {
				return 0
			}
			return min(max(x, 0), 1)
		}
		base := BSDFParams{BaseColor: Vec3{c(r), c(g), c(b)}, Metallic: c(metal), Roughness: c(rough),
			IOR: 1 + 2*c(ior-1), Transmission: c(trans), Clearcoat: c(cc), ClearcoatRoughness: c(ccr)}
		// The glTF default specular layer, and a KHR_materials_specular one
		// whose weight and tint reuse inputs (weight 0 with no metal,
		// transmission or clearcoat is the diffuse-only path).
		tinted := base
		tinted.Specular, tinted.SpecularColor = c(1-ccr), Vec3{c(b), c(r), c(g)}
		for _, p := range []BSDFParams{base.DefaultSpecular(), tinted} {
			checkBSDFSample(t, &p, c(mu), [3]float32{c(u0) * 0.9999999, c(u1) * 0.9999999, c(u2) * 0.9999999})
		}
	})
}

// checkBSDFSample checks one sample of p for wo at cosine mu.
func checkBSDFSample(t *testing.T, p *BSDFParams, mu float32, u [3]float32) {
	wo := dirFromCos(max(mu, 1e-3), 0.7)
	s, ok := p.Sample(wo, u)
	if !ok {
		return
	}
	for k := range 3 {
		if !(s.Weight[k] >= 0) || math.IsInf(float64(s.Weight[k]), 0) || !(s.F[k] >= 0) {
			t.Fatalf("params %+v: sample %+v", p, s)
		}
	}
	fv, pdf := p.Eval(wo, s.Wi)
	if math.Abs(float64(pdf/s.Pdf-1)) > 1e-3 {
		t.Fatalf("params %+v: Sample pdf %v, Eval pdf %v", p, s.Pdf, pdf)
	}
	for k := range 3 {
		if math.Abs(float64(fv[k]-s.F[k])) > 1e-3*math.Max(1, float64(fv[k])) {
			t.Fatalf("params %+v: Sample f %v, Eval f %v", p, s.F, fv)
		}
	}
}
