package msltest_test

import (
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/msltest"
)

// TestDefaultMemberInitializers: a member's default initializer applies
// wherever no other initializer names it: a declaration without one, a
// braced list that stops short, value-initialization, a constructor that
// leaves the member out, arrays and nested structs.
func TestDefaultMemberInitializers(t *testing.T) {
	l := msltest.Compile(t, `
#include <metal_stdlib>
using namespace metal;
struct Inner { int k = 7; float f; };
struct S {
    float a;
    float b = 2.5f;
    uint c{3};
    float3 d = float3(1.0f, 2.0f, 4.0f);
    Inner in;
};
struct WithCtor {
    float x = 9.0f;
    float y;
    WithCtor(float v) : y(v) {}
};
kernel void k(device float* out [[buffer(0)]], uint gid [[thread_position_in_grid]]) {
    S s;                          // every default
    S t = {10.0f};                // a given, the rest default
    S u = S();                    // value-initialized
    S v{1.0f, 0.5f};              // a and b given
    S arr[2];
    arr[gid & 1u].a = 1.0f;
    WithCtor w(float(gid));
    int i = 0;
    out[i++ + gid * 12u] = s.a + s.b + float(s.c) + s.d.z + float(s.in.k);
    out[i++ + gid * 12u] = t.a + t.b;
    out[i++ + gid * 12u] = u.b + float(u.in.k) + u.in.f;
    out[i++ + gid * 12u] = v.a + v.b + float(v.c);
    out[i++ + gid * 12u] = arr[1].b + float(arr[0].in.k) + arr[0].a + arr[1].a;
    out[i++ + gid * 12u] = w.x + w.y;
}
`)
	const n = 4
	out := make([]float32, 12*n)
	if err := l.Dispatch("k", engine.Sz(n, 1, 1), engine.Sz(4, 1, 1), out); err != nil {
		t.Fatal(err)
	}
	for gid := range n {
		want := []float32{0 + 2.5 + 3 + 4 + 7, 10 + 2.5, 2.5 + 7 + 0, 1 + 0.5 + 3, 2.5 + 7 + 1, 9 + float32(gid)}
		got := out[12*gid : 12*gid+len(want)]
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("thread %d, value %d: %v, want %v", gid, i, got[i], want[i])
			}
		}
	}
}
