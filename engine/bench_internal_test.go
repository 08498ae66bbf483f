package engine

import (
	"context"
	"encoding/binary"
	"math"
	"testing"
)

// TestBenchKernelsMatchNative runs each benchmark kernel on a small
// problem and compares it with the native version the benchmark times, so
// the ratios compare the same work.
func TestBenchKernelsMatchNative(t *testing.T) {
	bd, err := benchState.device(2)
	if err != nil {
		t.Fatal(err)
	}
	run := func(name string, threads, tg Size, bind func(e *ComputeCommandEncoder)) {
		t.Helper()
		p, err := bd.pipeline(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := bd.run(p, threads, tg, func(e *ComputeCommandEncoder) error { bind(e); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	newBuf := func(b []byte) *Buffer {
		buf, err := bd.dev.NewBufferWithBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		return buf
	}
	near := func(what string, got, want []float32, tol float64) {
		t.Helper()
		for i := range want {
			if d := math.Abs(float64(got[i] - want[i])); d > tol*math.Max(1, math.Abs(float64(want[i]))) || math.IsNaN(float64(got[i])) {
				t.Fatalf("%s[%d] = %v, native %v", what, i, got[i], want[i])
			}
		}
	}

	t.Run("saxpy", func(t *testing.T) {
		x, y := make([]float32, 1000), make([]float32, 1000)
		for i := range x {
			x[i], y[i] = float32(i)*0.25, float32(i%7)
		}
		bx, by := newBuf(f32bytes(x)), newBuf(f32bytes(y))
		var a [4]byte
		binary.LittleEndian.PutUint32(a[:], math.Float32bits(benchSaxpyA))
		run("saxpy", Sz(1000, 1, 1), Sz(256, 1, 1), func(e *ComputeCommandEncoder) {
			e.SetBuffer(bx, 0, 0)
			e.SetBuffer(by, 0, 1)
			e.SetBytes(a[:], 2)
		})
		nativeSaxpy(benchSaxpyA, x, y)
		near("y", bytesF32(by.Contents()), y, 0)
	})
	t.Run("blinn-phong", func(t *testing.T) {
		n := phongNormals()[:4*4096]
		nb, out := newBuf(f32bytes(n)), newBuf(make([]byte, 16*4096))
		run("blinn_phong", Sz(4096, 1, 1), Sz(256, 1, 1), func(e *ComputeCommandEncoder) {
			e.SetBuffer(nb, 0, 0)
			e.SetBuffer(out, 0, 1)
			e.SetBytes(benchLight.bytes(), 2)
		})
		want := make([]float32, 4*4096)
		nativePhong(&benchLight, n, want)
		near("color", bytesF32(out.Contents()), want, 1e-4)
	})
	t.Run("mandelbrot", func(t *testing.T) {
		const w = 64
		out := newBuf(make([]byte, 4*w*w))
		var it [4]byte
		binary.LittleEndian.PutUint32(it[:], benchMandelIt)
		run("mandelbrot", Sz(w, w, 1), Sz(16, 16, 1), func(e *ComputeCommandEncoder) {
			e.SetBuffer(out, 0, 0)
			e.SetBytes(it[:], 1)
		})
		want := make([]uint32, w*w)
		nativeMandel(want, w, w, benchMandelIt)
		diff := 0
		for i, v := range want {
			if binary.LittleEndian.Uint32(out.Contents()[4*i:]) != v {
				diff++ // FMA contraction may move a boundary pixel
			}
		}
		if diff > w*w/100 {
			t.Fatalf("%d of %d pixels differ", diff, w*w)
		}
	})
	t.Run("reduce", func(t *testing.T) {
		const n = 8 * benchReducePer
		v := reduceInput()[:n]
		in, partial := newBuf(f32bytes(v)), newBuf(make([]byte, 4*8))
		run("reduce_sum", Sz(n/4, 1, 1), Sz(benchReduceTG, 1, 1), func(e *ComputeCommandEncoder) {
			e.SetBuffer(in, 0, 0)
			e.SetBuffer(partial, 0, 1)
		})
		var sum float32
		for _, p := range bytesF32(partial.Contents()) {
			sum += p
		}
		near("sum", []float32{sum}, []float32{nativeReduce(v)}, 1e-5)
	})
	t.Run("convolve", func(t *testing.T) {
		const w = 64
		img := convImage()[:4*w*w]
		tex, _ := bd.dev.NewTexture(Texture2DDescriptor(PixelFormatRGBA8Unorm, w, w, false))
		if err := tex.ReplaceRegion(Region{Width: w, Height: w, Depth: 1}, 0, 0, img, 4*w, 0); err != nil {
			t.Fatal(err)
		}
		want := make([]float32, 4*w*w)
		nativeConvolve(img, w, w, want)
		for _, k := range []string{"convolve3x3", "convolve_bilinear"} {
			sd := DefaultSamplerDescriptor()
			if k == "convolve_bilinear" {
				sd.MinFilter, sd.MagFilter = SamplerMinMagFilterLinear, SamplerMinMagFilterLinear
			}
			smp, _ := bd.dev.NewSamplerState(sd)
			out := newBuf(make([]byte, 16*w*w))
			run(k, Sz(w, w, 1), Sz(16, 16, 1), func(e *ComputeCommandEncoder) {
				e.SetTexture(tex, 0)
				e.SetSamplerState(smp, 0)
				e.SetBuffer(out, 0, 0)
			})
			near(k, bytesF32(out.Contents()), want, 1e-5)
		}
	})
	_ = context.Background
}
