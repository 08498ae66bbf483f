package lower_test

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/lower"
)

// The element rules of imageblock<T, L> kernel arguments (§5.6.3.1,
// §5.6.4): an implicit T is a struct whose members each carry a unique
// [[color(m)]] and an ALU type (no pixel storage types); each misuse is
// reported at the argument.
func TestImageblockArgumentDiagnostics(t *testing.T) {
	const pre = `#include <metal_stdlib>
using namespace metal;
struct Px { half4 c [[color(0)]]; float d [[color(2)]]; };
struct NoColor { half4 c [[color(0)]]; float d; };
struct TwoColor { half4 c [[color(1)]]; float d [[color(1)]]; };
struct PixColor { rgba8unorm<half4> c [[color(0)]]; };
struct Far { half4 c [[color(8)]]; };
`
	for _, tc := range []struct {
		name, body, want string
	}{
		{"implicit ok", "kernel void k(imageblock<Px, imageblock_layout_implicit> ib) {}", ""},
		{"deduced implicit ok", "kernel void k(imageblock<Px> ib) {}", ""},
		{"member without colour", "kernel void k(imageblock<NoColor, imageblock_layout_implicit> ib) {}", "8:63: implicit imageblock argument 'ib': member 'd' of 'NoColor' has no [[color(n)]]"},
		{"colour twice", "kernel void k(imageblock<TwoColor, imageblock_layout_implicit> ib) {}", "8:64: implicit imageblock argument 'ib': member 'd' needs a unique [[color(n)]]"},
		{"colour past 7", "kernel void k(imageblock<Far> ib) {}", "needs a unique [[color(n)]] with n in 0 … 7"},
		{"pixel storage type", "kernel void k(imageblock<PixColor> ib) {}", "member 'c' has type 'rgba8unorm<half4>', want a scalar or vector"},
		{"scalar element", "kernel void k(imageblock<float, imageblock_layout_implicit> ib) {}", "element type 'float' is not a struct"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := compileMSL("ib.metal", pre+tc.body, false)
			if err != nil {
				if tc.want != "" && strings.Contains(err.Error(), tc.want) {
					return
				}
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
