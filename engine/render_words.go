package engine

import (
	"math"
	"unsafe"

	"github.com/ingot-render/ingot/engine/raster"
)

// recWords views the stage records rec (size bytes each) as 32-bit words
// in host order, for the word-aligned slot accesses of the fragment stage;
// ok is false when rec's start or size is not 4-byte aligned.
func recWords(rec []byte, size int) (w []uint32, ok bool) {
	if len(rec) < 4 || size%4 != 0 || uintptr(unsafe.Pointer(&rec[0]))%4 != 0 {
		return nil, false
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&rec[0])), len(rec)/4), true
}

// putStrided sets w[i·step] to the bits of v[i] for every i: the stage
// records' transposition, one bounds check for the whole slice.
func putStrided(w []uint32, step int, v []float32) {
	n := len(v)
	if n == 0 {
		return
	}
	_ = w[(n-1)*step]
	p := unsafe.Pointer(unsafe.SliceData(w))
	for i, x := range v {
		*(*uint32)(unsafe.Add(p, 4*i*step)) = math.Float32bits(x)
	}
}

// copyOutputWords is gatherWords' loop: record j (words j·step of w, j
// counted from lo) sends its four position words at po and its varyings
// at offs to vertex i of vo, i = lo + j, or ids[lo+j] − ids[0] when ids is
// not nil. The caller has checked po + 4 and every offs[k] against step;
// the vertex indices are checked here.
func copyOutputWords(vo *raster.VertexOutputs, w []uint32, step, po int, offs []int, lo int, ids []uint32) {
	n := len(offs)
	pos, vary := vo.Position, vo.Varyings
	for j := 0; j+step <= len(w); j += step {
		r := unsafe.Pointer(&w[j])
		i := lo + j/step
		if ids != nil {
			i = int(ids[i] - ids[0])
		}
		d := pos[4*i : 4*i+4 : 4*i+4]
		p := (*[4]uint32)(unsafe.Add(r, 4*po))
		d[0], d[1], d[2], d[3] = math.Float32frombits(p[0]), math.Float32frombits(p[1]), math.Float32frombits(p[2]), math.Float32frombits(p[3])
		if n == 0 {
			continue
		}
		vy := vary[i*n : i*n+n : i*n+n]
		for k, o := range offs {
			vy[k] = math.Float32frombits(*(*uint32)(unsafe.Add(r, 4*o)))
		}
	}
}

// fetch12 copies 12 bytes at byte off of element vids[i] (stride bytes
// each) of src to rec[i·size:]; rec must hold (len(vids)−1)·size + 12
// bytes. It reports false when some element reads past src.
func fetch12(rec []byte, size int, src []byte, stride, off int, vids []uint32) bool {
	if len(vids) == 0 {
		return true
	}
	_ = rec[(len(vids)-1)*size+11]
	d := unsafe.Pointer(unsafe.SliceData(rec))
	for i, v := range vids {
		at := int(v)*stride + off
		if at < 0 || at+12 > len(src) {
			return false
		}
		s := unsafe.Pointer(&src[at])
		p := unsafe.Add(d, i*size)
		*(*[12]byte)(p) = *(*[12]byte)(s)
	}
	return true
}
