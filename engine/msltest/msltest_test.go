package msltest_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/msltest"
)

const shading = `
#include <metal_stdlib>
using namespace metal;

struct Material {
    float3 albedo;
    float  roughness;
    bool   metallic;
};

float3 shade(Material m, float3 n, float3 l) {
    float k = max(dot(normalize(n), normalize(l)), 0.0f);
    return m.metallic ? m.albedo * k : m.albedo * k * (1.0f - m.roughness);
}

float lerp1(float a, float b, float t) { return a + (b - a) * t; }
int   lerp1(int a, int b, int t) { return a + (b - a) * t; }

void accumulate(thread float4& acc, float4 v) { acc += v; }

half to_half(float x) { return half(x); }

float2x2 rot(float a) { return float2x2(float2(cos(a), sin(a)), float2(-sin(a), cos(a))); }

namespace util {
    uint popcount_sum(uint a, uint b) { return popcount(a) + popcount(b); }
}

struct Counter {
    uint n;
    void bump(uint by) { n += by; }
};

float sum(device const float* v, uint count) {
    float s = 0.0f;
    for (uint i = 0; i < count; i++) s += v[i];
    return s;
}

kernel void scale(device float* data [[buffer(0)]], constant float* k [[buffer(1)]],
                  uint id [[thread_position_in_grid]]) {
    data[id] *= k[0];
}

uint forever(uint x) { while (x != 0) { x = x * 3u + 1u; if (x == 0) break; } return x; }
`

type material struct {
	Albedo    [3]float32
	Roughness float32
	Metallic  bool
}

func TestCall(t *testing.T) {
	l := msltest.Compile(t, shading)

	var c [3]float32
	m := material{Albedo: [3]float32{1, 0.5, 0.25}, Roughness: 0.5}
	if err := l.Call("shade", &c, m, [3]float32{0, 0, 2}, [3]float32{0, 0, 1}); err != nil {
		t.Fatal(err)
	}
	if c != [3]float32{0.5, 0.25, 0.125} {
		t.Errorf("shade = %v", c)
	}

	var f float32
	if err := l.Call("lerp1(float, float, float)", &f, 1.0, 3.0, 0.25); err != nil {
		t.Fatal(err)
	}
	if f != 1.5 {
		t.Errorf("lerp1 = %v", f)
	}
	if err := l.Call("lerp1", &f, 1.0, 3.0, 0.25); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("ambiguous overload: %v", err)
	}

	acc := [4]float32{1, 2, 3, 4}
	if err := l.Call("accumulate", nil, &acc, [4]float32{1, 1, 1, 1}); err != nil {
		t.Fatal(err)
	}
	if acc != [4]float32{2, 3, 4, 5} {
		t.Errorf("accumulate: acc = %v", acc)
	}

	var h float32
	if err := l.Call("to_half", &h, 0.1); err != nil {
		t.Fatal(err)
	}
	if h != 0.0999755859375 {
		t.Errorf("to_half(0.1) = %v", h)
	}

	var r [2][2]float32
	if err := l.Call("rot", &r, math.Pi/2); err != nil {
		t.Fatal(err)
	}
	if math.Abs(float64(r[0][1]-1)) > 1e-6 || math.Abs(float64(r[1][0]+1)) > 1e-6 {
		t.Errorf("rot(pi/2) = %v", r)
	}

	var u any
	if err := l.Call("util::popcount_sum", &u, uint32(0xff), uint32(7)); err != nil {
		t.Fatal(err)
	}
	if u != uint32(11) {
		t.Errorf("popcount_sum = %v (%T)", u, u)
	}

	ctr := struct{ N uint32 }{N: 5}
	if err := l.Call("Counter::bump", nil, &ctr, uint32(3)); err != nil {
		t.Fatal(err)
	}
	if ctr.N != 8 {
		t.Errorf("Counter::bump: n = %d", ctr.N)
	}

	if err := l.Call("sum", &f, []float32{1, 2, 3, 4.5}, uint32(4)); err != nil {
		t.Fatal(err)
	}
	if f != 10.5 {
		t.Errorf("sum = %v", f)
	}

	// A kernel's body called as a function: built-ins become arguments.
	data := []float32{1, 2, 3}
	k := float32(10)
	if err := l.Map("scale", nil, data, &k, []uint32{0, 2}); err != nil {
		t.Fatal(err)
	}
	if data[0] != 10 || data[1] != 2 || data[2] != 30 {
		t.Errorf("scale: data = %v", data)
	}
}

func TestMap(t *testing.T) {
	l := msltest.Compile(t, shading)
	a := []float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69}
	var got []float32
	if err := l.Map("lerp1(float, float, float)", &got, a, float32(100), float32(0.5)); err != nil {
		t.Fatal(err)
	}
	for i, v := range a {
		if want := v + (100-v)*0.5; got[i] != want {
			t.Fatalf("lerp1[%d] = %v, want %v", i, got[i], want)
		}
	}
}

func TestErrors(t *testing.T) {
	dev, err := engine.NewDevice(engine.DeviceOptions{InstructionBudget: 1 << 16})
	if err != nil {
		t.Fatal(err)
	}
	l, err := msltest.New(shading, msltest.Options{Device: dev})
	if err != nil {
		t.Fatal(err)
	}
	var f float32
	tests := []struct {
		name string
		call func() error
		want string
	}{
		{"unknown", func() error { return l.Call("nope", &f) }, `no function "nope"`},
		{"arity", func() error { return l.Call("to_half", &f) }, "takes 1 arguments"},
		{"type", func() error { return l.Call("to_half", &f, "x") }, "Go string cannot hold MSL float"},
		{"vector width", func() error { return l.Call("shade", nil, material{}, [2]float32{}, [3]float32{}) }, "cannot hold MSL float3"},
		{"struct field", func() error {
			return l.Call("shade", nil, struct{ Colour float32 }{}, [3]float32{}, [3]float32{})
		}, "Go field Colour matches no member"},
		{"void result", func() error { return l.Call("accumulate", &f, &[4]float32{}, [4]float32{}) }, "returns void"},
		{"budget", func() error { return l.Call("forever", &f, uint32(7)) }, "instruction budget"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// Example tests a shading helper from Go: call it with Go values and
// compare the result.
func Example() {
	l, err := msltest.New(`
#include <metal_stdlib>
using namespace metal;

float3 tonemap(float3 c, float exposure) {
    float3 x = c * exposure;
    return x / (1.0f + x);
}
`, msltest.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	var out [3]float32
	if err := l.Call("tonemap", &out, [3]float32{1, 3, 0}, float32(1)); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out)

	// Map runs one thread per element.
	var many [][3]float32
	err = l.Map("tonemap", &many, [][3]float32{{1, 1, 1}, {4, 4, 4}}, float32(0.25))
	fmt.Println(many, err)
	// Output:
	// [0.5 0.75 0]
	// [[0.2 0.2 0.2] [0.5 0.5 0.5]] <nil>
}

func TestDispatch(t *testing.T) {
	l := msltest.Compile(t, `
#include <metal_stdlib>
using namespace metal;
struct Params { float k; uint n; };
kernel void scale2(device float* data [[buffer(0)]], constant Params& p [[buffer(1)]],
                   device atomic_uint* count [[buffer(2)]],
                   uint id [[thread_position_in_grid]]) {
    if (id < p.n) { data[id] *= p.k; atomic_fetch_add_explicit(count, 1u, memory_order_relaxed); }
}
`)
	data := make([]float32, 100)
	for i := range data {
		data[i] = float32(i)
	}
	var count uint32
	if err := l.Dispatch("scale2", engine.Sz(100, 1, 1), engine.Sz(32, 1, 1), data, struct {
		K float32
		N uint32
	}{2, 90}, &count); err != nil {
		t.Fatal(err)
	}
	for i, v := range data {
		want := float32(i)
		if i < 90 {
			want *= 2
		}
		if v != want {
			t.Fatalf("data[%d] = %v, want %v", i, v, want)
		}
	}
	if count != 90 {
		t.Errorf("count = %d", count)
	}
	if err := l.Dispatch("scale2", engine.Sz(100, 1, 1), engine.Sz(32, 1, 1), data); err == nil {
		t.Error("missing arguments accepted")
	}
}
