package engine_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"
	"time"

	"github.com/ingot-render/ingot/engine"
)

// trafficBenchSrc is a fragment-heavy pass: every pixel of a full-screen
// triangle reads 32 lights from a device buffer, a texel and a constant,
// and stores a word.
const trafficBenchSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; };
vertex VOut full_vs(uint vid [[vertex_id]]) {
    VOut o;
    o.pos = float4(vid == 1 ? 3.0 : -1.0, vid == 2 ? -3.0 : 1.0, 0.5, 1.0);
    return o;
}
struct Light { float4 pos; float4 col; };
fragment float4 lights_fs(VOut in [[stage_in]], device const Light* lights [[buffer(0)]], constant float& gain [[buffer(1)]],
                          device uint* out [[buffer(2)]], texture2d<float, access::read> t [[texture(0)]]) {
    uint2 p = uint2(in.pos.xy);
    float3 c = t.read(p).rgb;
    for (uint i = 0; i < 32; i++) {
        float3 d = lights[i].pos.xyz - float3(in.pos.xy, 0.0);
        c += lights[i].col.rgb * (gain / (1.0 + dot(d, d)));
    }
    out[p.y * 256 + p.x] = as_type<uint>(c.x);
    return float4(c, 1.0);
}
`

// trafficBench is one device with the pass of trafficBenchSrc.
type trafficBench struct {
	dev              *engine.Device
	q                *engine.CommandQueue
	p                *engine.RenderPipelineState
	color, tex       *engine.Texture
	lights, out, one *engine.Buffer
}

func newTrafficBench(tb testing.TB, size, workers int) *trafficBench {
	tb.Helper()
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: workers})
	if err != nil {
		tb.Fatal(err)
	}
	lib, err := dev.NewLibraryWithFile("traffic_bench.metal", []byte(trafficBenchSrc), engine.CompileOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	vf, _ := lib.Function("full_vs")
	ff, _ := lib.Function("lights_fs")
	pd := &engine.RenderPipelineDescriptor{VertexFunction: vf, FragmentFunction: ff}
	pd.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA8Unorm
	tx := &trafficBench{dev: dev, q: dev.NewCommandQueue()}
	if tx.p, err = dev.NewRenderPipelineState(pd); err != nil {
		tb.Fatal(err)
	}
	td := engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm, Width: size, Height: size,
		Usage: engine.TextureUsageRenderTarget | engine.TextureUsageShaderRead}
	if tx.color, err = dev.NewTexture(td); err != nil {
		tb.Fatal(err)
	}
	if tx.tex, err = dev.NewTexture(td); err != nil {
		tb.Fatal(err)
	}
	var l []float32
	for i := range 32 {
		f := float32(i)
		l = append(l, f*7, f*5, 4, 0, 0.01*f, 0.02, 0.03, 0)
	}
	if tx.lights, err = dev.NewBufferWithBytes(floatBytes(l)); err != nil {
		tb.Fatal(err)
	}
	if tx.one, err = dev.NewBufferWithBytes(binary.LittleEndian.AppendUint32(nil, math.Float32bits(40))); err != nil {
		tb.Fatal(err)
	}
	if tx.out, err = dev.NewBuffer(256 * size * 4); err != nil {
		tb.Fatal(err)
	}
	return tx
}

// frame renders the pass once and returns its counters.
func (tx *trafficBench) frame(count bool) (engine.RenderPassCounters, error) {
	cb := tx.q.CommandBuffer(context.Background())
	var pd engine.RenderPassDescriptor
	pd.CountShaderTraffic = count
	pd.ColorAttachments[0].Texture, pd.ColorAttachments[0].LoadAction, pd.ColorAttachments[0].StoreAction = tx.color, engine.LoadActionClear, engine.StoreActionStore
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return engine.RenderPassCounters{}, err
	}
	for _, err := range []error{e.SetRenderPipelineState(tx.p), e.SetFragmentBuffer(tx.lights, 0, 0), e.SetFragmentBuffer(tx.one, 0, 1),
		e.SetFragmentBuffer(tx.out, 0, 2), e.SetFragmentTexture(tx.tex, 0), e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)} {
		if err != nil {
			return engine.RenderPassCounters{}, err
		}
	}
	e.EndEncoding()
	if err := cb.Commit(); err != nil {
		return engine.RenderPassCounters{}, err
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return engine.RenderPassCounters{}, err
	}
	return cb.RenderPassCounters()[0], nil
}

// The fragment-heavy pass's counts: per pixel one texel (4 bytes) and one
// store, plus the lights' uniform loads (once per batch); nothing with
// counting off.
func TestShaderTrafficBenchCounts(t *testing.T) {
	const size = 256
	tx := newTrafficBench(t, size, 2)
	c, err := tx.frame(true)
	if err != nil {
		t.Fatal(err)
	}
	px := int64(size * size)
	if c.ShaderBytesWritten != 4*px || c.ShaderBytesRead <= 4*px || c.ShaderBytesRead > px*(4+32*32+4) {
		t.Errorf("counters %+v: want %d written, %d + the light loads read", c, 4*px, 4*px)
	}
	if c, err = tx.frame(false); err != nil || c.ShaderBytesRead != 0 || c.ShaderBytesWritten != 0 {
		t.Errorf("counting off: %+v, %v", c, err)
	}
}

// BenchmarkShaderTrafficCounting renders the fragment-heavy pass with
// counting off and on in turn, each iteration one frame of each, and
// reports both frame times and their ratio (the cost of counting when
// asked). The cost when not asked is measured against a build without
// the counting hooks (BENCHMARKS.md).
func BenchmarkShaderTrafficCounting(b *testing.B) {
	tx := newTrafficBench(b, 256, 1)
	var off, on time.Duration
	for b.Loop() {
		t0 := time.Now()
		if _, err := tx.frame(false); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := tx.frame(true); err != nil {
			b.Fatal(err)
		}
		off, on = off+t1.Sub(t0), on+time.Since(t1)
	}
	n := float64(b.N)
	b.ReportMetric(float64(off.Microseconds())/1e3/n, "off-ms")
	b.ReportMetric(float64(on.Microseconds())/1e3/n, "on-ms")
	b.ReportMetric(float64(on)/float64(off), "on/off")
}

// BenchmarkShaderTrafficOff renders the fragment-heavy pass with counting
// off on one worker and reports the process CPU time per frame (the A/B
// figure against a build without the hooks).
func BenchmarkShaderTrafficOff(b *testing.B) {
	tx := newTrafficBench(b, 256, 1)
	if _, err := tx.frame(false); err != nil {
		b.Fatal(err)
	}
	cpu := processCPU()
	for b.Loop() {
		if _, err := tx.frame(false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((processCPU()-cpu).Microseconds())/1e3/float64(b.N), "cpu-ms/frame")
}
