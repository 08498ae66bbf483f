package engine

// meshRecords places a mesh draw's stage records in device address space:
// the object payloads, the mesh grid properties and the mesh output
// records. When the pass counts shader traffic they share one reserved
// block (payloads, properties, then room for the largest output records a
// draw may have), so that one TrafficSkip range leaves all of them out of
// both stages' counts; otherwise each is reserved on its own.
type meshRecords struct {
	base, end            uint64 // the block; 0 when not counting
	payload, props, outs uint64 // offsets in the block
}

// newMeshRecords returns the placement of a draw's records: payloadLen
// bytes of payloads and propsLen of grid properties.
func (r *passRun) newMeshRecords(payloadLen, propsLen int) meshRecords {
	if r.traffic == nil {
		return meshRecords{}
	}
	up := func(n int) uint64 { return (uint64(n) + bufferAlign - 1) &^ (bufferAlign - 1) }
	m := meshRecords{props: up(payloadLen)}
	m.outs = m.props + up(propsLen)
	size := m.outs + maxMeshOutputBytes
	m.base = r.pass.dev.reserveAddr(int(size))
	m.end = m.base + size
	return m
}

// addr returns the address of a record region at offset off of the block
// (or a reservation of size bytes of its own when not counting).
func (m *meshRecords) addr(r *passRun, off uint64, size int) uint64 {
	if m.base == 0 {
		return r.pass.dev.reserveAddr(size)
	}
	return m.base + off
}

// skip is the TrafficSkip range of the draw's dispatches.
func (m *meshRecords) skip() [2]uint64 { return [2]uint64{m.base, m.end} }
