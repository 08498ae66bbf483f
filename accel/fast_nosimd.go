//go:build !amd64

package accel

// useSIMDNodes is false off amd64.
const useSIMDNodes = false

// traceFast4SIMD is traceFast4 where archsimd is unavailable (never called:
// useSIMDNodes is false).
func traceFast4SIMD(s *Structure, r *levelRay, tmin, tmax float32, cull int8, anyHit bool, stack *[stackSize]stackEntry) fastHit {
	return traceFast4(s, r, tmin, tmax, cull, anyHit, stack)
}

// slab4 is the portable form of fast_simd.go's slab4: the same operations
// as run's inline scalar test (used by TraceBatch's instance level).
func slab4(n *node4, r *levelRay, tminb, tmaxb int32) (uint, [4]int32) {
	var m uint
	var t [4]int32
	for i := 0; i < 4; i++ {
		t0 := max(fbits((n.b[r.nx+i]-r.o[0])*r.ix), fbits((n.b[r.ny+i]-r.o[1])*r.iy), fbits((n.b[r.nz+i]-r.o[2])*r.iz), tminb)
		t1 := min(min(fbits((n.b[r.fx+i]-r.fo[0])*r.ix), fbits((n.b[r.fy+i]-r.fo[1])*r.iy), fbits((n.b[r.fz+i]-r.fo[2])*r.iz))+robustULPs, tmaxb)
		if t0 <= t1 {
			m |= 1 << i
		}
		t[i] = t0
	}
	return m, t
}

// clearUpper clears the AVX upper state here too: the executor's
// assembly lane kernels run AVX code, and scalar SSE code after a dirty
// upper state (an asynchronous preemption can leave one) ran the ray
// setup 2× slower on the test host.
func clearUpper() { vzeroupper() }

// leaf4 is leaf over leaf ni in kc form (leaf4.go): without the SIMD
// kernels no structure has grouped triangles, so it is never called; it
// tests them one at a time.
func (h *fastHit) leaf4(s *Structure, f *fastTri, ni int32, anyHit bool) bool {
	v := int(^ni)
	g0, cnt := v>>leafShift, v&maxLeafSize
	return h.leafGrouped(s, f, ^(int32(4*g0)<<leafShift | int32(cnt)), anyHit)
}

// useTraceKernel is false off amd64 (no assembly traversal kernel).
const useTraceKernel = false

// traceFastKernel is never called off amd64 (useTraceKernel is false).
func traceFastKernel(s *Structure, r *levelRay, tmin, tmax float32, cull int8, anyHit bool, stack *[stackSize]stackEntry) fastHit {
	return traceFast4(s, r, tmin, tmax, cull, anyHit, stack)
}

// directState is the single-ray kernel state: none off amd64.
type directState struct{}

// Intersect traces one ray through s and stores the closest accepted hit
// (or, with Options.AcceptAny, the first) in h. fn decides candidates; with
// a nil fn non-opaque triangles are accepted and bounding boxes rejected.
// It uses lane 0 of tr and does not allocate.
func (tr *Traverser) Intersect(s *Structure, o *Options, r *Ray, fn IntersectionFunc, h *Hit) {
	if tr.directOK && o != nil && s == tr.s && o.same(&tr.directOpts) && !disableFast4 {
		// The previous call's structure and options, which went straight
		// to the direct path: setup would set what it set.
		tr.overflow = false
		tr.running, tr.waiting = 0, 0
		tr.lanes[0].state = laneIdle
		tr.traceDirect(s, tr.directCull, r, h)
		return
	}
	tr.intersect(s, o, r, fn, h)
}

// traceDirect traces one ray through s and writes its result: with the Go
// loops off amd64 (traceDirectGo).
func (tr *Traverser) traceDirect(s *Structure, cull int8, ray *Ray, h *Hit) {
	tr.traceDirectGo(s, cull, &ray.Origin, &ray.Direction, ray.MinDistance, ray.MaxDistance, h)
}

// trace is never called off amd64 (useTraceKernel is false).
func (ds *directState) trace(s *Structure, cull int8, ray *Ray, anyHit bool, stack *[stackSize]stackEntry) (fastHit, bool) {
	return fastHit{}, false
}

// traceSingleKernel is never called off amd64 (useTraceKernel is false).
func (tr *Traverser) traceSingleKernel(s, child *Structure, idx uint32, rb *RayBatch, cull int8, frontNeg bool) {
}

// kslot is the assembly stream kernel's slot: none off amd64.
type kslot struct{}

// kqueue is the assembly stream kernel's work: none off amd64.
type kqueue struct{}

func (ks *kslot) init(r *levelRay, tmin, tmax float32, cull int8) {}

func (ks *kslot) setStructure(s *Structure) {}

// streamLanesKernel is never called off amd64 (useTraceKernel is false).
func (tr *Traverser) streamLanesKernel(s *Structure, run uint64) { tr.streamLanes4(s, run) }

// streamLevel is never called off amd64 (useTraceKernel is false).
func (tr *Traverser) streamLevel(s *Structure, run uint64, level int, frontNeg bool, idx uint32) {}

// primStreamLanes is never called off amd64 (useTraceKernel is false).
func (tr *Traverser) primStreamLanes(s *Structure, rb *RayBatch) {}
