package engine_test

import (
	"context"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/exec"
)

const moreSrc = `#include <metal_stdlib>
using namespace metal;
constant bool tint [[function_constant(0)]];
constant float level [[function_constant(1)]];
struct P { float2 p [[attribute(0)]]; float4 c [[attribute(1)]]; };
struct V { float4 position [[position]]; float4 color; };
struct VC { float4 position [[position]]; float4 color; float clip [[clip_distance]] [1]; };
struct D { float4 color [[color(0)]]; float depth [[depth(any)]]; };
float4 clip(float2 px) { return float4(px.x / 8.0 - 1.0, 1.0 - px.y / 8.0, 0.5, 1.0); }
vertex V vattr(P in [[stage_in]]) { V o; o.position = clip(in.p); o.color = in.c; return o; }
vertex VC vclip(P in [[stage_in]]) { VC o; o.position = clip(in.p); o.color = in.c; o.clip[0] = in.p.x - 8.0; return o; }
vertex void vwrite(uint vid [[vertex_id]], device uint* out [[buffer(1)]]) { out[vid] = vid * 3 + 1; }
fragment float4 fcolor(V in [[stage_in]]) { return in.color; }
fragment float4 fclip(V in [[stage_in]]) { return in.color; }
fragment float4 fconst(V in [[stage_in]]) { return tint ? float4(level, 0, 0, 1) : in.color; }
fragment D fdepth(V in [[stage_in]]) { D o; o.color = in.color; o.depth = in.position.x / 16.0; return o; }
fragment float4 fspin(V in [[stage_in]], constant uint& n [[buffer(0)]]) {
    float a = 0;
    for (uint i = 0; i != n; i += 2) { a += 1; }
    return float4(a);
}
`

// TestRenderPipelineOptions: vertex-only pipelines that write buffers,
// function constants, reflection, [[clip_distance]] and [[depth]] outputs.
func TestRenderPipelineOptions(t *testing.T) {
	t.Run("rasterization disabled", func(t *testing.T) {
		r := newRenderRig(t, 16, 16, 0, false)
		lib := r.library(moreSrc)
		pl, err := r.pipeline(lib, "vwrite", "", func(d *engine.RenderPipelineDescriptor) { d.RasterizationDisabled = true })
		if err != nil {
			t.Fatal(err)
		}
		out := r.buffer(make([]byte, 4*10))
		if err := r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			e.SetVertexBuffer(out, 0, 1)
			return e.DrawPrimitives(engine.PrimitiveTypePoint, 2, 5)
		}); err != nil {
			t.Fatal(err)
		}
		for i := range 10 {
			want := uint32(0)
			if i >= 2 && i < 7 {
				want = uint32(i*3 + 1)
			}
			if got := binary.LittleEndian.Uint32(out.Contents()[4*i:]); got != want {
				t.Errorf("out[%d] = %d, want %d", i, got, want)
			}
		}
	})
	t.Run("function constants and reflection", func(t *testing.T) {
		r := newRenderRig(t, 16, 16, 0, false)
		lib := r.library(moreSrc)
		fc := engine.NewFunctionConstantValues()
		fc.SetConstantValue(0, true)
		fc.SetConstantValue(1, float32(0.5))
		pl, err := r.pipeline(lib, "vattr", "fconst", func(d *engine.RenderPipelineDescriptor) {
			posColor(d)
			d.FragmentConstants = fc
			d.Reflection = true
		})
		if err != nil {
			t.Fatal(err)
		}
		if pl.VertexReflection() == nil || pl.FragmentReflection() == nil || pl.FragmentReflection().Name != "fconst" {
			t.Errorf("reflection missing: %+v", pl.FragmentReflection())
		}
		if err := r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{0, 1, 0, 1}))), 0, 0)
			return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
		}); err != nil {
			t.Fatal(err)
		}
		if got := r.at(4, 4); got != [4]uint8{128, 0, 0, 255} {
			t.Errorf("specialized pixel %v, want [128 0 0 255]", got)
		}
		if _, err := r.pipeline(lib, "vattr", "fconst", posColor); err == nil || !strings.Contains(err.Error(), "tint") {
			t.Errorf("a missing function constant: %v", err)
		}
	})
	t.Run("clip distance", func(t *testing.T) {
		r := newRenderRig(t, 16, 16, 0, false)
		lib := r.library(moreSrc)
		pl, err := r.pipeline(lib, "vclip", "fclip", posColor)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{1, 0, 0, 1}))), 0, 0)
			return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
		}); err != nil {
			t.Fatal(err)
		}
		if got := r.at(6, 4); got != [4]uint8{} {
			t.Errorf("clipped pixel %v, want untouched", got)
		}
		if got := r.at(10, 4); got != [4]uint8{255, 0, 0, 255} {
			t.Errorf("kept pixel %v, want red", got)
		}
	})
	t.Run("depth output", func(t *testing.T) {
		r := newRenderRig(t, 16, 16, 0, true)
		lib := r.library(moreSrc)
		pl, err := r.pipeline(lib, "vattr", "fdepth", posColor)
		if err != nil {
			t.Fatal(err)
		}
		flat, err := r.pipeline(lib, "vattr", "fcolor", posColor)
		if err != nil {
			t.Fatal(err)
		}
		less := engine.CompareFunctionLess
		ds, _ := r.dev.NewDepthStencilState(&engine.DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true})
		// The [[depth]] draw writes x/16; the full-screen draw at 0.5 then
		// wins only where x/16 > 0.5.
		if err := r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
			e.SetDepthStencilState(ds)
			e.SetRenderPipelineState(pl)
			e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{0, 0, 1, 1}))), 0, 0)
			if err := e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6); err != nil {
				return err
			}
			e.SetRenderPipelineState(flat)
			e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{1, 0, 0, 1}))), 0, 0)
			return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
		}); err != nil {
			t.Fatal(err)
		}
		if got := r.at(3, 3); got != [4]uint8{0, 0, 255, 255} {
			t.Errorf("near the left %v, want blue", got)
		}
		if got := r.at(12, 3); got != [4]uint8{255, 0, 0, 255} {
			t.Errorf("near the right %v, want red", got)
		}
	})
}

// TestRenderCancellation: a runaway fragment loop stops with the command
// buffer's context and with its time budget, naming the function.
func TestRenderCancellation(t *testing.T) {
	r := newRenderRig(t, 64, 64, 0, false)
	lib := r.library(moreSrc)
	pl, err := r.pipeline(lib, "vattr", "fspin", posColor)
	if err != nil {
		t.Fatal(err)
	}
	n := make([]byte, 4)
	binary.LittleEndian.PutUint32(n, 7)
	run := func(ctx context.Context, budget time.Duration) error {
		cb := r.q.CommandBuffer(ctx)
		if budget > 0 {
			cb.SetTimeBudget(budget)
		}
		var pd engine.RenderPassDescriptor
		pd.ColorAttachments[0].Texture = r.color
		e, _ := cb.RenderCommandEncoder(&pd)
		e.SetRenderPipelineState(pl)
		e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{1, 1, 1, 1}))), 0, 0)
		e.SetFragmentBytes(n, 0)
		e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
		e.EndEncoding()
		cb.Commit()
		return cb.WaitUntilCompleted()
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	err = run(ctx, 0)
	var f *exec.Fault
	if !errors.As(err, &f) || f.Kind != exec.FaultCancelled || f.Function != "fspin" {
		t.Errorf("cancelled: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("cancellation took %v", d)
	}
	start = time.Now()
	err = run(context.Background(), 150*time.Millisecond)
	if !errors.As(err, &f) || f.Kind != exec.FaultTimeout || f.Function != "fspin" {
		t.Errorf("time budget: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the time budget took %v", d)
	}
}
