package msltest_test

import (
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/msltest"
)

// TestVariableAssignmentShapes runs shapes of variable assignments the
// executor optimises (dead assignments, unmasked copies, a temporary
// computed straight into its variable) under divergent control flow and
// compares every thread with the same code in Go.
func TestVariableAssignmentShapes(t *testing.T) {
	l := msltest.Compile(t, `
#include <metal_stdlib>
using namespace metal;
kernel void k(device uint* out [[buffer(0)]], uint gid [[thread_position_in_grid]]) {
    uint a = gid * 3u + 1u;
    uint v = a * 5u;            // v's first value, also used below as "a * 5u"
    uint w = v + 1u;
    if (gid % 3u == 0u) {
        v = a + 7u;             // reassigned in a branch; the old value lives on in w
    } else if (gid % 3u == 1u) {
        uint t = a * a;
        v = t;                  // t used after the assignment, before the next one
        w += t;
        v += 1u;
    }
    uint acc = 0u;
    for (uint i = 0u; i < (gid % 4u) + 1u; i++) {
        uint x = v ^ i;         // a loop-local value assigned to a loop-carried variable
        acc += x;
        if ((x & 1u) == 0u) {
            continue;
        }
        v = x + acc;
    }
    uint r = 0u;
    switch (gid % 5u) {
    case 0u:
        r = v;
        break;
    case 1u:
        r = w;                  // falls through
    case 2u:
        r += acc;
        break;
    default:
        r = v + w + acc;
        break;
    }
    out[gid] = r;
}
`)
	const n = 200
	out := make([]uint32, n)
	if err := l.Dispatch("k", engine.Sz(n, 1, 1), engine.Sz(64, 1, 1), out); err != nil {
		t.Fatal(err)
	}
	for gid := uint32(0); gid < n; gid++ {
		a := gid*3 + 1
		v := a * 5
		w := v + 1
		switch gid % 3 {
		case 0:
			v = a + 7
		case 1:
			tt := a * a
			v = tt
			w += tt
			v++
		}
		var acc uint32
		for i := uint32(0); i < gid%4+1; i++ {
			x := v ^ i
			acc += x
			if x&1 == 0 {
				continue
			}
			v = x + acc
		}
		var r uint32
		switch gid % 5 {
		case 0:
			r = v
		case 1:
			r = w
			r += acc
		case 2:
			r += acc
		default:
			r = v + w + acc
		}
		if out[gid] != r {
			t.Fatalf("out[%d] = %d, want %d", gid, out[gid], r)
		}
	}
}
