//go:build ingot_denormcensus

package lane

import "golang.org/x/sys/cpu"

func xinuse() uint64
func cpuidXGETBV1() bool

// hasXinuse says whether xinuse may be called: the CPU supports XGETBV
// with ECX=1 (and the OS enabled XSAVE).
var hasXinuse = cpu.X86.HasAVX && cpuidXGETBV1()

// upperDirty reports whether the AVX upper state (YMM or ZMM upper halves,
// ZMM16-31, opmasks) is dirty on this thread.
func upperDirty() bool { return hasXinuse && xinuse()&0xe4 != 0 }
