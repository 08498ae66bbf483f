package texel

import (
	"testing"
	"unsafe"
)

// The assembly reads float4AsmArgs by these offsets.
func TestBilinearF4AsmLayout(t *testing.T) {
	var a float4AsmArgs
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"u", unsafe.Offsetof(a.u), 0}, {"v", unsafe.Offsetof(a.v), 8},
		{"r", unsafe.Offsetof(a.r), 16}, {"g", unsafe.Offsetof(a.g), 24},
		{"b", unsafe.Offsetof(a.b), 32}, {"a", unsafe.Offsetof(a.a), 40},
		{"data", unsafe.Offsetof(a.data), 48},
		{"wf", unsafe.Offsetof(a.wf), 56}, {"hf", unsafe.Offsetof(a.hf), 60},
		{"ox", unsafe.Offsetof(a.ox), 64}, {"oy", unsafe.Offsetof(a.oy), 68},
		{"mx", unsafe.Offsetof(a.mx), 72}, {"my", unsafe.Offsetof(a.my), 76},
		{"lx", unsafe.Offsetof(a.lx), 80}, {"ly", unsafe.Offsetof(a.ly), 84},
		{"cx", unsafe.Offsetof(a.cx), 88}, {"cy", unsafe.Offsetof(a.cy), 92},
		{"row", unsafe.Offsetof(a.row), 96}, {"base", unsafe.Offsetof(a.base), 100},
	} {
		if c.got != c.want {
			t.Errorf("float4AsmArgs.%s at offset %d, the assembly reads %d", c.name, c.got, c.want)
		}
	}
}
