package engine

import "sync"

// drawArena recycles the per-draw arrays of render passes (vertex records,
// vertex outputs, primitive streams) between the passes of a device: a pass
// takes arrays as it draws and gives them all back when it ends, so a frame
// that is drawn again allocates nothing for them.
type drawArena struct {
	mu    sync.Mutex
	bytes [][]byte
	f32   [][]float32
	u32   [][]uint32
	held  int // bytes kept
}

// arenaKeep bounds the bytes an arena keeps between passes, arenaSlices
// the slices of each type.
const (
	arenaKeep   = 256 << 20
	arenaSlices = 64
)

// take removes from free the smallest slice of capacity at least n.
func take[T any](free *[][]T, n int) ([]T, bool) {
	best := -1
	for i, s := range *free {
		if cap(s) >= n && (best < 0 || cap(s) < cap((*free)[best])) {
			best = i
		}
	}
	if best < 0 {
		return nil, false
	}
	s := (*free)[best]
	l := *free
	l[best] = l[len(l)-1]
	l[len(l)-1] = nil
	*free = l[:len(l)-1]
	return s[:n], true
}

// drawScratch is what one pass has taken from its device's arena.
type drawScratch struct {
	a     *drawArena
	bytes [][]byte
	f32   [][]float32
	u32   [][]uint32
}

// bytesN returns n zeroed bytes.
func (s *drawScratch) bytesN(n int) []byte {
	s.a.mu.Lock()
	b, ok := take(&s.a.bytes, n)
	if ok {
		s.a.held -= cap(b)
	}
	s.a.mu.Unlock()
	if ok {
		clear(b)
	} else {
		b = make([]byte, n)
	}
	s.bytes = append(s.bytes, b)
	return b
}

// floats returns n float32s the caller overwrites entirely.
func (s *drawScratch) floats(n int) []float32 {
	s.a.mu.Lock()
	f, ok := take(&s.a.f32, n)
	if ok {
		s.a.held -= 4 * cap(f)
	}
	s.a.mu.Unlock()
	if !ok {
		f = make([]float32, n)
	}
	s.f32 = append(s.f32, f)
	return f
}

// uints returns n uint32s the caller overwrites entirely (or a zero-length
// slice of capacity n to append to, with n < 0 meaning capacity -n).
func (s *drawScratch) uints(n int) []uint32 {
	c := max(n, -n)
	s.a.mu.Lock()
	u, ok := take(&s.a.u32, c)
	if ok {
		s.a.held -= 4 * cap(u)
	}
	s.a.mu.Unlock()
	if !ok {
		u = make([]uint32, c)
	}
	s.u32 = append(s.u32, u)
	if n < 0 {
		return u[:0]
	}
	return u
}

// release gives everything back to the arena, up to arenaKeep bytes.
func (s *drawScratch) release() {
	a := s.a
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, b := range s.bytes {
		if a.held+cap(b) <= arenaKeep && len(a.bytes) < arenaSlices {
			a.bytes = append(a.bytes, b)
			a.held += cap(b)
		}
	}
	for _, f := range s.f32 {
		if a.held+4*cap(f) <= arenaKeep && len(a.f32) < arenaSlices {
			a.f32 = append(a.f32, f)
			a.held += 4 * cap(f)
		}
	}
	for _, u := range s.u32 {
		if a.held+4*cap(u) <= arenaKeep && len(a.u32) < arenaSlices {
			a.u32 = append(a.u32, u)
			a.held += 4 * cap(u)
		}
	}
	s.bytes, s.f32, s.u32 = nil, nil, nil
}
