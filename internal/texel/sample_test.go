package texel

import (
	"math"
	"math/rand/v2"
	"testing"
)

func mustTex(t testing.TB, d Descriptor) *Texture {
	t.Helper()
	tex, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	return tex
}

func mustSampler(t testing.TB, d SamplerDescriptor) *Sampler {
	t.Helper()
	s, err := NewSampler(d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func row4(t *testing.T) *Texture {
	tex := mustTex(t, Descriptor{TextureType: Type1D, PixelFormat: R32Float, Width: 4})
	for i, v := range []float32{10, 20, 30, 40} {
		if err := tex.WriteFloat(Loc{X: uint32(i)}, [4]float32{v}); err != nil {
			t.Fatal(err)
		}
	}
	return tex
}

func TestAddressModesNearest(t *testing.T) {
	tex := row4(t)
	tests := []struct {
		mode   AddressMode
		border BorderColor
		want   [16]float32 // texel index -6..9
	}{
		{ClampToEdge, 0, [16]float32{10, 10, 10, 10, 10, 10, 10, 20, 30, 40, 40, 40, 40, 40, 40, 40}},
		{Repeat, 0, [16]float32{30, 40, 10, 20, 30, 40, 10, 20, 30, 40, 10, 20, 30, 40, 10, 20}},
		{MirrorRepeat, 0, [16]float32{30, 40, 40, 30, 20, 10, 10, 20, 30, 40, 40, 30, 20, 10, 10, 20}},
		{MirrorClampToEdge, 0, [16]float32{40, 40, 40, 30, 20, 10, 10, 20, 30, 40, 40, 40, 40, 40, 40, 40}},
		{ClampToZero, 0, [16]float32{0, 0, 0, 0, 0, 0, 10, 20, 30, 40, 0, 0, 0, 0, 0, 0}},
		{ClampToBorderColor, OpaqueWhite, [16]float32{1, 1, 1, 1, 1, 1, 10, 20, 30, 40, 1, 1, 1, 1, 1, 1}},
		{ClampToBorderColor, OpaqueBlack, [16]float32{0, 0, 0, 0, 0, 0, 10, 20, 30, 40, 0, 0, 0, 0, 0, 0}},
	}
	for _, tc := range tests {
		d := DefaultSamplerDescriptor()
		d.SAddressMode, d.BorderColor = tc.mode, tc.border
		s := mustSampler(t, d)
		for i := -6; i <= 9; i++ {
			v, err := tex.Sample(s, [3]float32{(float32(i) + 0.5) / 4}, SampleOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if v[0] != tc.want[i+6] {
				t.Errorf("%v border %d: texel %d = %v, want %v", tc.mode, tc.border, i, v[0], tc.want[i+6])
			}
			wantA := float32(1) // R32Float has no alpha: the default 1, also under ClampToZero
			if tc.mode == ClampToBorderColor && tc.border == TransparentBlack {
				wantA = 0
			}
			if v[3] != wantA {
				t.Errorf("%v: alpha %v", tc.mode, v[3])
			}
		}
	}
}

func TestAddressModesLinearEdge(t *testing.T) {
	tex := row4(t)
	tests := []struct {
		mode   AddressMode
		border BorderColor
		want   float32 // linear sample at u = 0: half texel 0, half texel "-1"
	}{
		{ClampToEdge, 0, 10},
		{Repeat, 0, 25},
		{MirrorRepeat, 0, 10},
		{MirrorClampToEdge, 0, 10},
		{ClampToZero, 0, 5},
		{ClampToBorderColor, OpaqueWhite, 5.5},
	}
	for _, tc := range tests {
		d := DefaultSamplerDescriptor()
		d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
		d.SAddressMode, d.BorderColor = tc.mode, tc.border
		v, err := tex.Sample(mustSampler(t, d), [3]float32{0}, SampleOptions{})
		if err != nil || v[0] != tc.want {
			t.Errorf("%v: linear at 0 = %v (%v), want %v", tc.mode, v[0], err, tc.want)
		}
	}
}

func TestPixelCoordinatesAndOffset(t *testing.T) {
	tex := row4(t)
	d := DefaultSamplerDescriptor()
	d.NormalizedCoordinates = false
	s := mustSampler(t, d)
	if v, _ := tex.Sample(s, [3]float32{2.5}, SampleOptions{}); v[0] != 30 {
		t.Errorf("pixel 2.5 = %v", v[0])
	}
	if v, _ := tex.Sample(s, [3]float32{0.5}, SampleOptions{Offset: [3]int32{3}}); v[0] != 40 {
		t.Errorf("pixel 0.5 offset 3 = %v", v[0])
	}
	d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
	if v, _ := tex.Sample(mustSampler(t, d), [3]float32{2}, SampleOptions{}); v[0] != 25 {
		t.Errorf("linear pixel 2 = %v", v[0])
	}
	d.MipFilter = MipLinear
	if _, err := NewSampler(d); err == nil {
		t.Error("pixel coordinates with a mip filter accepted")
	}
}

// ---- float64 reference sampler (OpenGL spec formulation) ----

func refWrap(i, n int, m AddressMode) int {
	mirror := func(a int) int {
		if a >= 0 {
			return a
		}
		return -(1 + a)
	}
	imod := func(a, b int) int { return ((a % b) + b) % b }
	switch m {
	case ClampToEdge:
		return min(max(i, 0), n-1)
	case Repeat:
		return imod(i, n)
	case MirrorRepeat:
		return (n - 1) - mirror(imod(i, 2*n)-n)
	case MirrorClampToEdge:
		return min(max(mirror(i), 0), n-1)
	}
	if i < 0 || i >= n {
		return -1
	}
	return i
}

type refTex struct {
	t      *Texture
	border [4]float64
}

func (r refTex) texel(lvl, slice, x, y, z int) [4]float64 {
	if x < 0 || y < 0 || z < 0 {
		return r.border
	}
	v, err := r.t.ReadFloat(Loc{X: uint32(x), Y: uint32(y), Z: uint32(z), Slice: uint32(slice), Level: uint32(lvl)})
	if err != nil {
		panic(err)
	}
	return [4]float64{float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])}
}

// sampleLevel filters one level with (bi/tri)linear or nearest filtering.
func (r refTex) sampleLevel(d SamplerDescriptor, lvl, slice int, u, v, w float64, lin bool) [4]float64 {
	dims := r.t.Type().Dims()
	n := [3]int{r.t.Width(lvl), r.t.Height(lvl), r.t.Depth(lvl)}
	c := [3]float64{u * float64(n[0]), v * float64(n[1]), w * float64(n[2])}
	modes := [3]AddressMode{d.SAddressMode, d.TAddressMode, d.RAddressMode}
	var idx [3][2]int
	var frac [3]float64
	for a := 0; a < 3; a++ {
		if a >= dims {
			idx[a] = [2]int{0, 0}
			continue
		}
		if lin {
			x := c[a] - 0.5
			i := int(math.Floor(x))
			frac[a] = x - math.Floor(x)
			idx[a] = [2]int{refWrap(i, n[a], modes[a]), refWrap(i+1, n[a], modes[a])}
		} else {
			i := refWrap(int(math.Floor(c[a])), n[a], modes[a])
			idx[a] = [2]int{i, i}
		}
	}
	var out [4]float64
	for corner := 0; corner < 8; corner++ {
		wt := 1.0
		var p [3]int
		for a := 0; a < 3; a++ {
			b := corner >> a & 1
			if a >= dims || !lin {
				if b == 1 {
					wt = 0
				}
			} else if b == 1 {
				wt *= frac[a]
			} else {
				wt *= 1 - frac[a]
			}
			p[a] = idx[a][b]
		}
		if wt == 0 {
			continue
		}
		tx := r.texel(lvl, slice, p[0], p[1], p[2])
		for ch := range 4 {
			out[ch] += wt * tx[ch]
		}
	}
	return out
}

func randomTexture(t testing.TB, d Descriptor, seed uint64) *Texture {
	tex := mustTex(t, d)
	r := rand.New(rand.NewPCG(seed, 99))
	bpp := d.PixelFormat.BytesPerPixel()
	for i := 0; i < tex.Size(); i += bpp {
		v := [4]float32{r.Float32()*2 - 0.5, r.Float32()*2 - 0.5, r.Float32()*2 - 0.5, r.Float32()*2 - 0.5}
		encodeFloat(d.PixelFormat, tex.Data()[i:], v)
	}
	return tex
}

func TestBilinearAgainstReference(t *testing.T) {
	modes := []AddressMode{ClampToEdge, Repeat, MirrorRepeat, MirrorClampToEdge, ClampToZero, ClampToBorderColor}
	for _, f := range []PixelFormat{RGBA8Unorm, RGBA8Unorm_sRGB, BGRA8Unorm, RGBA32Float, RGBA16Float, RG11B10Float, R8Snorm} {
		tex := randomTexture(t, Descriptor{TextureType: Type2DArray, PixelFormat: f, Width: 13, Height: 7, ArrayLength: 3}, uint64(f))
		for _, m := range modes {
			d := DefaultSamplerDescriptor()
			d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
			d.SAddressMode, d.TAddressMode, d.BorderColor = m, modes[(int(m)+2)%len(modes)], OpaqueWhite
			s := mustSampler(t, d)
			ref := refTex{t: tex, border: [4]float64{1, 1, 1, 1}}
			if !s.usesBorder && !f.HasAlpha() {
				ref.border = [4]float64{0, 0, 0, 1}
			} else if !s.usesBorder {
				ref.border = [4]float64{}
			}
			r := rand.New(rand.NewPCG(uint64(m), 5))
			const n = 200
			var u, v [n]float32
			var arr [n]uint32
			var o [4][n]float32
			for i := range n {
				u[i], v[i], arr[i] = r.Float32()*3-1, r.Float32()*3-1, uint32(r.IntN(4)) // layer 3 clamps to 2
			}
			a := SampleArgs{U: u[:], V: v[:], Array: arr[:]}
			if err := tex.SampleBatch(s, &a, nil, Out{o[0][:], o[1][:], o[2][:], o[3][:]}); err != nil {
				t.Fatal(err)
			}
			for i := range n {
				want := ref.sampleLevel(d, 0, min(int(arr[i]), 2), float64(u[i]), float64(v[i]), 0, true)
				for ch := range 4 {
					if diff := math.Abs(float64(o[ch][i]) - want[ch]); !(diff <= 2e-4*max(1, math.Abs(want[ch]))) {
						t.Fatalf("%v %v lane %d (%v,%v) ch %d: got %v want %v", f, m, i, u[i], v[i], ch, o[ch][i], want[ch])
					}
				}
			}
		}
	}
}

func TestTrilinear3DAgainstReference(t *testing.T) {
	tex := randomTexture(t, Descriptor{TextureType: Type3D, PixelFormat: RGBA32Float, Width: 8, Height: 5, Depth: 6, MipmapLevelCount: 3}, 7)
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter, d.MipFilter = FilterLinear, FilterLinear, MipLinear
	d.SAddressMode, d.TAddressMode, d.RAddressMode = Repeat, MirrorRepeat, ClampToEdge
	s := mustSampler(t, d)
	ref := refTex{t: tex}
	r := rand.New(rand.NewPCG(8, 9))
	for range 300 {
		u, v, w := r.Float32()*2-0.5, r.Float32()*2-0.5, r.Float32()*2-0.5
		lod := r.Float32()*3 - 0.5
		got, err := tex.Sample(s, [3]float32{u, v, w}, SampleOptions{Mode: LodLevel, Level: lod})
		if err != nil {
			t.Fatal(err)
		}
		l := min(max(float64(lod), 0), 2)
		l0 := math.Floor(l)
		var want [4]float64
		a := ref.sampleLevel(d, int(l0), 0, float64(u), float64(v), float64(w), true)
		if l0 < 2 {
			b := ref.sampleLevel(d, int(l0)+1, 0, float64(u), float64(v), float64(w), true)
			fw := l - l0
			for ch := range 4 {
				want[ch] = (1-fw)*a[ch] + fw*b[ch]
			}
		} else {
			want = a
		}
		for ch := range 4 {
			if diff := math.Abs(float64(got[ch]) - want[ch]); !(diff <= 3e-4) {
				t.Fatalf("(%v,%v,%v) lod %v ch %d: got %v want %v", u, v, w, lod, ch, got[ch], want[ch])
			}
		}
	}
}

// levelTexture has every texel of level l equal to l, so a sample returns
// the (blended) level it used.
func levelTexture(t *testing.T, size int) *Texture {
	tex := mustTex(t, Texture2DDescriptor(R32Float, size, size, true))
	for l := 0; l < tex.MipLevels(); l++ {
		for y := 0; y < tex.Height(l); y++ {
			for x := 0; x < tex.Width(l); x++ {
				_ = tex.WriteFloat(Loc{X: uint32(x), Y: uint32(y), Level: uint32(l)}, [4]float32{float32(l)})
			}
		}
	}
	return tex
}

func TestLODSelection(t *testing.T) {
	tex := levelTexture(t, 256) // 9 levels
	lin := DefaultSamplerDescriptor()
	lin.MinFilter, lin.MagFilter, lin.MipFilter = FilterLinear, FilterLinear, MipLinear
	near := lin
	near.MipFilter = MipNearest
	clamped := lin
	clamped.LodMinClamp, clamped.LodMaxClamp = 3, 5
	biased := lin
	biased.LodBias = 1
	aniso := lin
	aniso.MaxAnisotropy = 4
	none := lin
	none.MipFilter = MipNotMipmapped
	g := func(dx, dy [2]float32) SampleOptions {
		return SampleOptions{Mode: LodGradient, DX: [3]float32{dx[0], dx[1]}, DY: [3]float32{dy[0], dy[1]}}
	}
	tests := []struct {
		name string
		d    SamplerDescriptor
		o    SampleOptions
		want float32
	}{
		{"grad ρ=4", lin, g([2]float32{4.0 / 256, 0}, [2]float32{0, 4.0 / 256}), 2},
		{"grad ρ=max(3,5)", lin, g([2]float32{0, 3.0 / 256}, [2]float32{4.0 / 256, 3.0 / 256}), float32(math.Log2(5))},
		{"grad magnify", lin, g([2]float32{0.5 / 256, 0}, [2]float32{0, 0.5 / 256}), 0},
		{"grad + bias", lin, SampleOptions{Mode: LodGradient, DX: [3]float32{4.0 / 256}, DY: [3]float32{0, 4.0 / 256}, Bias: 0.5}, 2.5},
		{"sampler bias", biased, g([2]float32{4.0 / 256, 0}, [2]float32{0, 4.0 / 256}), 3},
		{"nearest mip 2.4", near, SampleOptions{Mode: LodLevel, Level: 2.4}, 2},
		{"nearest mip 2.5", near, SampleOptions{Mode: LodLevel, Level: 2.5}, 2},
		{"nearest mip 2.6", near, SampleOptions{Mode: LodLevel, Level: 2.6}, 3},
		{"nearest mip 0.5", near, SampleOptions{Mode: LodLevel, Level: 0.5}, 0},
		{"level", lin, SampleOptions{Mode: LodLevel, Level: 1.25}, 1.25},
		{"level past end", lin, SampleOptions{Mode: LodLevel, Level: 20}, 8},
		{"level negative", lin, SampleOptions{Mode: LodLevel, Level: -3}, 0},
		{"sampler clamp low", clamped, SampleOptions{Mode: LodLevel, Level: 1}, 3},
		{"sampler clamp high", clamped, SampleOptions{Mode: LodLevel, Level: 7}, 5},
		{"min_lod_clamp", lin, SampleOptions{Mode: LodLevel, Level: 1, MinLodClamp: 4.5}, 4.5},
		{"zero", lin, SampleOptions{}, 0},
		{"zero + bias", lin, SampleOptions{Bias: 1.5}, 1.5},
		{"not mipmapped", none, SampleOptions{Mode: LodLevel, Level: 3}, 0},
		{"aniso 4:1 → ρmax/4", aniso, g([2]float32{16.0 / 256, 0}, [2]float32{0, 4.0 / 256}), 2},
		{"aniso 32:1 capped", aniso, g([2]float32{32.0 / 256, 0}, [2]float32{0, 1.0 / 256}), 3},
	}
	for _, tc := range tests {
		v, err := tex.Sample(mustSampler(t, tc.d), [3]float32{0.3, 0.6}, tc.o)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if math.Abs(float64(v[0]-tc.want)) > 1e-5 {
			t.Errorf("%s: level %v, want %v", tc.name, v[0], tc.want)
		}
	}
}

func TestImplicitQuadLOD(t *testing.T) {
	tex := levelTexture(t, 256)
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter, d.MipFilter = FilterLinear, FilterLinear, MipLinear
	s := mustSampler(t, d)
	// Two quads: the first steps 8 texels per pixel (λ=3), the second 1/2 (λ<0 → 0).
	step := [2]float32{8.0 / 256, 0.5 / 256}
	var u, v [8]float32
	for q := range 2 {
		for l := range 4 {
			u[q*4+l] = 0.4 + float32(l&1)*step[q]
			v[q*4+l] = 0.4 + float32(l>>1)*step[q]
		}
	}
	var o [4][8]float32
	a := SampleArgs{U: u[:], V: v[:], Mode: LodQuad}
	mask := []uint64{0b11101111} // lane 4 is masked off but still feeds its quad's derivatives
	o[0][4] = -7
	if err := tex.SampleBatch(s, &a, mask, Out{o[0][:], o[1][:], o[2][:], o[3][:]}); err != nil {
		t.Fatal(err)
	}
	for i, want := range []float32{3, 3, 3, 3, -7, 0, 0, 0} {
		if math.Abs(float64(o[0][i]-want)) > 1e-5 {
			t.Errorf("lane %d: %v, want %v", i, o[0][i], want)
		}
	}
}

func TestCubeFaceSelection(t *testing.T) {
	tests := []struct {
		dir  [3]float32
		face int
		s, t float32
	}{
		{[3]float32{1, 0, 0}, 0, 0.5, 0.5},
		{[3]float32{1, 0.5, -0.5}, 0, 0.75, 0.25},
		{[3]float32{-1, 0.2, 0.4}, 1, 0.7, 0.4},
		{[3]float32{0, 1, 0.5}, 2, 0.5, 0.75},
		{[3]float32{0.3, -1, 0}, 3, 0.65, 0.5},
		{[3]float32{0.5, 0.5, 2}, 4, 0.625, 0.375},
		{[3]float32{0, 0, -2}, 5, 0.5, 0.5},
		{[3]float32{1, 1, 1}, 4, 1, 0}, // ties prefer z, then y
		{[3]float32{1, -1, 0}, 3, 1, 0.5},
		{[3]float32{0, 0, 0}, 4, 0.5, 0.5},
	}
	for _, tc := range tests {
		f, s, tt := CubeFace(tc.dir[0], tc.dir[1], tc.dir[2])
		if f != tc.face || math.Abs(float64(s-tc.s)) > 1e-6 || math.Abs(float64(tt-tc.t)) > 1e-6 {
			t.Errorf("CubeFace(%v) = %d (%v,%v), want %d (%v,%v)", tc.dir, f, s, tt, tc.face, tc.s, tc.t)
		}
	}
}

func faceTexture(t *testing.T, n int, arrayLen int) *Texture {
	ty := TypeCube
	if arrayLen > 1 {
		ty = TypeCubeArray
	}
	tex := mustTex(t, Descriptor{TextureType: ty, PixelFormat: R32Float, Width: n, Height: n, ArrayLength: arrayLen})
	for sl := 0; sl < tex.Slices(); sl++ {
		for y := range n {
			for x := range n {
				_ = tex.WriteFloat(Loc{X: uint32(x), Y: uint32(y), Slice: uint32(sl)}, [4]float32{float32(sl)})
			}
		}
	}
	return tex
}

func TestCubeSampling(t *testing.T) {
	tex := faceTexture(t, 2, 2)
	s := mustSampler(t, DefaultSamplerDescriptor())
	dirs := [6][3]float32{{1, 0.1, 0.2}, {-1, 0.1, 0.2}, {0.1, 1, 0.2}, {0.1, -1, 0.2}, {0.1, 0.2, 1}, {0.1, 0.2, -1}}
	for layer := range 2 {
		for f, d := range dirs {
			v, err := tex.Sample(s, d, SampleOptions{Array: uint32(layer)})
			if err != nil || v[0] != float32(layer*6+f) {
				t.Errorf("layer %d dir %v = %v (%v), want slice %d", layer, d, v[0], err, layer*6+f)
			}
		}
	}
	// Seamless: near the +X face's s=1 edge the footprint continues on −Z.
	ld := DefaultSamplerDescriptor()
	ld.MinFilter, ld.MagFilter = FilterLinear, FilterLinear
	v, err := tex.Sample(mustSampler(t, ld), [3]float32{1, 0, -0.999}, SampleOptions{})
	want := 0.501*0 + 0.499*5 // texel coordinate 1.499, i1 = 2 lies on face −Z
	if err != nil || math.Abs(float64(v[0])-want) > 1e-4 {
		t.Errorf("seamless edge sample = %v (%v), want ≈ %v", v[0], err, want)
	}
	// Near +Y's t=0 edge (tc = z = -1) the neighbour is −Z; at t=1 it is +Z.
	v, _ = tex.Sample(mustSampler(t, ld), [3]float32{0, 1, -0.999}, SampleOptions{})
	if math.Abs(float64(v[0])-(0.501*2+0.499*5)) > 1e-4 {
		t.Errorf("+Y/−Z edge = %v", v[0])
	}
	v, _ = tex.Sample(mustSampler(t, ld), [3]float32{0, 1, 0.999}, SampleOptions{})
	if math.Abs(float64(v[0])-(0.501*2+0.499*4)) > 1e-4 {
		t.Errorf("+Y/+Z edge = %v", v[0])
	}
}

// cubeNeighbor must map every edge texel onto a texel of the adjacent face
// whose direction is close to the original texel's.
func TestCubeNeighborContinuity(t *testing.T) {
	const n = 8
	for f := range 6 {
		for k := int32(0); k < n; k++ {
			for _, ij := range [][2]int32{{-1, k}, {n, k}, {k, -1}, {k, n}} {
				f2, i, j := cubeNeighbor(f, ij[0], ij[1], n)
				if f2 == f {
					t.Fatalf("face %d texel %v stays on its face", f, ij)
				}
				// Direction of the neighbour's texel centre must be within ~1.5 texels.
				dir := func(face int, i, j int32) [3]float64 {
					b := cubeBasis[face]
					sc, tc := (2*(float64(i)+0.5))/n-1, (2*(float64(j)+0.5))/n-1
					var d [3]float64
					for c := range 3 {
						d[c] = float64(b[0][c])*sc + float64(b[1][c])*tc + float64(b[2][c])
					}
					l := math.Sqrt(d[0]*d[0] + d[1]*d[1] + d[2]*d[2])
					return [3]float64{d[0] / l, d[1] / l, d[2] / l}
				}
				a, b := dir(f, ij[0], ij[1]), dir(f2, i, j)
				if dist := math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2])); dist > 1.5*2/n {
					t.Errorf("face %d texel %v → face %d (%d,%d): angular distance %v", f, ij, f2, i, j, dist)
				}
			}
		}
	}
}

func depthTexture(t *testing.T, f PixelFormat) *Texture {
	tex := mustTex(t, Descriptor{TextureType: Type2D, PixelFormat: f, Width: 2, Height: 2})
	for i, v := range []float32{0.2, 0.4, 0.6, 0.8} {
		_ = tex.WriteFloat(Loc{X: uint32(i & 1), Y: uint32(i >> 1)}, [4]float32{v})
	}
	return tex
}

func TestSampleCompare(t *testing.T) {
	tex := depthTexture(t, Depth32Float)
	centres := [4][3]float32{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}}
	tests := []struct {
		fn   CompareFunction
		ref  float32
		want [4]float32
	}{
		{CompareLess, 0.5, [4]float32{0, 0, 1, 1}},
		{CompareLessEqual, 0.4, [4]float32{0, 1, 1, 1}},
		{CompareGreater, 0.5, [4]float32{1, 1, 0, 0}},
		{CompareGreaterEqual, 0.6, [4]float32{1, 1, 1, 0}},
		{CompareEqual, 0.6, [4]float32{0, 0, 1, 0}},
		{CompareNotEqual, 0.6, [4]float32{1, 1, 0, 1}},
		{CompareNever, 0.5, [4]float32{0, 0, 0, 0}},
		{CompareAlways, 0.5, [4]float32{1, 1, 1, 1}},
	}
	for _, tc := range tests {
		d := DefaultSamplerDescriptor()
		d.CompareFunction = tc.fn
		s := mustSampler(t, d)
		for i, c := range centres {
			got, err := tex.SampleCompare(s, c, tc.ref, SampleOptions{})
			if err != nil || got != tc.want[i] {
				t.Errorf("compare %d ref %v texel %d = %v (%v), want %v", tc.fn, tc.ref, i, got, err, tc.want[i])
			}
		}
		// Linear filtering averages the four results at the centre.
		d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
		got, _ := tex.SampleCompare(mustSampler(t, d), [3]float32{0.5, 0.5}, tc.ref, SampleOptions{})
		if want := (tc.want[0] + tc.want[1] + tc.want[2] + tc.want[3]) / 4; got != want {
			t.Errorf("linear compare %d = %v, want %v", tc.fn, got, want)
		}
	}
	// Unorm depth clamps the reference to [0, 1]: with LessEqual, ref 7 → 1 ≤ 1 passes for a 1.0 texel.
	d16 := mustTex(t, Descriptor{TextureType: Type2D, PixelFormat: Depth16Unorm, Width: 1, Height: 1})
	_ = d16.WriteFloat(Loc{}, [4]float32{1})
	d := DefaultSamplerDescriptor()
	d.CompareFunction = CompareLessEqual
	if got, _ := d16.SampleCompare(mustSampler(t, d), [3]float32{0.5, 0.5}, 7, SampleOptions{}); got != 1 {
		t.Errorf("Depth16Unorm clamp: %v", got)
	}
	if _, err := row4(t).SampleCompare(mustSampler(t, d), [3]float32{0.5}, 0, SampleOptions{}); err == nil {
		t.Error("sample_compare on a colour texture accepted")
	}
}

func TestGatherOrder(t *testing.T) {
	tex := mustTex(t, Texture2DDescriptor(RGBA32Float, 4, 4, false))
	for y := range 4 {
		for x := range 4 {
			_ = tex.WriteFloat(Loc{X: uint32(x), Y: uint32(y)}, [4]float32{float32(10*y + x), float32(100 + 10*y + x), 0, 1})
		}
	}
	s := mustSampler(t, DefaultSamplerDescriptor())
	// At uv (0.5,0.5) the footprint is columns 1,2 and rows 1,2:
	// x = (i0,j1) = (1,2), y = (i1,j1) = (2,2), z = (i1,j0) = (2,1), w = (i0,j0) = (1,1).
	v, err := tex.Gather(s, [3]float32{0.5, 0.5}, 0, SampleOptions{})
	if err != nil || v != [4]float32{21, 22, 12, 11} {
		t.Errorf("gather = %v (%v), want [21 22 12 11]", v, err)
	}
	v, _ = tex.Gather(s, [3]float32{0.5, 0.5}, 1, SampleOptions{Offset: [3]int32{-1, 1}})
	if v != [4]float32{130, 131, 121, 120} {
		t.Errorf("gather G offset (-1,1) = %v", v)
	}
	v, _ = tex.Gather(s, [3]float32{0, 0}, 0, SampleOptions{}) // clamp to edge at the corner
	if v != [4]float32{0, 0, 0, 0} {
		t.Errorf("gather at corner = %v", v)
	}
	dt := depthTexture(t, Depth32Float)
	d := DefaultSamplerDescriptor()
	d.CompareFunction = CompareLess
	v, err = dt.GatherCompare(mustSampler(t, d), [3]float32{0.5, 0.5}, 0.5, SampleOptions{})
	// texels: (0,0)=0.2 (1,0)=0.4 (0,1)=0.6 (1,1)=0.8 → x=(0,1) y=(1,1) z=(1,0) w=(0,0)
	if err != nil || v != [4]float32{1, 1, 0, 0} {
		t.Errorf("gather_compare = %v (%v)", v, err)
	}
	if _, err := row4(t).Gather(s, [3]float32{0.5}, 0, SampleOptions{}); err == nil {
		t.Error("gather on 1D accepted")
	}
}

func TestIntegerSampling(t *testing.T) {
	tex := mustTex(t, Texture2DDescriptor(RGBA16Sint, 2, 2, false))
	_ = tex.WriteInt(Loc{X: 1, Y: 1}, [4]int32{-5, 7, -32768, 32767})
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter = FilterLinear, FilterLinear // forced to nearest for integers
	v, err := tex.Sample(mustSampler(t, d), [3]float32{0.8, 0.8}, SampleOptions{})
	got := [4]int32{int32(math.Float32bits(v[0])), int32(math.Float32bits(v[1])), int32(math.Float32bits(v[2])), int32(math.Float32bits(v[3]))}
	if err != nil || got != [4]int32{-5, 7, -32768, 32767} {
		t.Errorf("int sample = %v (%v)", got, err)
	}
}

func TestReductionMinMax(t *testing.T) {
	tex := row4(t)
	for _, tc := range []struct {
		r    Reduction
		want float32
	}{{ReductionMinimum, 20}, {ReductionMaximum, 30}, {ReductionWeightedAverage, 27.5}} {
		d := DefaultSamplerDescriptor()
		d.MinFilter, d.MagFilter, d.Reduction = FilterLinear, FilterLinear, tc.r
		v, _ := tex.Sample(mustSampler(t, d), [3]float32{2.25 / 4}, SampleOptions{})
		if v[0] != tc.want {
			t.Errorf("reduction %d = %v, want %v", tc.r, v[0], tc.want)
		}
	}
}

func TestBatchMatchesScalarAndMask(t *testing.T) {
	tex := randomTexture(t, Texture2DDescriptor(RGBA8Unorm_sRGB, 16, 16, true), 3)
	if err := tex.GenerateMipmaps(t.Context()); err != nil {
		t.Fatal(err)
	}
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter, d.MipFilter, d.SAddressMode = FilterLinear, FilterNearest, MipLinear, Repeat
	s := mustSampler(t, d)
	const n = 150
	r := rand.New(rand.NewPCG(1, 1))
	var u, v, lod [n]float32
	for i := range n {
		u[i], v[i], lod[i] = r.Float32()*2-0.5, r.Float32(), r.Float32()*5-1
	}
	mask := []uint64{0xF0F0F0F0F0F0F0F0, 0xFFFFFFFFFFFFFFFF, 0x1}
	var o [4][n]float32
	for c := range o {
		for i := range n {
			o[c][i] = -1
		}
	}
	a := SampleArgs{U: u[:], V: v[:], Mode: LodLevel, Level: lod[:]}
	if err := tex.SampleBatch(s, &a, mask, Out{o[0][:], o[1][:], o[2][:], o[3][:]}); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if !isActive(mask, i) {
			if o[0][i] != -1 || o[3][i] != -1 {
				t.Fatalf("inactive lane %d written", i)
			}
			continue
		}
		want, _ := tex.Sample(s, [3]float32{u[i], v[i]}, SampleOptions{Mode: LodLevel, Level: lod[i]})
		if got := [4]float32{o[0][i], o[1][i], o[2][i], o[3][i]}; got != want {
			t.Fatalf("lane %d: batch %v scalar %v", i, got, want)
		}
	}
	allocs := testing.AllocsPerRun(20, func() {
		_ = tex.SampleBatch(s, &a, mask, Out{o[0][:], o[1][:], o[2][:], o[3][:]})
	})
	if allocs != 0 {
		t.Errorf("SampleBatch allocates %v times per call", allocs)
	}
}

func TestSampleArgErrors(t *testing.T) {
	tex := mustTex(t, Texture2DDescriptor(RGBA8Unorm, 4, 4, false))
	s := mustSampler(t, DefaultSamplerDescriptor())
	u := make([]float32, 4)
	out := Out{u, u, u, u}
	cases := []SampleArgs{
		{U: u, V: u[:2]},
		{U: u, V: u, Bias: u[:2]},
		{U: u, V: u, Mode: LodLevel},
		{U: u, V: u, Mode: LodGradient, DX: [3][]float32{u}},
		{U: u, V: u, Mode: 9},
	}
	for i, a := range cases {
		if err := tex.SampleBatch(s, &a, nil, out); err == nil {
			t.Errorf("case %d accepted", i)
		}
	}
	if err := tex.SampleBatch(s, &SampleArgs{U: u, V: u}, []uint64{}, out); err == nil {
		t.Error("short mask accepted")
	}
	if err := tex.SampleBatch(s, &SampleArgs{U: u, V: u}, nil, Out{R: u}); err == nil {
		t.Error("missing outputs accepted")
	}
	ms := mustTex(t, Descriptor{TextureType: Type2DMultisample, PixelFormat: RGBA8Unorm, Width: 2, Height: 2, SampleCount: 4})
	if _, err := ms.Sample(s, [3]float32{}, SampleOptions{}); err == nil {
		t.Error("sampling a multisample texture accepted")
	}
	if _, err := tex.Sample(s, [3]float32{}, SampleOptions{Mode: LodQuad}); err == nil {
		t.Error("scalar LodQuad accepted")
	}
	// NaN and huge coordinates must not panic.
	for _, c := range []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e30, -1e30} {
		for _, m := range []AddressMode{ClampToEdge, Repeat, MirrorRepeat, MirrorClampToEdge, ClampToZero} {
			d := DefaultSamplerDescriptor()
			d.SAddressMode, d.TAddressMode, d.MinFilter, d.MagFilter = m, m, FilterLinear, FilterLinear
			if _, err := tex.Sample(mustSampler(t, d), [3]float32{c, c}, SampleOptions{}); err != nil {
				t.Error(err)
			}
		}
		cube := faceTexture(t, 2, 1)
		if _, err := cube.Sample(s, [3]float32{c, c, c}, SampleOptions{}); err != nil {
			t.Error(err)
		}
	}
}

// The fast paths must give the same bits as the general path.
func TestFastPathMatchesGeneral(t *testing.T) {
	for _, f := range []PixelFormat{RGBA8Unorm, RGBA8Unorm_sRGB, BGRA8Unorm, BGRA8Unorm_sRGB, RGBA16Float, RGBA32Float, R32Float, Depth32Float, Depth32Float_Stencil8} {
		tex := randomTexture(t, Descriptor{TextureType: Type2DArray, PixelFormat: f, Width: 9, Height: 6, ArrayLength: 2, MipmapLevelCount: 4}, 11)
		switch f { // include infinities and NaN: zero weights must be skipped alike
		case RGBA16Float:
			le.PutUint16(tex.Data()[0:], 0x7c00)
			le.PutUint16(tex.Data()[10:], 0x7e00)
		case RGBA32Float:
			le.PutUint32(tex.Data()[0:], 0x7f800000)
			le.PutUint32(tex.Data()[20:], 0x7fc00000)
		}
		for _, mode := range []AddressMode{ClampToEdge, Repeat, MirrorRepeat, MirrorClampToEdge, ClampToZero, ClampToBorderColor} {
			// Nearest magnification mixes nearest and linear lanes; the last
			// case has every lane linear (trilinear).
			for _, fl := range []struct {
				mip MipFilter
				mag Filter
			}{{MipNotMipmapped, FilterNearest}, {MipNearest, FilterNearest}, {MipLinear, FilterNearest}, {MipLinear, FilterLinear}} {
				mip := fl.mip
				d := DefaultSamplerDescriptor()
				d.MinFilter, d.MagFilter, d.MipFilter = FilterLinear, fl.mag, mip
				d.SAddressMode, d.TAddressMode, d.BorderColor = mode, mode, OpaqueWhite
				s := mustSampler(t, d)
				const n = 100
				r := rand.New(rand.NewPCG(uint64(mode), uint64(mip)))
				var u, v, lod [n]float32
				var arr [n]uint32
				for i := range n {
					u[i], v[i], lod[i], arr[i] = r.Float32()*3-1, r.Float32()*3-1, r.Float32()*5-1, uint32(i%2)
				}
				a := SampleArgs{U: u[:], V: v[:], Array: arr[:], Mode: LodLevel, Level: lod[:], Offset: [3]int32{1, -2}}
				var o1, o2 [4][n]float32
				if err := tex.SampleBatch(s, &a, nil, Out{o1[0][:], o1[1][:], o1[2][:], o1[3][:]}); err != nil {
					t.Fatal(err)
				}
				fastPaths = false
				err := tex.SampleBatch(s, &a, nil, Out{o2[0][:], o2[1][:], o2[2][:], o2[3][:]})
				fastPaths = true
				if err != nil {
					t.Fatal(err)
				}
				for c := range 4 {
					for i := range n {
						if math.Float32bits(o1[c][i]) != math.Float32bits(o2[c][i]) && !(o1[c][i] != o1[c][i] && o2[c][i] != o2[c][i]) {
							t.Fatalf("%v %v %v lane %d ch %d: fast %v general %v", f, mode, mip, i, c, o1[c][i], o2[c][i])
						}
					}
				}
			}
		}
	}
}

// The direct 2D RGBA8 path (no mips, equal min/mag filter) must give the
// general path's bits, with masks, offsets, every address mode, and
// normalized and pixel coordinates.
func TestDirectRGBA8MatchesGeneral(t *testing.T) {
	for _, f := range []PixelFormat{RGBA8Unorm, RGBA8Unorm_sRGB, BGRA8Unorm, BGRA8Unorm_sRGB} {
		for _, mips := range []int{1, 3} {
			tex := randomTexture(t, Descriptor{TextureType: Type2D, PixelFormat: f, Width: 9, Height: 6, ArrayLength: 1, MipmapLevelCount: mips}, 7)
			for _, mode := range []AddressMode{ClampToEdge, Repeat, MirrorRepeat, MirrorClampToEdge, ClampToZero, ClampToBorderColor} {
				for _, filt := range []Filter{FilterNearest, FilterLinear} {
					for _, norm := range []bool{true, false} {
						d := DefaultSamplerDescriptor()
						d.MinFilter, d.MagFilter, d.NormalizedCoordinates = filt, filt, norm
						d.SAddressMode, d.TAddressMode, d.BorderColor = mode, mode, OpaqueWhite
						if !norm {
							d.SAddressMode, d.TAddressMode = ClampToEdge, ClampToZero
						}
						s := mustSampler(t, d)
						const n = 100
						r := rand.New(rand.NewPCG(uint64(mode), uint64(filt)))
						var u, v [n]float32
						scale := float32(1)
						if !norm {
							scale = 9
						}
						// Lanes spread over [-1, 2) sizes (many near or past
						// an edge) and over the texture (whole groups of
						// lanes inside, as vector kernels take them).
						for _, inside := range []bool{false, true} {
							for i := range n {
								u[i], v[i] = (r.Float32()*3-1)*scale, (r.Float32()*3-1)*scale
								if inside {
									u[i], v[i] = r.Float32()*scale*0.8, r.Float32()*scale*1.1
								}
							}
							for _, mask := range [][]uint64{{0xfffffffffff0fff7, 0x0000000ffffffff}, nil} {
								a := SampleArgs{U: u[:], V: v[:], Mode: LodZero, Offset: [3]int32{1, -2}}
								var o1, o2 [4][n]float32
								if err := tex.SampleBatch(s, &a, mask, Out{o1[0][:], o1[1][:], o1[2][:], o1[3][:]}); err != nil {
									t.Fatal(err)
								}
								fastPaths = false
								err := tex.SampleBatch(s, &a, mask, Out{o2[0][:], o2[1][:], o2[2][:], o2[3][:]})
								fastPaths = true
								if err != nil {
									t.Fatal(err)
								}
								for c := range 4 {
									for i := range n {
										if math.Float32bits(o1[c][i]) != math.Float32bits(o2[c][i]) {
											t.Fatalf("%v mips %d %v %v norm %v inside %v mask %v lane %d ch %d: fast %v general %v", f, mips, mode, filt, norm, inside, mask != nil, i, c, o1[c][i], o2[c][i])
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
}
