package texel

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestTextureKinds(t *testing.T) {
	s := mustSampler(t, DefaultSamplerDescriptor())
	// 1D array: the layer comes from Array and is clamped.
	arr := mustTex(t, Descriptor{TextureType: Type1DArray, PixelFormat: R16Float, Width: 4, ArrayLength: 3})
	for l := range 3 {
		_ = arr.WriteFloat(Loc{X: 2, Slice: uint32(l)}, [4]float32{float32(l + 1)})
	}
	for _, tc := range []struct {
		layer uint32
		want  float32
	}{{0, 1}, {2, 3}, {9, 3}} {
		v, err := arr.Sample(s, [3]float32{0.6}, SampleOptions{Array: tc.layer})
		if err != nil || v[0] != tc.want {
			t.Errorf("1D array layer %d = %v (%v), want %v", tc.layer, v[0], err, tc.want)
		}
	}
	// Texture buffer: read/write only.
	buf := mustTex(t, TextureBufferDescriptor(RGBA32Uint, 10))
	if err := buf.WriteUint(Loc{X: 9}, [4]uint32{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	if v, err := buf.ReadUint(Loc{X: 9}); err != nil || v != [4]uint32{1, 2, 3, 4} || buf.Width(0) != 10 {
		t.Errorf("buffer read %v %v", v, err)
	}
	if _, err := buf.Sample(s, [3]float32{}, SampleOptions{}); err == nil {
		t.Error("texture buffer sampled")
	}
	// Multisample array: samples are addressed per texel.
	ms := mustTex(t, Descriptor{TextureType: Type2DMultisampleArray, PixelFormat: RG16Float, Width: 2, Height: 2, SampleCount: 4, ArrayLength: 2})
	for smp := range 4 {
		_ = ms.WriteFloat(Loc{X: 1, Y: 1, Slice: 1, Sample: uint32(smp)}, [4]float32{float32(smp), -1})
	}
	for smp := range 4 {
		if v, err := ms.ReadFloat(Loc{X: 1, Y: 1, Slice: 1, Sample: uint32(smp)}); err != nil || v != [4]float32{float32(smp), -1, 0, 1} {
			t.Errorf("MS sample %d = %v %v", smp, v, err)
		}
	}
	if err := ms.ReplaceRegion(Region2D(0, 0, 1, 1), 0, 0, make([]byte, 64), 64, 0); err == nil {
		t.Error("ReplaceRegion on a multisample texture accepted")
	}
	// 3D nearest with offset.
	t3 := mustTex(t, Descriptor{TextureType: Type3D, PixelFormat: R8Uint, Width: 4, Height: 4, Depth: 4})
	_ = t3.WriteUint(Loc{X: 3, Y: 2, Z: 1}, [4]uint32{77})
	v, err := t3.Sample(s, [3]float32{0.3, 0.3, 0.3}, SampleOptions{Offset: [3]int32{2, 1, 0}})
	if err != nil || math.Float32bits(v[0]) != 77 {
		t.Errorf("3D offset sample = %v (%v)", math.Float32bits(v[0]), err)
	}
}

// A 64-lane lane mask converted in place costs no allocation.
func TestLaneMaskNoAlloc(t *testing.T) {
	tex := mustTex(t, Texture2DDescriptor(RGBA8Unorm, 8, 8, false))
	s := mustSampler(t, DefaultSamplerDescriptor())
	u := make([]float32, 64)
	var m uint64 = 0xFFFF0000FFFF0000
	out := Out{make([]float32, 64), make([]float32, 64), make([]float32, 64), make([]float32, 64)}
	allocs := testing.AllocsPerRun(20, func() {
		_ = tex.SampleBatch(s, &SampleArgs{U: u, V: u}, []uint64{m}, out)
	})
	if allocs != 0 {
		t.Errorf("%v allocations", allocs)
	}
}

// FuzzSample checks that no combination of coordinates, LOD arguments and
// sampler states panics or writes an inactive lane.
func FuzzSample(f *testing.F) {
	f.Add(float32(0.5), float32(0.5), float32(0.5), float32(1), uint8(0), uint8(0), uint8(3))
	f.Add(float32(-3), float32(1e9), float32(-0.0), float32(-40), uint8(2), uint8(255), uint8(1))
	texs := []*Texture{}
	for _, d := range []Descriptor{
		Texture2DDescriptor(RGBA8Unorm_sRGB, 5, 3, true),
		{TextureType: Type3D, PixelFormat: RGBA16Float, Width: 3, Height: 2, Depth: 5, MipmapLevelCount: 3},
		{TextureType: TypeCubeArray, PixelFormat: Depth32Float, Width: 4, Height: 4, ArrayLength: 2, MipmapLevelCount: 3},
		{TextureType: Type1DArray, PixelFormat: R16Sint, Width: 7, ArrayLength: 2},
		{TextureType: Type2DArray, PixelFormat: RGB9E5Float, Width: 2, Height: 9, ArrayLength: 2, MipmapLevelCount: 4},
	} {
		tex, err := New(d)
		if err != nil {
			f.Fatal(err)
		}
		for i := range tex.Data() {
			tex.Data()[i] = byte(i * 37)
		}
		texs = append(texs, tex)
	}
	f.Fuzz(func(t *testing.T, u, v, w, lod float32, mode, sbits, sel uint8) {
		d := DefaultSamplerDescriptor()
		d.MinFilter, d.MagFilter = Filter(sbits&1), Filter(sbits>>1&1)
		d.MipFilter = MipFilter(sbits >> 2 % 3)
		d.SAddressMode, d.TAddressMode, d.RAddressMode = AddressMode(sbits>>4%6), AddressMode(sbits>>5%6), AddressMode(sbits%6)
		d.MaxAnisotropy = int(sbits>>6) + 1
		d.CompareFunction = CompareFunction(sbits % 8)
		d.Reduction = Reduction(sbits >> 3 % 3)
		s, err := NewSampler(d)
		if err != nil {
			return
		}
		tex := texs[int(sel)%len(texs)]
		const n = 9
		us := []float32{u, v, w, lod, u + 1, v * 2, 0, 1, -1}
		vs := []float32{v, w, u, u, lod, 3, 0.5, -0.5, w}
		ws := []float32{w, u, v, lod, 2, 1, 0, 0, u}
		lods := []float32{lod}
		var o [4][n]float32
		for c := range 4 {
			for i := range n {
				o[c][i] = 12345
			}
		}
		a := SampleArgs{U: us, V: vs, W: ws, Mode: LodMode(mode % 4), Level: lods, Bias: lods, Ref: lods,
			Array: []uint32{uint32(sel)}, Offset: [3]int32{int32(mode%16) - 8, 7, -8}}
		for c := range 3 {
			a.DX[c], a.DY[c] = us, vs
		}
		mask := []uint64{0b101111011}
		out := Out{o[0][:], o[1][:], o[2][:], o[3][:]}
		_ = tex.SampleBatch(s, &a, mask, out)
		_ = tex.SampleCompareBatch(s, &a, mask, out)
		_ = tex.GatherBatch(s, &a, int(mode%4), mask, out)
		for c := range 4 {
			if o[c][2] != 12345 || o[c][7] != 12345 {
				t.Fatalf("inactive lane written")
			}
		}
	})
}

func TestAnisotropicProbes(t *testing.T) {
	tex := mustTex(t, Texture2DDescriptor(R32Float, 256, 256, true))
	for l := 0; l < tex.MipLevels(); l++ {
		for y := 0; y < tex.Height(l); y++ {
			for x := 0; x < tex.Width(l); x++ {
				_ = tex.WriteFloat(Loc{X: uint32(x), Y: uint32(y), Level: uint32(l)}, [4]float32{float32(x)})
			}
		}
	}
	d := DefaultSamplerDescriptor()
	d.MipFilter, d.MaxAnisotropy = MipNearest, 4
	o := SampleOptions{Mode: LodGradient, DX: [3]float32{16.0 / 256, 0}, DY: [3]float32{0, 4.0 / 256}}
	// λ = log2(16/4) = 2 (64 texels wide); four probes at u + (−3/8, −1/8, 1/8, 3/8)·(1/16)
	// land on texels 30, 31, 32, 33.
	v, err := tex.Sample(mustSampler(t, d), [3]float32{0.501, 0.5}, o)
	if err != nil || v[0] != 31.5 {
		t.Errorf("anisotropic sample = %v (%v), want 31.5", v[0], err)
	}
	d.MaxAnisotropy = 1 // isotropic: λ = 4 (16 wide), one probe at texel floor(0.501·16) = 8
	if v, _ := tex.Sample(mustSampler(t, d), [3]float32{0.501, 0.5}, o); v[0] != 8 {
		t.Errorf("isotropic sample = %v, want 8", v[0])
	}
}

func TestCubeLODAndGather(t *testing.T) {
	tex := mustTex(t, TextureCubeDescriptor(R32Float, 64, true))
	for sl := 0; sl < 6; sl++ {
		for l := 0; l < tex.MipLevels(); l++ {
			n := tex.Width(l)
			for y := range n {
				for x := range n {
					_ = tex.WriteFloat(Loc{X: uint32(x), Y: uint32(y), Slice: uint32(sl), Level: uint32(l)}, [4]float32{float32(l)})
				}
			}
		}
	}
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter, d.MipFilter = FilterLinear, FilterLinear, MipLinear
	// On +Z at its centre, ds/dx = 0.5·dsc/ma = 1/16 face widths = 4 texels: λ = 2.
	v, err := tex.Sample(mustSampler(t, d), [3]float32{0, 0, 1},
		SampleOptions{Mode: LodGradient, DX: [3]float32{0.125, 0, 0}, DY: [3]float32{0, 0.125, 0}})
	if err != nil || math.Abs(float64(v[0])-2) > 1e-5 {
		t.Errorf("cube λ = %v (%v), want 2", v[0], err)
	}
	// Gather across the +X/−Z edge: the footprint's left column (x, w) lies
	// on +X (slice 0), its right column (y, z) continues on −Z (slice 5).
	faces := faceTexture(t, 4, 1)
	g, err := faces.Gather(mustSampler(t, DefaultSamplerDescriptor()), [3]float32{1, 0.1, -0.999}, 0, SampleOptions{})
	if err != nil || g != [4]float32{0, 5, 5, 0} {
		t.Errorf("cube gather at the +X/−Z edge = %v (%v), want [0 5 5 0]", g, err)
	}
}

// Away from face edges a cube sample is a plain bilinear sample of the
// selected face.
func TestCubeInteriorAgainstReference(t *testing.T) {
	tex := randomTexture(t, Descriptor{TextureType: TypeCubeArray, PixelFormat: RGBA16Float, Width: 8, Height: 8, ArrayLength: 2}, 5)
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
	s := mustSampler(t, d)
	ref := refTex{t: tex}
	r := rand.New(rand.NewPCG(6, 7))
	checked := 0
	for range 2000 {
		dir := [3]float32{r.Float32()*2 - 1, r.Float32()*2 - 1, r.Float32()*2 - 1}
		face, fs, ft := CubeFace(dir[0], dir[1], dir[2])
		if fs < 1.0/8 || fs > 7.0/8 || ft < 1.0/8 || ft > 7.0/8 {
			continue
		}
		layer := r.IntN(2)
		got, err := tex.Sample(s, dir, SampleOptions{Array: uint32(layer)})
		if err != nil {
			t.Fatal(err)
		}
		want := ref.sampleLevel(d, 0, layer*6+face, float64(fs), float64(ft), 0, true)
		for c := range 4 {
			if diff := math.Abs(float64(got[c]) - want[c]); !(diff <= 1e-4) {
				t.Fatalf("dir %v face %d (%v,%v) ch %d: got %v want %v", dir, face, fs, ft, c, got[c], want[c])
			}
		}
		checked++
	}
	if checked < 200 {
		t.Fatalf("only %d interior samples", checked)
	}
}
