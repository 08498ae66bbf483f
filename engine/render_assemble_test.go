package engine

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ingot-render/ingot/engine/raster"
)

// TestAssembleIndices checks the post-transform numbering of indexed draws
// against a plain reference (the distinct indices in ascending order, the
// stream as positions in that list, restarts kept) for dense and sparse
// streams of both index types, with restarts, on one and several workers
// (streams long enough to be decoded, marked and mapped in parallel).
func TestAssembleIndices(t *testing.T) {
	dev, err := NewDevice(DeviceOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 9))
	type stream struct {
		name string
		idx  []uint32
		u16  bool
	}
	gen := func(n, span, lo int, restarts bool) []uint32 {
		idx := make([]uint32, n)
		for i := range idx {
			idx[i] = uint32(lo + r.IntN(span))
			if restarts && r.IntN(97) == 0 {
				idx[i] = 0xFFFFFFFF
			}
		}
		return idx
	}
	streams := []stream{
		{"short", []uint32{7, 3, 3, 9}, false},
		{"dense", gen(3*40000, 30000, 5, false), false},
		{"dense with restarts", gen(3*40000, 30000, 0, true), false},
		{"dense, base far from 0", gen(3*30000, 20000, 1<<20, true), false},
		{"words at the ends", append(gen(3*20000, 64, 100, false), 100+31, 100+32, 100+95), false},
		{"sparse (map)", []uint32{1 << 30, 5, 1 << 30, 0xFFFFFFFF, 17}, false},
		{"uint16", gen(3*30000, 20000, 3, false), true},
		{"only restarts", []uint32{0xFFFFFFFF, 0xFFFFFFFF}, false},
	}
	for _, s := range streams {
		// The reference numbering.
		restart := uint32(0xFFFFFFFF)
		if s.u16 {
			restart = 0xFFFF
			for i := range s.idx {
				s.idx[i] &= 0xFFFF
			}
		}
		var uniq []uint32
		for _, v := range s.idx {
			if v != restart {
				uniq = append(uniq, v)
			}
		}
		slices.Sort(uniq)
		uniq = slices.Compact(uniq)
		sparse := len(uniq) > 0 && uint64(uniq[len(uniq)-1]-uniq[0]) >= 4*uint64(len(s.idx))+64
		var b []byte
		for _, v := range s.idx {
			if s.u16 {
				b = binary.LittleEndian.AppendUint16(b, uint16(v))
			} else {
				b = binary.LittleEndian.AppendUint32(b, v)
			}
		}
		buf, err := dev.NewBufferWithBytes(append(make([]byte, 8), b...))
		if err != nil {
			t.Fatal(err)
		}
		d := &drawCmd{indexed: true, indexType: IndexTypeUInt32, index: stageSource{buf: buf, off: 8}}
		if s.u16 {
			d.indexType = IndexTypeUInt16
		}
		for _, workers := range []int{1, 2, 5} {
			t.Run(fmt.Sprintf("%s/workers=%d", s.name, workers), func(t *testing.T) {
				sc := drawScratch{a: &drawArena{}}
				defer sc.release()
				const baseVertex = 3
				vids, prims, err := d.assemble(&sc, 0, len(s.idx), baseVertex, workers)
				if err != nil {
					t.Fatal(err)
				}
				if len(vids) != len(uniq) {
					t.Fatalf("%d vertices, want %d", len(vids), len(uniq))
				}
				if !sparse {
					for i, v := range uniq {
						if vids[i] != v+baseVertex {
							t.Fatalf("vertex %d is %d, want %d", i, vids[i], v+baseVertex)
						}
					}
				}
				for i, v := range s.idx {
					switch {
					case v == restart:
						if prims[i] != raster.RestartIndex {
							t.Fatalf("index %d (restart) maps to %d", i, prims[i])
						}
					case int(prims[i]) >= len(vids) || vids[prims[i]] != v+baseVertex:
						t.Fatalf("index %d (%d) maps to vertex %d", i, v, prims[i])
					}
				}
				// Laid out by index where most of the range is used: the
				// same vertices, the stream as index − lo.
				svids, sprims, span, err := d.assembleSlots(&sc, 0, len(s.idx), baseVertex, workers, true)
				if err != nil {
					t.Fatal(err)
				}
				wantSpan := 0
				if n := len(uniq); n > 0 && !sparse {
					if r := int(uniq[n-1]-uniq[0]) + 1; r != n && n*sparseDen >= r*sparseNum {
						wantSpan = r
					}
				}
				if span != wantSpan {
					t.Fatalf("span %d, want %d", span, wantSpan)
				}
				if span == 0 {
					if !slices.Equal(svids, vids) || !slices.Equal(sprims, prims) {
						t.Fatal("without slots, assembleSlots differs from assemble")
					}
					return
				}
				if !slices.Equal(svids, vids) {
					t.Fatal("assembleSlots lists other vertices than assemble")
				}
				for i, v := range s.idx {
					want := v - uniq[0]
					if v == restart {
						want = raster.RestartIndex
					}
					if sprims[i] != want {
						t.Fatalf("index %d (%d) maps to slot %d, want %d", i, v, sprims[i], want)
					}
				}
			})
		}
	}
}

// BenchmarkAssembleIndices times the numbering of a bunny-sized indexed
// draw (208,353 indices of 34,817 vertices in mesh order).
func BenchmarkAssembleIndices(b *testing.B) {
	dev, err := NewDevice(DeviceOptions{Workers: 1})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	const tris, verts = 69451, 34817
	var ib []byte
	for i := range tris {
		c := i * verts / tris
		for range 3 {
			ib = binary.LittleEndian.AppendUint32(ib, uint32(min(verts-1, max(0, c+r.IntN(64)-32))))
		}
	}
	buf, err := dev.NewBufferWithBytes(ib)
	if err != nil {
		b.Fatal(err)
	}
	d := &drawCmd{indexed: true, indexType: IndexTypeUInt32, index: stageSource{buf: buf}}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			arena := &drawArena{}
			for b.Loop() {
				sc := drawScratch{a: arena}
				if _, _, err := d.assemble(&sc, 0, 3*tris, 0, workers); err != nil {
					b.Fatal(err)
				}
				sc.release()
			}
		})
	}
}
