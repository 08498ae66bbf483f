package exec

import (
	"fmt"
	"sort"

	"github.com/ingot-render/ingot/shaders/ir"
)

// Buffer is one device or constant memory allocation, visible to shaders at
// GPU address Addr (its bytes are Data, laid out exactly as Metal lays them
// out). ReadOnly buffers fault on stores.
type Buffer struct {
	Addr     uint64
	Data     []byte
	ReadOnly bool
	Name     string // for fault messages
}

// Memory is the buffer table through which Device and Constant addresses
// are resolved and bounds checked. It is read-only once built and may be
// shared by any number of dispatches; the buffers' bytes are shared, not
// copied.
type Memory struct {
	bufs []Buffer // sorted by Addr, non-overlapping
}

// NewMemory builds a buffer table. Buffers must not overlap and must not
// start at address 0 (the null pointer).
func NewMemory(bufs ...Buffer) (*Memory, error) {
	m := &Memory{bufs: append([]Buffer(nil), bufs...)}
	sort.Slice(m.bufs, func(i, j int) bool { return m.bufs[i].Addr < m.bufs[j].Addr })
	for i, b := range m.bufs {
		if b.Addr == 0 {
			return nil, fmt.Errorf("exec: buffer %d (%s) at address 0", i, b.Name)
		}
		if b.Addr+uint64(len(b.Data)) < b.Addr {
			return nil, fmt.Errorf("exec: buffer %s wraps the address space", b.Name)
		}
		if i > 0 {
			p := m.bufs[i-1]
			if p.Addr+uint64(len(p.Data)) > b.Addr {
				return nil, fmt.Errorf("exec: buffers %s and %s overlap", p.Name, b.Name)
			}
		}
	}
	return m, nil
}

// WithProgramData returns m plus the read-only data segment of p at
// ir.DataBase (m itself when p has none).
func (m *Memory) WithProgramData(p *ir.Program) (*Memory, error) {
	if len(p.Data) == 0 {
		return m, nil
	}
	var bufs []Buffer
	if m != nil {
		bufs = append(bufs, m.bufs...)
	}
	return NewMemory(append(bufs, Buffer{Addr: ir.DataBase, Data: p.Data, ReadOnly: true, Name: "program constants"})...)
}

// find returns the index of the buffer holding [addr, addr+size), or -1.
func (m *Memory) find(addr uint64, size uint64) int {
	i := sort.Search(len(m.bufs), func(i int) bool { return m.bufs[i].Addr > addr }) - 1
	if i < 0 {
		return -1
	}
	b := &m.bufs[i]
	if addr-b.Addr+size > uint64(len(b.Data)) {
		return -1
	}
	return i
}

// Bytes returns the size bytes at addr, or ok false when they are not all
// inside one buffer. Intrinsics use it for device memory (atomics).
func (m *Memory) Bytes(addr, size uint64) (b []byte, readOnly, ok bool) {
	i := m.find(addr, size)
	if i < 0 {
		return nil, false, false
	}
	buf := &m.bufs[i]
	off := addr - buf.Addr
	return buf.Data[off : off+size : off+size], buf.ReadOnly, true
}

// memCache remembers the last buffer a worker resolved, so that most
// lanes of a batch cost two compares, and the few buffers before it, so
// that code alternating between buffers (a material record, a vertex
// stream, a table) rarely searches the buffer table.
type memCache struct {
	lo, hi uint64 // [lo, hi) of the cached buffer
	data   []byte
	ro     bool
	prev   [3]memEntry // earlier buffers, most recent first
}

// memEntry is one remembered buffer.
type memEntry struct {
	lo, hi uint64
	data   []byte
	ro     bool
}

func (c *memCache) resolve(m *Memory, addr, size uint64) ([]byte, bool) {
	if addr >= c.lo && addr+size <= c.hi && addr+size >= addr {
		return c.data[addr-c.lo:], true
	}
	if addr+size < addr {
		return nil, false
	}
	cur := memEntry{c.lo, c.hi, c.data, c.ro}
	for i := range c.prev {
		e := c.prev[i]
		if addr >= e.lo && addr+size <= e.hi {
			// Swap: e becomes current, the current one takes its place.
			c.prev[i] = cur
			c.lo, c.hi, c.data, c.ro = e.lo, e.hi, e.data, e.ro
			return c.data[addr-c.lo:], true
		}
	}
	i := m.find(addr, size)
	if i < 0 {
		return nil, false
	}
	b := &m.bufs[i]
	if cur.data != nil {
		copy(c.prev[1:], c.prev[:len(c.prev)-1])
		c.prev[0] = cur
	}
	c.lo, c.hi, c.data, c.ro = b.Addr, b.Addr+uint64(len(b.Data)), b.Data, b.ReadOnly
	return c.data[addr-c.lo:], true
}
