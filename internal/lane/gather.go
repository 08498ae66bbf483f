package lane

// Strided gathers for the executor's affine loads: lane i reads element
// i*stride of src (stride in elements). Callers check the bounds once:
// src must hold (len(d)-1)*stride + n elements for an n-component gather.

// GatherStrided32 sets d[i] = src[i*stride].
func GatherStrided32(d, src []uint32, stride int) {
	if len(d) == 0 {
		return
	}
	if stride == 4 && len(d) == 64 {
		dp, sp := (*[64]uint32)(d), (*[253]uint32)(src[:253])
		for i := 0; i <= 60; i += 4 {
			dp[i], dp[i+1], dp[i+2], dp[i+3] = sp[4*i], sp[4*i+4], sp[4*i+8], sp[4*i+12]
		}
		return
	}
	src = src[:(len(d)-1)*stride+1]
	for i := range d {
		d[i] = src[i*stride]
	}
}

// ScatterStrided32 sets d[i*stride] = s[i]; d must hold
// (len(s)-1)*stride + 1 elements.
func ScatterStrided32(d, s []uint32, stride int) {
	if len(s) == 0 {
		return
	}
	if stride == 4 && len(s) == 64 { // a float4 component of a full batch
		dp, sp := (*[253]uint32)(d[:253]), (*[64]uint32)(s)
		for i := 0; i <= 60; i += 4 {
			dp[4*i], dp[4*i+4], dp[4*i+8], dp[4*i+12] = sp[i], sp[i+1], sp[i+2], sp[i+3]
		}
		return
	}
	d = d[:(len(s)-1)*stride+1]
	for i, v := range s {
		d[i*stride] = v
	}
}

// GatherStrided2x32 de-interleaves two consecutive components per lane:
// d0[i] = src[i*stride], d1[i] = src[i*stride+1].
func GatherStrided2x32(d0, d1, src []uint32, stride int) {
	if len(d0) == 0 {
		return
	}
	d1 = d1[:len(d0)]
	src = src[:(len(d0)-1)*stride+2]
	for i := range d0 {
		s := src[i*stride : i*stride+2]
		d0[i], d1[i] = s[0], s[1]
	}
}

// GatherStrided3x32 de-interleaves three consecutive components per lane.
func GatherStrided3x32(d0, d1, d2, src []uint32, stride int) {
	if len(d0) == 0 {
		return
	}
	i0 := 0
	if useAVX2 && stride == 4 {
		i0 = gather4x3AVX2(d0, d1, d2, src)
	}
	d1, d2 = d1[:len(d0)], d2[:len(d0)]
	src = src[:(len(d0)-1)*stride+3]
	for i := i0; i < len(d0); i++ {
		s := src[i*stride : i*stride+3]
		d0[i], d1[i], d2[i] = s[0], s[1], s[2]
	}
}

// GatherStrided4x32 de-interleaves four consecutive components per lane
// (a float4 / int4 load).
func GatherStrided4x32(d0, d1, d2, d3, src []uint32, stride int) {
	if len(d0) == 0 {
		return
	}
	if useAVX2 && stride == 4 {
		gather4x4AVX2(d0, d1, d2, d3, src)
		return
	}
	d1, d2, d3 = d1[:len(d0)], d2[:len(d0)], d3[:len(d0)]
	src = src[:(len(d0)-1)*stride+4]
	for i := range d0 {
		s := src[i*stride : i*stride+4]
		d0[i], d1[i], d2[i], d3[i] = s[0], s[1], s[2], s[3]
	}
}
