package kernel

import "testing"

// BenchmarkBSDFSampleVolume: sampling a rough glass boundary from inside a
// KHR_materials_volume (refraction, total internal reflection) against
// the same glass thin-walled (x_baseline: the volume boundary's cost).
func BenchmarkBSDFSampleVolume(b *testing.B) {
	thin := glass(0.2, 1.5, VolumeThin)
	exit := glass(0.2, 1.5, VolumeExit)
	wo := dirFromCos(0.7, 0.3)
	ggxTables()
	u := func(i int) [3]float32 {
		return [3]float32{float32(i&255) / 256, float32((i>>8)&63) / 64, float32((i*7)&127) / 128}
	}
	benchRatio(b, func(i int) {
		s, _ := exit.Sample(wo, u(i))
		sinkV, sinkF = s.Weight, s.Pdf
	}, func(i int) {
		s, _ := thin.Sample(wo, u(i))
		sinkV, sinkF = s.Weight, s.Pdf
	})
}

// BenchmarkBSDFEvalIridescence: Eval with a KHR_materials_iridescence film
// (two thin-film Fresnel evaluations: dielectric and metal) against the
// same BSDF without one (x_baseline: the film's cost).
func BenchmarkBSDFEvalIridescence(b *testing.B) {
	p := BSDFParams{BaseColor: Vec3{0.8, 0.6, 0.4}, Metallic: 0.3, Roughness: 0.5, IOR: 1.5}.DefaultSpecular()
	q := p
	q.Iridescence, q.IridescenceIOR, q.IridescenceThickness = 1, 1.3, 400
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
