package lower_test

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/lower"
)

// Imageblock slices lower only as the source of a texture write, with a
// member of the explicit imageblock's data or a constant colour index of an
// implicit one; each misuse is reported.
func TestImageblockSliceDiagnostics(t *testing.T) {
	const pre = `#include <metal_stdlib>
using namespace metal;
struct GB { rgba8unorm<half4> albedo; float depth; };
struct Px { half4 c [[color(0)]]; };
`
	for _, tc := range []struct {
		name, body, want string
	}{
		{"explicit ok", "kernel void k(imageblock<GB, imageblock_layout_explicit> ib, texture2d<float, access::write> t [[texture(0)]], ushort2 lid [[thread_position_in_threadgroup]]) { t.write(ib.slice(ib.data(lid)->albedo), uint2(0)); }", ""},
		{"sized ok", "kernel void k(imageblock<GB, imageblock_layout_explicit> ib, texture2d<float, access::write> t [[texture(0)]], ushort2 lid [[thread_position_in_threadgroup]]) { t.write(ib.slice(ib.data(lid)->depth, ushort2(4, 4)), uint2(0)); }", ""},
		{"implicit ok", "kernel void k(imageblock<Px, imageblock_layout_implicit> ib, texture2d<half, access::write> t [[texture(0)]]) { t.write(ib.slice(0), uint2(0)); }", ""},
		{"slice in a variable", "kernel void k(imageblock<Px, imageblock_layout_implicit> ib, texture2d<half, access::write> t [[texture(0)]]) { auto s = ib.slice(0); }", "only supported as the first argument of a texture write"},
		{"no such colour", "kernel void k(imageblock<Px, imageblock_layout_implicit> ib, texture2d<half, access::write> t [[texture(0)]]) { t.write(ib.slice(3), uint2(0)); }", "no member with [[color(3)]]"},
		{"colour not constant", "kernel void k(imageblock<Px, imageblock_layout_implicit> ib, texture2d<half, access::write> t [[texture(0)]], uint i [[thread_index_in_threadgroup]]) { t.write(ib.slice(ushort(i)), uint2(0)); }", "constant colour index"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := compileMSL("slice.metal", pre+tc.body, false)
			if err != nil {
				t.Fatal(err)
			}
			_, err = lower.Entry(prog, prog.Lookup("k"), lower.Options{})
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
