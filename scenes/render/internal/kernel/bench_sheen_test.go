package kernel

import "testing"

// BenchmarkBSDFEvalSheen: Eval of the glTF BSDF with a KHR_materials_sheen
// layer against the same BSDF without one (x_baseline: the sheen's cost).
func BenchmarkBSDFEvalSheen(b *testing.B) {
	p := BSDFParams{BaseColor: Vec3{0.8, 0.6, 0.4}, Metallic: 0.3, Roughness: 0.5, IOR: 1.5}.DefaultSpecular()
	q := p
	q.SheenColor, q.SheenRoughness = Vec3{1, 0.2, 0.2}, 0.5
	wo := dirFromCos(0.7, 0.3)
	wi := dirFromCos(0.4, 2)
	ggxTables()
	benchRatio(b, func(int) {
		f, pdf := q.Eval(wo, wi)
		sinkV, sinkF = f, pdf
	}, func(int) {
		f, pdf := p.Eval(wo, wi)
		sinkV, sinkF = f, pdf
	})
}

// BenchmarkFilterOffset: the Blackman–Harris offset (four Newton steps
// per axis) against the default tent's.
func BenchmarkFilterOffset(b *testing.B) {
	benchRatio(b, func(i int) {
		u := float32(i&1023) / 1024
		sinkF = FilterOffset(FilterBlackmanHarris, 0, [2]float32{u, 1 - u})[0]
	}, func(i int) {
		u := float32(i&1023) / 1024
		sinkF = FilterOffset(FilterTent, 0, [2]float32{u, 1 - u})[0]
	})
}
