package raster

import "golang.org/x/sys/cpu"

// useDepthAsm selects the AVX2 kernel of the depth tests (depthPiece).
var useDepthAsm = cpu.X86.HasAVX2

// depthRowsAVX2 is depthRowsGo with the edge functions and the weight
// numerators in int32 lanes, eight depth samples of a row at a time, for
// a draw without depth clamping: k holds the piece (depthFits must hold
// for it), c the draw's constants, z points at the piece's first depth
// sample and masks at h words. The weights, depths and compares are
// depthRowsGo's float64 and float32 operations in the same order, so the
// same bits. A sample that does not pass keeps its bits: a group of
// eight (or, at a row's end, four) lanes inside the piece's row is
// rewritten as read; another group at a row's end is stored through a
// mask, which touches no word outside the piece.
//
//go:noescape
func depthRowsAVX2(k *depthKern, c *depthConsts, z *float32, masks *uint64, h int) uint64
