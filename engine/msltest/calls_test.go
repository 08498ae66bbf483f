package msltest_test

import (
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/msltest"
)

// TestUniformParamsAcrossCalls: a function that stays a call (recursive,
// so never inlined) receives a constant reference every call passes
// uniformly, a scalar that one call passes uniformly and another varying,
// and varying values, from divergent call sites. Every thread must get
// what a scalar evaluation gives.
func TestUniformParamsAcrossCalls(t *testing.T) {
	l := msltest.Compile(t, `
#include <metal_stdlib>
using namespace metal;
struct P { uint k; uint scale; uint table[4]; };
uint walk(constant P& p, uint n, uint x) {
    if (n == 0u) {
        return x * p.scale + p.k + p.table[x & 3u];
    }
    return walk(p, n - 1u, x + p.table[n & 3u]);
}
kernel void k(constant P& p [[buffer(0)]], device uint* out [[buffer(1)]], uint gid [[thread_position_in_grid]]) {
    if (gid % 3u == 1u) {
        out[gid] = walk(p, 4u, gid);
    } else {
        out[gid] = walk(p, gid % 5u, 7u) + 1000u;
    }
}
`)
	type P struct {
		K, Scale uint32
		Table    [4]uint32
	}
	p := P{K: 11, Scale: 3, Table: [4]uint32{5, 9, 2, 7}}
	var walk func(n, x uint32) uint32
	walk = func(n, x uint32) uint32 {
		if n == 0 {
			return x*p.Scale + p.K + p.Table[x&3]
		}
		return walk(n-1, x+p.Table[n&3])
	}
	const n = 200
	out := make([]uint32, n)
	if err := l.Dispatch("k", engine.Sz(n, 1, 1), engine.Sz(64, 1, 1), p, out); err != nil {
		t.Fatal(err)
	}
	for gid := uint32(0); gid < n; gid++ {
		want := walk(gid%5, 7) + 1000
		if gid%3 == 1 {
			want = walk(4, gid)
		}
		if out[gid] != want {
			t.Fatalf("out[%d] = %d, want %d", gid, out[gid], want)
		}
	}
}

// TestCallResultIntoVariable: a call's results assigned to a variable
// under a divergent branch (the executor moves them straight into the
// variable under the call's lanes) leave the other lanes' values alone.
func TestCallResultIntoVariable(t *testing.T) {
	l := msltest.Compile(t, `
#include <metal_stdlib>
using namespace metal;
float2 halve(uint n, float2 v) {
    if (n == 0u) {
        return v;
    }
    return halve(n - 1u, v * 0.5f);
}
kernel void k(device float* out [[buffer(0)]], uint gid [[thread_position_in_grid]]) {
    float2 acc = float2(float(gid), 1.0f);
    for (uint i = 0u; i < 3u; i++) {
        if ((gid + i) % 3u == 0u) {
            acc = halve(i + 1u, acc + float2(2.0f));
        }
    }
    out[gid] = acc.x * 1000.0f + acc.y;
}
`)
	const n = 150
	out := make([]float32, n)
	if err := l.Dispatch("k", engine.Sz(n, 1, 1), engine.Sz(64, 1, 1), out); err != nil {
		t.Fatal(err)
	}
	for gid := uint32(0); gid < n; gid++ {
		acc := [2]float32{float32(gid), 1}
		for i := uint32(0); i < 3; i++ {
			if (gid+i)%3 == 0 {
				acc = [2]float32{acc[0] + 2, acc[1] + 2}
				for range i + 1 {
					acc = [2]float32{acc[0] * 0.5, acc[1] * 0.5}
				}
			}
		}
		if want := acc[0]*1000 + acc[1]; out[gid] != want {
			t.Fatalf("out[%d] = %v, want %v", gid, out[gid], want)
		}
	}
}
