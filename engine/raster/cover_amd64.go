package raster

import "golang.org/x/sys/cpu"

// useCoverAsm selects the AVX2 kernel of blockCoverage.
var useCoverAsm = cpu.X86.HasAVX2

// blockCoverageAVX2 is blockCoverageGo with the edge functions in int32
// lanes, a row of eight pixels at a time: e holds blockCoverage's nine
// values, each of which, and every edge value of the box, must fit in
// int32.
//
//go:noescape
func blockCoverageAVX2(e *[9]int32, w, h int) uint64
