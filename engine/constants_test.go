package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const constSrc = `
#include <metal_stdlib>
using namespace metal;

constant int  base_index [[function_constant(0)]];
constant int  out_index = base_index + 2;
constant bool use_bias [[function_constant(1)]];
constant bool no_bias = !use_bias;
constant float gain [[function_constant(2)]];

kernel void k(device const float* in   [[buffer(base_index)]],
              device float*       out  [[buffer(out_index)]],
              device const float* bias [[buffer(1), function_constant(use_bias)]],
              device const float* alt  [[buffer(1), function_constant(no_bias)]],
              uint i [[thread_position_in_grid]])
{
    float b = use_bias ? bias[i] : -alt[i];
    out[i] = in[i] * gain + b;
}
`

func TestFunctionConstants(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{})
	for _, useBias := range []bool{true, false} {
		c := engine.NewFunctionConstantValues()
		c.SetConstantValue(0, int32(3))
		c.SetConstantValueByName("use_bias", useBias)
		c.SetConstantValue(2, 2) // an untyped Go constant for a float constant
		p := pipeline(t, d, constSrc, "k", c)
		idx := map[string]int{}
		active := map[string]bool{}
		for _, b := range p.Bindings() {
			idx[b.Name], active[b.Name] = b.Index, b.Active
		}
		if idx["in"] != 3 || idx["out"] != 5 || active["bias"] != useBias || active["alt"] == useBias {
			t.Fatalf("use_bias=%v: bindings %v active %v", useBias, idx, active)
		}
		for _, a := range p.Reflection().Arguments {
			if a.Name == "out" && a.Index != 5 {
				t.Errorf("reflection: out at index %d, want 5", a.Index)
			}
		}
		in, _ := d.NewBufferWithBytes(floatBytes([]float32{1, 2, 3, 4}))
		b1, _ := d.NewBufferWithBytes(floatBytes([]float32{10, 20, 30, 40}))
		out, _ := d.NewBuffer(16)
		cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(4, 1, 1), engine.Sz(4, 1, 1), func(e *engine.ComputeCommandEncoder) {
			e.SetBuffer(in, 0, 3)
			e.SetBuffer(out, 0, 5)
			e.SetBuffer(b1, 0, 1)
		})
		if err := cb.Error(); err != nil {
			t.Fatal(err)
		}
		got := floats(out.Contents())
		for i, x := range []float32{1, 2, 3, 4} {
			want := 2*x + 10*float32(i+1)
			if !useBias {
				want = 2*x - 10*float32(i+1)
			}
			if got[i] != want {
				t.Fatalf("use_bias=%v: out[%d] = %v, want %v", useBias, i, got[i], want)
			}
		}
	}

	// Errors name the constant.
	lib, _ := d.NewLibraryWithSource(constSrc, engine.CompileOptions{})
	fn, _ := lib.Function("k")
	c := engine.NewFunctionConstantValues()
	c.SetConstantValue(0, 1.5)
	c.SetConstantValue(1, true)
	c.SetConstantValue(2, float32(1))
	if _, err := d.NewComputePipelineState(fn, c, engine.ComputePipelineOptions{}); err == nil || !strings.Contains(err.Error(), "base_index") {
		t.Errorf("float for an int index constant: %v", err)
	}
	if err := c.SetConstantValue(0, "three"); err == nil || !strings.Contains(err.Error(), "function constant 0") {
		t.Errorf("string value: %v", err)
	}
}
