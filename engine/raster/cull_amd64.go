package raster

import "golang.org/x/sys/cpu"

// useCullAsm selects the AVX2 kernel of assembleList's culling scan.
var useCullAsm = cpu.X86.HasAVX2

// cullListAVX2 culls groups of eight triangles of an index list against
// the post-transform cache's positions (see the assembly for the bits
// of out).
//
//go:noescape
func cullListAVX2(ix *uint32, vc *vpos, groups int, nv int, keepPos, keepNeg uint32, out *uint16) int
