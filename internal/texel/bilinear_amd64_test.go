package texel

import (
	"math"
	"testing"
	"unsafe"

	"github.com/ingot-render/ingot/internal/testkit"
)

// The assembly reads bilinearAsmArgs by these offsets.
func TestBilinearAsmLayout(t *testing.T) {
	var a bilinearAsmArgs
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"u", unsafe.Offsetof(a.u), 0}, {"v", unsafe.Offsetof(a.v), 8},
		{"c0", unsafe.Offsetof(a.c0), 16}, {"g", unsafe.Offsetof(a.g), 24},
		{"c2", unsafe.Offsetof(a.c2), 32}, {"a", unsafe.Offsetof(a.a), 40},
		{"data", unsafe.Offsetof(a.data), 48}, {"rgb", unsafe.Offsetof(a.rgb), 56},
		{"wf", unsafe.Offsetof(a.wf), 64}, {"hf", unsafe.Offsetof(a.hf), 68},
		{"ox", unsafe.Offsetof(a.ox), 72}, {"oy", unsafe.Offsetof(a.oy), 76},
		{"mx", unsafe.Offsetof(a.mx), 80}, {"my", unsafe.Offsetof(a.my), 84},
		{"wl", unsafe.Offsetof(a.wl), 88}, {"hl", unsafe.Offsetof(a.hl), 92},
		{"row", unsafe.Offsetof(a.row), 96}, {"base", unsafe.Offsetof(a.base), 100},
	} {
		if c.got != c.want {
			t.Errorf("bilinearAsmArgs.%s at offset %d, the assembly reads %d", c.name, c.got, c.want)
		}
	}
}

// The kernel's unorm8 decode must equal unorm8LUT for every byte.
func TestDecodeUnorm8Asm(t *testing.T) {
	if !useBilinearAsm {
		t.Skip("no AVX2 and FMA on this CPU")
	}
	for c0 := 0; c0 < 256; c0 += 8 {
		var c [8]uint32
		var got [8]float32
		for i := range c {
			c[i] = uint32(c0 + i)
		}
		decodeUnorm8AVX2(&c, &got)
		for i, v := range got {
			if math.Float32bits(v) != math.Float32bits(unorm8LUT[c[i]]) {
				t.Fatalf("byte %d: decode %v, want %v", c[i], v, unorm8LUT[c[i]])
			}
		}
	}
}

// TestAssemblyVEXOnly fails on a legacy-SSE instruction that touches an
// XMM register in the package's AVX2 kernels (an SSE/AVX state transition
// each while the upper YMM halves are dirty) and on a RET without
// VZEROUPPER.
func TestAssemblyVEXOnly(t *testing.T) {
	testkit.CheckAssembly(t, "*_amd64.s", true)
}
