package raster

import "golang.org/x/sys/cpu"

// useResolveAsm selects the AVX kernel of resolveRowsF32.
var useResolveAsm = cpu.X86.HasAVX

// resolveF32AVX writes n pixels of ns samples each (ns·4 float32 from
// src) as four float32 each at dst: the samples summed in index order, a
// component per lane, and multiplied by inv (1/ns, a power of two, so the
// product is the quotient).
//
//go:noescape
func resolveF32AVX(dst *byte, src *float32, n, ns int, inv float32)
