//go:build !amd64

package raster

var useCoverAsm = false

func blockCoverageAVX2(e *[9]int32, w, h int) uint64 { panic("unreachable") }
