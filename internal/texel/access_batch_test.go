package texel

import (
	"math"
	"testing"
)

func TestReadWriteBatch(t *testing.T) {
	for _, f := range []PixelFormat{RGBA8Unorm, RGBA32Float, R32Float, RGBA16Float, RG8Snorm, RGBA8Uint, R16Sint} {
		tex := mustTex(t, Descriptor{TextureType: Type2DArray, PixelFormat: f, Width: 5, Height: 4, ArrayLength: 2, MipmapLevelCount: 2})
		const n = 70
		var x, y, sl, lvl [n]uint32
		var in, out [4][n]float32
		for i := range n {
			x[i], y[i], sl[i], lvl[i] = uint32(i%6), uint32(i/6%4), uint32(i%3), uint32(i%5/4)
			for c := range 4 {
				v := float32((i*7+c*3)%11) / 10
				if f.Kind().IsInteger() {
					v = math.Float32frombits(uint32(int32(i*3 + c - 20)))
				}
				in[c][i] = v
			}
		}
		a := TexelArgs{X: x[:], Y: y[:], Slice: sl[:], Level: lvl[:]}
		first, err := tex.WriteBatch(&a, nil, Out{in[0][:], in[1][:], in[2][:], in[3][:]})
		if err != nil {
			t.Fatal(err)
		}
		wantFirst := -1
		last := map[int]int{} // texel offset → last lane writing it
		for i := range n {
			o, ok := tex.Offset(Loc{X: x[i], Y: y[i], Slice: sl[i], Level: lvl[i]})
			if !ok && wantFirst < 0 {
				wantFirst = i
			}
			if ok {
				last[o] = i
			}
		}
		if first != wantFirst {
			t.Errorf("%v: first OOB lane %d, want %d", f, first, wantFirst)
		}
		for o, i := range last {
			want := make([]byte, f.BytesPerPixel())
			if f.Kind().IsInteger() {
				encodeInt(f, want, [4]uint32{math.Float32bits(in[0][i]), math.Float32bits(in[1][i]), math.Float32bits(in[2][i]), math.Float32bits(in[3][i])})
			} else {
				encodeFloat(f, want, [4]float32{in[0][i], in[1][i], in[2][i], in[3][i]})
			}
			if got := tex.Data()[o : o+len(want)]; string(got) != string(want) {
				t.Fatalf("%v: texel at %d = % x, want % x (lane %d)", f, o, got, want, i)
			}
		}
		if _, err := tex.ReadBatch(&a, nil, Out{out[0][:], out[1][:], out[2][:], out[3][:]}); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			l := Loc{X: x[i], Y: y[i], Slice: sl[i], Level: lvl[i]}
			_, ok := tex.Offset(l)
			var want [4]float32
			switch {
			case !ok && f.Kind().IsInteger():
				b := oobInt(f)
				want = [4]float32{math.Float32frombits(b[0]), math.Float32frombits(b[1]), math.Float32frombits(b[2]), math.Float32frombits(b[3])}
			case !ok:
				want = oobFloat(f)
			case f.Kind() == KindSint:
				v, _ := tex.ReadInt(l)
				want = [4]float32{math.Float32frombits(uint32(v[0])), math.Float32frombits(uint32(v[1])), math.Float32frombits(uint32(v[2])), math.Float32frombits(uint32(v[3]))}
			case f.Kind() == KindUint:
				v, _ := tex.ReadUint(l)
				want = [4]float32{math.Float32frombits(v[0]), math.Float32frombits(v[1]), math.Float32frombits(v[2]), math.Float32frombits(v[3])}
			default:
				want, _ = tex.ReadFloat(l)
			}
			got := [4]float32{out[0][i], out[1][i], out[2][i], out[3][i]}
			for c := range 4 {
				if math.Float32bits(got[c]) != math.Float32bits(want[c]) {
					t.Fatalf("%v lane %d: batch %v scalar %v", f, i, got, want)
				}
			}
		}
	}
}

func TestReadBatchMaskAndOOB(t *testing.T) {
	tex := mustTex(t, Texture2DDescriptor(R8Unorm, 2, 2, false))
	_ = tex.WriteFloat(Loc{X: 1, Y: 1}, [4]float32{1})
	x := []uint32{1, 1, 2}
	y := []uint32{1}
	r, g, b, a := make([]float32, 3), make([]float32, 3), make([]float32, 3), make([]float32, 3)
	r[1] = -5
	first, err := tex.ReadBatch(&TexelArgs{X: x, Y: y}, []uint64{0b101}, Out{r, g, b, a})
	if err != nil || first != 2 {
		t.Fatalf("first %d err %v", first, err)
	}
	if r[0] != 1 || r[1] != -5 || r[2] != 0 || a[2] != 1 {
		t.Errorf("r %v a %v", r, a)
	}
	allocs := testing.AllocsPerRun(10, func() { _, _ = tex.ReadBatch(&TexelArgs{X: x, Y: y}, nil, Out{r, g, b, a}) })
	if allocs != 0 {
		t.Errorf("ReadBatch allocates %v", allocs)
	}
	allocs = testing.AllocsPerRun(10, func() { _, _ = tex.WriteBatch(&TexelArgs{X: x, Y: y}, []uint64{1}, Out{r, g, b, a}) })
	if allocs != 0 {
		t.Errorf("WriteBatch allocates %v", allocs)
	}
	if _, err := tex.ReadBatch(&TexelArgs{X: x, Y: []uint32{1, 1}}, nil, Out{r, g, b, a}); err == nil {
		t.Error("2-lane Y for 3 lanes accepted")
	}
}
