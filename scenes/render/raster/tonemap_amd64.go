package raster

import (
	"math"
	"sync"

	"golang.org/x/sys/cpu"

	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// useToneAsm selects the AVX2 kernel of toneMapRow.
var useToneAsm = cpu.X86.HasAVX2

// toneConsts are the AVX2 kernel's constants, each in all 8 lanes: the
// float32 constants of kernel.PBRNeutral and kernel.ACESFitted (as Go
// rounds them), then integer masks. The offsets (32 bytes apart) are
// those of tonemap_amd64.s.
type toneConsts [toneConstCount][8]uint32

// The constants' indices in toneConsts (tonemap_amd64.s: 32 bytes each;
// TestToneConstOffsets checks the two agree).
const (
	tcOne       = 0
	tcPBRLow    = 1
	tcPBRQuad   = 2
	tcPBROffset = 3
	tcPBRStart  = 4
	tcPBRD      = 5
	tcPBRDD     = 6
	tcPBRDesat  = 7
	tcACESIn    = 8  // 9, row-major
	tcACESOut   = 17 // 9, row-major
	tcACESA     = 26
	tcACESB     = 27
	tcACESC     = 28
	tcACESD     = 29
	tcACESE     = 30
	tcOneBits   = 31 // integers from here
	tcLowBits   = 32
	tcLowMask   = 33
	tcAlpha     = 34
	tcPerm      = 35

	toneConstCount = 36
)

var toneConstsOnce = sync.OnceValue(func() *toneConsts {
	c := &toneConsts{}
	set := func(i int, v float32) {
		for l := range 8 {
			c[i][l] = math.Float32bits(v)
		}
	}
	// kernel.PBRNeutral's constants, rounded to float32 where it uses
	// them (d*d is one constant there).
	const start = 0.8 - 0.04
	const d = 1 - start
	set(tcOne, 1)
	set(tcPBRLow, 0.08)
	set(tcPBRQuad, 6.25)
	set(tcPBROffset, 0.04)
	set(tcPBRStart, start)
	set(tcPBRD, d)
	set(tcPBRDD, d*d)
	set(tcPBRDesat, 0.15)
	// kernel.ACESFitted's.
	in := [3][3]float32{{0.59719, 0.35458, 0.04823}, {0.07600, 0.90834, 0.01566}, {0.02840, 0.13383, 0.83777}}
	out := [3][3]float32{{1.60475, -0.53108, -0.07367}, {-0.10208, 1.10813, -0.00605}, {-0.00327, -0.07276, 1.07602}}
	for i := range 3 {
		for j := range 3 {
			set(tcACESIn+3*i+j, in[i][j])
			set(tcACESOut+3*i+j, out[i][j])
		}
	}
	set(tcACESA, 0.0245786)
	set(tcACESB, 0.000090537)
	set(tcACESC, 0.983729)
	set(tcACESD, 0.4329510)
	set(tcACESE, 0.238081)
	for l := range 8 {
		c[tcOneBits][l] = math.Float32bits(1)
		c[tcLowBits][l] = srgbFusedLow
		c[tcLowMask][l] = 1<<srgbShift - 1
		c[tcAlpha][l] = 0xff000000
	}
	// The transposed lanes hold pixels 0, 2, 4, 6 | 1, 3, 5, 7.
	c[tcPerm] = [8]uint32{0, 4, 1, 5, 2, 6, 3, 7}
	return c
})

// toneRowAVX2 is toneRowGo over n pixels, n a multiple of 8 (op other
// than TonePBRNeutral and ToneACES: no operator), with the constants c
// and the tables' fused codes; with a memo (not nil), after the
// background's composite from memo groups (memoSlot) and their known
// bytes, memoStep and knownStep bytes a group apart. It returns the
// pixels done: all but from the first group with a pixel to composite
// that known does not mark.
//
//go:noescape
func toneRowAVX2(dst *uint8, src *float32, n int, op kernel.ToneMap, k float32, c *toneConsts, fused *uint32,
	memo *float32, known *uint8, memoStep, knownStep int) int

// toneMapRow composites the background bg (nil: none) behind row y of
// lin (w pixels) and tone maps it into dst: composeRow, then toneRowGo,
// by the AVX2 kernel where the CPU has it (the same bits), which
// composites from the memo or a constant environment's flat group
// itself.
func toneMapRow(dst []uint8, row []float32, w, y int, bg *background, op kernel.ToneMap, k float32, t *srgbTables) {
	n := w &^ 7
	if !useToneAsm || n == 0 {
		toneMapRowGo(dst, row, w, y, bg, op, k, t)
		return
	}
	_, _ = dst[4*w-1], row[4*w-1]
	var memo *float32
	var known *uint8
	memoStep, knownStep := 0, 0
	switch {
	case bg == nil:
	case bg.constant():
		memo, known = &bg.flat[0], &bg.flatKnown
	case bg.hasMemo(w, y):
		g := y * memoGroups(w)
		memo, known, memoStep, knownStep = &bg.memo[24*g], &bg.known[g], 96, 1
	default:
		bg.composeRow(row, w, y, 0, n)
	}
	c := toneConstsOnce()
	for x := 0; x < n; {
		x += toneRowAVX2(&dst[4*x], &row[4*x], n-x, op, k, c, &t.fused[0], memo, known, memoStep, knownStep)
		if x < n {
			// The group at x has pixels the memo does not know.
			bg.memoize(row, w, y, x, x+8)
			g := y*memoGroups(w) + x>>3
			memo, known = &bg.memo[24*g], &bg.known[g]
		}
	}
	if bg != nil {
		bg.composeRow(row, w, y, n, w)
	}
	toneRowGo(dst[4*n:4*w], row[4*n:], op, k, t)
}
