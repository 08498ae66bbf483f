package render

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
	"github.com/ingot-render/ingot/scenes/render/shaders"
)

// runRefKernel compiles reference_kernels.metal and runs kernel name over
// n threads with the given buffers bound at indices 0, 1, … (count is
// bound after them as a constant uint).
func runRefKernel(t *testing.T, name string, n int, bufs ...[]byte) [][]byte {
	t.Helper()
	dev, err := NewDevice(2)
	if err != nil {
		t.Fatal(err)
	}
	src, err := shaders.Source(shaders.ReferenceKernelsFile)
	if err != nil {
		t.Fatal(err)
	}
	lib, err := dev.NewLibraryWithFile(shaders.ReferenceKernelsFile, src, engine.CompileOptions{Resolver: shaders.HeaderResolver{}})
	if err != nil {
		t.Fatal(err)
	}
	fn, err := lib.Function(name)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cb := dev.NewCommandQueue().CommandBuffer(context.Background())
	enc, err := cb.ComputeCommandEncoder()
	if err != nil {
		t.Fatal(err)
	}
	errs := []error{enc.SetComputePipelineState(pl)}
	var out []*engine.Buffer
	for i, b := range bufs {
		if i == 2 { // index 2 is count in every reference kernel
			errs = append(errs, enc.SetBytes(bytesOf([]uint32{uint32(n)}), 2))
			continue
		}
		buf, err := dev.NewBufferWithBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, buf)
		errs = append(errs, enc.SetBuffer(buf, 0, i))
	}
	errs = append(errs, enc.DispatchThreads(engine.Sz(n, 1, 1), engine.Sz(64, 1, 1)), enc.EndEncoding(), cb.Commit())
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		t.Fatal(err)
	}
	res := make([][]byte, len(out))
	for i, b := range out {
		res[i] = b.Contents()
	}
	return res
}

// TestRefSample4Kernel: sampler.h's sample4 on the engine equals Sample4
// bit for bit (integer math, exact conversions).
func TestRefSample4Kernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 500
	qs := make([]kernel.SampleQuery, n)
	for i := range qs {
		qs[i] = kernel.SampleQuery{PixelSeed: rng.Uint32(), Index: uint32(i * 37 % 1000), Group: uint32(i % 30)}
	}
	// Large indices exercise every byte of the table.
	qs[0].Index, qs[1].Index, qs[2].Index = 0xffffffff, 0x80000000, 0x01020304
	tab := kernel.SobolByteTable()
	for _, k := range []struct {
		name string
		bufs [][]byte
	}{
		{"ref_sample4", [][]byte{bytesOf(qs), make([]byte, 16*n), nil}},
		{"ref_sample4_table", [][]byte{bytesOf(qs), make([]byte, 16*n), nil, bytesOf(tab[:])}},
	} {
		out := runRefKernel(t, k.name, n, k.bufs...)
		got := unsafe.Slice((*[4]float32)(unsafe.Pointer(&out[1][0])), n)
		for i, q := range qs {
			if want := kernel.Sample4(q.PixelSeed, q.Index, q.Group); got[i] != want {
				t.Fatalf("%s query %+v: MSL %v, Go %v", k.name, q, got[i], want)
			}
		}
	}
}

// TestRefSampleKeyedKernel: sample4_keyed is Sample4 and sample1_keyed
// its first component, bit for bit.
func TestRefSampleKeyedKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 500
	qs := make([]kernel.SampleQuery, n)
	for i := range qs {
		qs[i] = kernel.SampleQuery{PixelSeed: rng.Uint32(), Index: rng.Uint32() >> uint(i%32), Group: uint32(i % 30)}
	}
	tab := kernel.SobolByteTable()
	out := runRefKernel(t, "ref_sample_keyed", n, bytesOf(qs), make([]byte, 2*16*n), nil, bytesOf(tab[:]))
	got := unsafe.Slice((*[4]float32)(unsafe.Pointer(&out[1][0])), 2*n)
	for i, q := range qs {
		want := kernel.Sample4(q.PixelSeed, q.Index, q.Group)
		if got[i] != want {
			t.Fatalf("sample4_keyed %+v: MSL %v, Go %v", q, got[i], want)
		}
		if g := got[n+i]; g != [4]float32{want[0], 0, 0, 0} {
			t.Fatalf("sample1_keyed %+v: %v, want %v", q, g[0], want[0])
		}
	}
}

// ulps32 is |got − want| in float32 ulps of want (the spacing of float32
// values at |want|), want being the float64 reference.
func ulps32(got float32, want float64) float64 {
	w := float32(want)
	ulp := float64(math.Nextafter32(float32(math.Abs(float64(w))), float32(math.Inf(1))) - float32(math.Abs(float64(w))))
	return math.Abs(float64(got)-want) / ulp
}

// TestRefEnvTrigKernel: envmap.h's env_atan2 and env_acos, which the
// environment lookup runs instead of atan2 and acos, stay within a few
// float32 ulp of the float64 functions over unit directions and the axes,
// and give finite results at the poles.
func TestRefEnvTrigKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 20000
	in := make([][4]float32, n)
	for i := range in {
		// A unit direction (x, y, z): atan2(x, −z) and acos(y) as env_uv.
		z := 2*rng.Float64() - 1
		phi := 2 * math.Pi * rng.Float64()
		s := math.Sqrt(1 - z*z)
		in[i] = [4]float32{float32(s * math.Cos(phi)), float32(-s * math.Sin(phi)), float32(z), 0}
		switch i % 10 {
		case 1: // atan2 arguments of very different sizes
			in[i][1] *= float32(math.Ldexp(1, -int(rng.IntN(60))))
		case 2:
			in[i][0] *= float32(math.Ldexp(1, -int(rng.IntN(60))))
		case 3: // acos near ±1 and near ±½
			in[i][2] = float32(math.Copysign(1-math.Ldexp(rng.Float64(), -int(rng.IntN(24))), z))
		case 4:
			in[i][2] = float32(math.Copysign(0.5+math.Ldexp(rng.Float64()-0.5, -int(rng.IntN(24))), z))
		}
	}
	edges := [][4]float32{{0, 1, 1, 0}, {0, -1, -1, 0}, {1, 0, 0, 0}, {-1, 0, 0.5, 0}, {1, 1, -0.5, 0}, {-1, -1, 0, 0},
		{1, -1, 1, 0}, {-1, 1, -1, 0}, {0, 0, 1, 0}, {float32(math.Copysign(0, -1)), 0, -1, 0}}
	copy(in, edges)
	out := runRefKernel(t, "ref_env_trig", n, bytesOf(in), make([]byte, 8*n), nil)
	got := unsafe.Slice((*[2]float32)(unsafe.Pointer(&out[1][0])), n)
	var worstAtan, worstAcos float64
	for i, a := range in {
		if i == 8 || i == 9 { // the poles: any finite angle
			if !(math.Abs(float64(got[i][0])) <= math.Pi) {
				t.Errorf("env_atan2(%v, %v) = %v at the pole", a[0], a[1], got[i][0])
			}
		} else if e := ulps32(got[i][0], math.Atan2(float64(a[0]), float64(a[1]))); e > worstAtan {
			worstAtan = e
			if e > 4 {
				t.Errorf("env_atan2(%v, %v) = %v, want %v (%.2f ulp)", a[0], a[1], got[i][0], math.Atan2(float64(a[0]), float64(a[1])), e)
			}
		}
		if e := ulps32(got[i][1], math.Acos(float64(a[2]))); e > worstAcos {
			worstAcos = e
			if e > 3 {
				t.Errorf("env_acos(%v) = %v, want %v (%.2f ulp)", a[2], got[i][1], math.Acos(float64(a[2])), e)
			}
		}
	}
	t.Logf("worst: env_atan2 %.2f ulp, env_acos %.2f ulp", worstAtan, worstAcos)
}

// TestRefBSDFKernel: bsdf.h on the engine against BSDFParams.Eval/Sample
// over random parameters and directions: values within 1e-4 relative
// (plus 1e-5 absolute) for eval, sampled directions within 1e-5 (the pdf of a
// near-specular sample within 5%: see below); the sampled lobe may differ
// only next to a lobe boundary, where those samples are skipped.
func TestRefBSDFKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 512
	dir := func() kernel.Vec3 {
		z := 0.05 + 0.95*rng.Float32()
		phi := 2 * math.Pi * rng.Float64()
		s := float32(math.Sqrt(float64(1 - z*z)))
		return kernel.Vec3{s * float32(math.Cos(phi)), s * float32(math.Sin(phi)), z}
	}
	qs := make([]kernel.BSDFQuery, n)
	for i := range qs {
		wi := dir()
		if i%5 == 0 {
			wi[2] = -wi[2] // transmission side
		}
		qs[i] = kernel.BSDFQuery{BaseColor: kernel.PackedFloat3{rng.Float32(), rng.Float32(), rng.Float32()}, Metallic: rng.Float32(),
			Roughness: rng.Float32(), IOR: 1 + rng.Float32(), Transmission: float32(i%3) * 0.5, Clearcoat: float32(i%2) * rng.Float32(),
			ClearcoatRoughness: rng.Float32(), Wo: kernel.PackedFloat3(dir()), Wi: kernel.PackedFloat3(wi),
			U: kernel.PackedFloat3{rng.Float32(), rng.Float32(), rng.Float32()}, Specular: 1, SpecularColor: kernel.PackedFloat3{1, 1, 1}}
		// KHR_materials_specular: every 7th query has no specular layer
		// (diffuse-only when nothing else scatters), every 4th a weighted,
		// tinted one.
		switch {
		case i%7 == 0:
			qs[i].Specular = 0
			if i%14 == 0 {
				qs[i].Metallic, qs[i].Transmission, qs[i].Clearcoat = 0, 0, 0
			}
		case i%4 == 0:
			qs[i].Specular = rng.Float32()
			qs[i].SpecularColor = kernel.PackedFloat3{rng.Float32(), rng.Float32(), rng.Float32()}
		}
		// KHR_materials_sheen on two queries in three (over every kind of base,
		// the diffuse-only one included), smooth to rough.
		if i%3 != 2 {
			qs[i].SheenColor = kernel.PackedFloat3{rng.Float32(), rng.Float32(), rng.Float32()}
			qs[i].SheenRoughness = rng.Float32()
		}
		// KHR_materials_volume: one query in six enters a volume, one leaves
		// it (refraction, and total internal reflection inside).
		switch i % 6 {
		case 1:
			qs[i].Volume, qs[i].Transmission = kernel.VolumeEnter, 0.5+0.5*rng.Float32()
		case 4:
			qs[i].Volume = kernel.VolumeExit
		}
		// KHR_materials_iridescence on one query in four (films 0–1200 nm).
		if i%4 == 3 {
			qs[i].Iridescence, qs[i].IridescenceIor, qs[i].IridescenceThickness = rng.Float32(), 1+rng.Float32(), 1200*rng.Float32()
		}
	}
	out := runRefKernel(t, "ref_bsdf", n, bytesOf(qs), make([]byte, 64*n), nil, bytesOf(kernel.GGXTableBuffer()))
	got := unsafe.Slice((*kernel.BSDFAnswer)(unsafe.Pointer(&out[1][0])), n)
	close := func(a, b float32) bool {
		return math.Abs(float64(a-b)) <= 1e-5+1e-4*math.Abs(float64(b))
	}
	bad, skipped := 0, 0
	for i, q := range qs {
		p := kernel.BSDFParams{BaseColor: kernel.Vec3(q.BaseColor), Metallic: q.Metallic, Roughness: q.Roughness, IOR: q.IOR,
			Transmission: q.Transmission, Clearcoat: q.Clearcoat, ClearcoatRoughness: q.ClearcoatRoughness,
			Specular: q.Specular, SpecularColor: kernel.Vec3(q.SpecularColor), SheenColor: kernel.Vec3(q.SheenColor), SheenRoughness: q.SheenRoughness,
			Volume: int(q.Volume), Iridescence: q.Iridescence, IridescenceIOR: q.IridescenceIor, IridescenceThickness: q.IridescenceThickness}
		f, pdf := p.Eval(kernel.Vec3(q.Wo), kernel.Vec3(q.Wi))
		g := got[i]
		ok := close(g.Pdf, pdf)
		for c := range 3 {
			ok = ok && close(g.F[c], f[c])
		}
		s, sok := p.Sample(kernel.Vec3(q.Wo), [3]float32(q.U))
		if sok != (g.SampleOK != 0) || (sok && int(g.SampleLobe) != s.Lobe) {
			skipped++ // lobe boundary or a sample at the horizon: checked by count below
		} else if sok {
			// A near-specular lobe's pdf is ill-conditioned: a 1e-7 change
			// of the sampled direction (sqrt/normalize rounding) moves it by
			// percents (tens of percents near roughness 0). Directions must
			// agree; pdf and weight within 1e-3 below pdf 50, within 5% up
			// to 1000, unchecked above (a numerical delta).
			pc := func(a, b float32) bool { return math.Abs(float64(a-b)) <= 1e-3*math.Abs(float64(b))+1e-5 }
			switch {
			case q.Volume == kernel.VolumeExit && s.Pdf <= 1000:
				// Inside a volume the Fresnel factor of the sampled
				// microfacet has an infinite slope at the critical angle:
				// the same 1e-7 moves pdf and weight by up to 1%.
				pc = func(a, b float32) bool { return math.Abs(float64(a-b)) <= 0.01*math.Abs(float64(b))+1e-5 }
			case s.Pdf > 1000:
				pc = func(a, b float32) bool { return true }
			case s.Pdf > 50:
				pc = func(a, b float32) bool { return math.Abs(float64(a-b)) <= 0.05*math.Abs(float64(b))+1e-5 }
			}
			ok = ok && pc(g.SamplePdf, s.Pdf)
			for c := range 3 {
				ok = ok && math.Abs(float64(g.SampleWi[c]-s.Wi[c])) <= 1e-5 && pc(g.SampleWeight[c], s.Weight[c])
			}
		}
		if !ok {
			bad++
			if bad <= 3 {
				t.Errorf("query %d: MSL f %v pdf %v sample %v/%v, Go f %v pdf %v sample %v/%v", i, g.F, g.Pdf, g.SampleWi, g.SamplePdf, f, pdf, s.Wi, s.Pdf)
			}
		}
	}
	for _, vol := range []int{kernel.VolumeEnter, kernel.VolumeExit} {
		k := 0
		for i, q := range qs {
			if int(q.Volume) == vol && got[i].SampleOK != 0 && got[i].SampleLobe == kernel.LobeTransmission {
				k++
			}
		}
		if k < n/60 {
			t.Errorf("volume %d: %d refracted samples, want ≥ %d", vol, k, n/60)
		}
	}
	if skipped > n/100 {
		t.Errorf("%d of %d samples picked another lobe or validity than Go", skipped, n)
	}
	if bad > 0 {
		t.Errorf("%d of %d queries differ", bad, n)
	}
}
