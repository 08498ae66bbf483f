//go:build linux && amd64

package accel

import (
	"fmt"
	"math/rand/v2"
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// guardedCopy copies src into memory of its own that ends (atEnd) or
// starts right at an inaccessible page, so that a read past that end of
// the array faults.
func guardedCopy[T any](t *testing.T, src []T, atEnd bool) []T {
	if len(src) == 0 {
		return src
	}
	n := len(src) * int(unsafe.Sizeof(src[0]))
	page := os.Getpagesize()
	size := (n + page - 1) / page * page
	mem, err := syscall.Mmap(-1, 0, size+2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mprotect(mem[page+size:], syscall.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	off := page
	if atEnd {
		off = page + size - n
	}
	dst := unsafe.Slice((*T)(unsafe.Pointer(&mem[off])), len(src))
	copy(dst, src)
	return dst
}

// TestKernelsStayInBounds runs the assembly kernels (one-ray and stream,
// both widths, closest and any hit) over structures whose node, leaf-group
// and slot arrays sit flush against inaccessible pages, first at their
// ends and then at their starts: a read outside an array faults (the
// kernels read junk lanes of a node only within it).
func TestKernelsStayInBounds(t *testing.T) {
	if !useSIMDNodes {
		t.Skip("no AVX2/FMA: the kernels are off")
	}
	streamAlways(t)
	rng := rand.New(rand.NewPCG(41, 42))
	for _, width := range []int{4, 8} {
		for _, atEnd := range []bool{true, false} {
			t.Run(fmt.Sprintf("w%d/atEnd=%v", width, atEnd), func(t *testing.T) {
				s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 3000, 0.05), true)}, Build: BuildOptions{Width: width}})
				if s.tri4 == nil || s.kwidth == 0 {
					t.Fatal("no grouped leaves: the kernels would not run")
				}
				s.nodes4 = guardedCopy(t, s.nodes4, atEnd)
				s.nodes8 = guardedCopy(t, s.nodes8, atEnd)
				s.tri4 = guardedCopy(t, s.tri4, atEnd)
				s.ids = guardedCopy(t, s.ids, atEnd)
				tr := NewTraverser()
				var rb RayBatch
				var hb [BatchSize]Hit
				var h Hit
				hits := 0
				for b := 0; b < 400; b++ {
					rb.Active = 0
					for i := 0; i < BatchSize; i++ {
						r := randomRay(rng, -0.2, 1.2)
						rb.Set(i, &r)
						tr.Intersect(s, nil, &r, nil, &h)
					}
					for _, o := range []Options{{}, {AcceptAny: true}} {
						tr.IntersectBatch(s, &o, &rb, nil, &hb)
						for i := range hb {
							if hb[i].Type != HitNone {
								hits++
							}
						}
					}
				}
				if hits == 0 {
					t.Fatal("no ray hit: the test is too weak")
				}
			})
		}
	}
}
