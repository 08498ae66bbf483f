package engine

import (
	"fmt"
	"runtime"
	"sync/atomic"
)

// bufferStore is the storage of a Buffer, referenced by the device's
// buffer table while the Buffer is alive.
type bufferStore struct {
	data  []byte
	label atomic.Value // string
}

// Buffer is device memory (MTLBuffer): bytes at a fixed 64-bit GPU
// address, laid out exactly as Metal lays shader data out. Its contents
// may be read and written by the host between command buffers.
type Buffer struct {
	dev      *Device
	st       *bufferStore
	addr     uint64
	released atomic.Bool
}

// NewBuffer allocates a zeroed buffer of length bytes (MTLDevice
// newBufferWithLength). A length of 0 is an error, as in Metal.
func (d *Device) NewBuffer(length int) (*Buffer, error) {
	if length <= 0 {
		return nil, fmt.Errorf("engine: NewBuffer: length is %d, want > 0", length)
	}
	if length > MaxBufferLength {
		return nil, fmt.Errorf("engine: NewBuffer: length is %d, more than the maximum %d", length, MaxBufferLength)
	}
	return d.newBuffer(make([]byte, length)), nil
}

// NewBufferWithBytes allocates a buffer holding a copy of b (MTLDevice
// newBufferWithBytes).
func (d *Device) NewBufferWithBytes(b []byte) (*Buffer, error) {
	buf, err := d.NewBuffer(len(b))
	if err != nil {
		return nil, fmt.Errorf("engine: NewBufferWithBytes: %w", err)
	}
	copy(buf.st.data, b)
	return buf, nil
}

func (d *Device) newBuffer(data []byte) *Buffer {
	st := &bufferStore{data: data}
	st.label.Store("")
	d.mu.Lock()
	addr := d.nextAddr
	d.nextAddr += (uint64(len(data))+bufferAlign-1)&^(bufferAlign-1) + guardGap
	d.buffers[addr] = st
	d.memGen++
	d.mu.Unlock()
	b := &Buffer{dev: d, st: st, addr: addr}
	runtime.AddCleanup(b, func(addr uint64) { d.removeBuffer(addr) }, addr)
	return b
}

func (d *Device) removeBuffer(addr uint64) {
	d.mu.Lock()
	if _, ok := d.buffers[addr]; ok {
		delete(d.buffers, addr)
		d.memGen++
	}
	d.mu.Unlock()
}

// Device returns the device that created the buffer.
func (b *Buffer) Device() *Device { return b.dev }

// Length returns the buffer's size in bytes.
func (b *Buffer) Length() int { return len(b.st.data) }

// Contents returns the buffer's bytes (MTLBuffer contents): a view, not a
// copy. Do not modify it while a command buffer using the buffer runs.
func (b *Buffer) Contents() []byte { return b.st.data }

// GPUAddress returns the buffer's address in the shaders' address space
// (MTLBuffer gpuAddress). Writing GPUAddress()+offset into another buffer
// gives shaders a device or constant pointer to that byte.
func (b *Buffer) GPUAddress() uint64 { return b.addr }

// Label returns the buffer's debug label.
func (b *Buffer) Label() string { return b.st.label.Load().(string) }

// SetLabel sets the debug label that fault messages use.
func (b *Buffer) SetLabel(s string) {
	b.st.label.Store(s)
	b.dev.mu.Lock()
	b.dev.memGen++
	b.dev.mu.Unlock()
}

// Release removes the buffer from the device's address space now, rather
// than when the Buffer becomes unreachable; shader accesses to its
// addresses fault afterwards. Further binding of a released buffer is an
// error.
func (b *Buffer) Release() {
	if b.released.Swap(true) {
		return
	}
	b.dev.removeBuffer(b.addr)
}
