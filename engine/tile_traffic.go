package engine

import (
	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/internal/texel"
)

// Shader traffic of a render pass (RenderPassDescriptor.CountShaderTraffic):
// the loads and stores of every stage's functions (vertex, object, mesh,
// fragment and tile) in device and constant buffers (exec.Traffic: active
// lanes × element size per executed instruction), their device-memory
// atomics (the element read by atomics that return the old value, written
// by those that store), and their texture reads, samples and writes (one
// texel of the texture's format per lane and access; filtering
// footprints, mipmaps and caches are not modelled). The stages' own
// records are left out: vertex and fragment records, object payloads,
// mesh grid properties and mesh outputs (mesh_traffic.go). The vertex-
// descriptor fetch of a draw's [[stage_in]] counts as read the bytes of
// every attribute it fetches (the attribute format's size: 12 for
// Float3, 4 for a packed or UChar4 format), once per vertex record, that
// is per vertex, instance and amplification the draw shades, whatever the
// step function (per-instance and constant attributes are fetched for
// every record too). Threadgroup and imageblock memory and
// acceleration-structure traversal are not counted. With counting off no
// counter exists and the executor's hooks test one flag.

// attrBytes is the device bytes one record's fetch reads: the sum of its
// attributes' format sizes.
func (f *stageFetch) attrBytes() int {
	n := 0
	for k := range f.members {
		n += f.members[k].af.bytes()
	}
	return n
}

// shaderTraffic returns the pass's traffic counter, nil unless asked for.
func (p *renderPass) shaderTraffic() *exec.Traffic {
	if !p.desc.CountShaderTraffic {
		return nil
	}
	return &exec.Traffic{}
}

// countTraffic adds the pass's shader traffic to its counters, once every
// runner has closed.
func (r *passRun) countTraffic() {
	if r.traffic == nil {
		return
	}
	rd, wr := r.traffic.Bytes()
	r.pass.counters.ShaderBytesRead += rd
	r.pass.counters.ShaderBytesWritten += wr
	r.traffic = nil
}

// skipOf is the address range of a stage record buffer, which traffic
// counting leaves out.
func skipOf(b exec.Buffer) [2]uint64 { return [2]uint64{b.Addr, b.Addr + uint64(len(b.Data))} }

// countTexels counts one texel of t per lane of g for a texture access.
func countTexels(c *exec.Call, t *texel.Texture, g lane.Mask, write bool) {
	if !c.Counting() {
		return
	}
	n := int64(g.Count()) * int64(t.Format().BytesPerPixel())
	if write {
		c.CountTraffic(0, n)
	} else {
		c.CountTraffic(n, 0)
	}
}
