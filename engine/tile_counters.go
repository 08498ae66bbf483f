package engine

// RenderPassCounters are the device-memory bytes one render pass moved,
// as Metal's GPU counters for tile memory traffic would report them: the
// attachments' load actions (load reads every sample of the attachment's
// level and layers at the format's size), store actions (store writes
// them), multisample resolves (writing the resolve texture's pixels) and
// the visibility results (8 bytes per slot). Clear and dontCare actions
// and memoryless attachments move nothing. ShaderBytesRead and
// ShaderBytesWritten, counted when the pass descriptor's
// CountShaderTraffic is set, are the bytes its vertex, object, mesh,
// fragment and tile functions read and wrote in device buffers and
// textures, atomics included, and the bytes the vertex-descriptor fetch
// read for their [[stage_in]] (tile_traffic.go says what is counted).
type RenderPassCounters struct {
	BytesRead, BytesWritten             int64
	ShaderBytesRead, ShaderBytesWritten int64
}

// attachmentBytes is the device memory of tex's level for the pass's
// layers at the given sample count.
func (p *renderPass) attachmentBytes(tex *Texture, samples int) int64 {
	return int64(p.width) * int64(p.height) * int64(p.layer) * int64(samples) * int64(tex.PixelFormat().BytesPerPixel())
}

// RenderPassCounters returns the counters of the buffer's render passes in
// encoding order, once the buffer has completed (nil before).
func (cb *CommandBuffer) RenderPassCounters() []RenderPassCounters {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	return append([]RenderPassCounters(nil), cb.passCounters...)
}

// passCounters collects the render passes' counters of cmds.
func passCounters(cmds []command) []RenderPassCounters {
	var out []RenderPassCounters
	for _, c := range cmds {
		if p, ok := c.(*renderPass); ok {
			out = append(out, p.counters)
		}
	}
	return out
}
