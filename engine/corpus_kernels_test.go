package engine_test

import (
	"context"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// TestCorpusKernels runs compute kernels of real projects from the MSL
// corpus (../shared/msl-corpus, test data only: the sources are read at test
// time and never copied) through the engine on small inputs and compares
// each result with a hand-written Go reference of the same computation.
// The test skips when the corpus is absent.
func TestCorpusKernels(t *testing.T) {
	root := corpusRoot(t)
	libs := &corpusLibs{root: root, m: map[string]*engine.Library{}}
	dev, err := engine.NewDevice(engine.DeviceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range corpusKernels {
		t.Run(k.name, func(t *testing.T) {
			lib := libs.get(t, dev, k.file, k.includes, k.defines)
			fn, err := lib.Function(k.fn)
			if err != nil {
				t.Fatalf("function %q: %v (have %v)", k.fn, err, lib.FunctionNames())
			}
			pipe, err := dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
			if err != nil {
				t.Fatalf("pipeline %q: %v", k.fn, err)
			}
			k.run(t, &kernelRun{t: t, dev: dev, pipe: pipe})
		})
	}
}

// corpusKernel is one kernel of the corpus and the check of its result.
type corpusKernel struct {
	name     string   // subtest name (project/kernel)
	file     string   // path under the corpus root
	includes []string // extra include roots under the corpus root
	defines  []string
	fn       string // the function's host name
	run      func(t *testing.T, r *kernelRun)
}

func corpusRoot(t *testing.T) string {
	t.Helper()
	_, self, _, ok := runtime.Caller(0)
	if !ok {
		t.Skip("cannot locate the test file")
	}
	root := filepath.Join(filepath.Dir(self), "..", "..", "shared", "msl-corpus")
	if _, err := os.Stat(filepath.Join(root, "MANIFEST.tsv")); err != nil {
		t.Skipf("MSL corpus absent (%v)", err)
	}
	return root
}

// corpusLibs compiles each corpus file once per test run.
type corpusLibs struct {
	root string
	mu   sync.Mutex
	m    map[string]*engine.Library
}

func (c *corpusLibs) get(t *testing.T, dev *engine.Device, file string, includes, defines []string) *engine.Library {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if lib, ok := c.m[file]; ok {
		return lib
	}
	path := filepath.Join(c.root, file)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("corpus file absent: %v", err)
	}
	opts := engine.CompileOptions{Defines: defines, IncludeDirs: []string{filepath.Dir(path)}}
	for _, inc := range includes {
		opts.IncludeDirs = append(opts.IncludeDirs, filepath.Join(c.root, inc))
	}
	lib, err := dev.NewLibraryWithFile(path, src, opts)
	if err != nil {
		t.Fatalf("compile %s: %v", file, err)
	}
	c.m[file] = lib
	return lib
}

// kernelRun binds resources to one pipeline and dispatches it.
type kernelRun struct {
	t    *testing.T
	dev  *engine.Device
	pipe *engine.ComputePipelineState
	bufs []func(*engine.ComputeCommandEncoder) error
}

func (r *kernelRun) buffer(index int, data []byte) *engine.Buffer {
	r.t.Helper()
	b, err := r.dev.NewBufferWithBytes(data)
	if err != nil {
		r.t.Fatal(err)
	}
	r.bufs = append(r.bufs, func(e *engine.ComputeCommandEncoder) error { return e.SetBuffer(b, 0, index) })
	return b
}

func (r *kernelRun) bytes(index int, data []byte) {
	r.bufs = append(r.bufs, func(e *engine.ComputeCommandEncoder) error { return e.SetBytes(data, index) })
}

func (r *kernelRun) texture(index int, tex *engine.Texture) {
	r.bufs = append(r.bufs, func(e *engine.ComputeCommandEncoder) error { return e.SetTexture(tex, index) })
}

// dispatch runs threads threads in groups of perGroup (0: the execution width).
func (r *kernelRun) dispatch(threads engine.Size, perGroup engine.Size) {
	r.t.Helper()
	if perGroup == (engine.Size{}) {
		perGroup = engine.Sz(r.pipe.ThreadExecutionWidth(), 1, 1)
		if threads.Height > 1 {
			perGroup = engine.Sz(8, 8, 1)
		}
	}
	cb := r.dev.NewCommandQueue().CommandBuffer(context.Background())
	enc, err := cb.ComputeCommandEncoder()
	if err != nil {
		r.t.Fatal(err)
	}
	must(r.t, enc.SetComputePipelineState(r.pipe))
	for _, bind := range r.bufs {
		must(r.t, bind(enc))
	}
	must(r.t, enc.DispatchThreads(threads, perGroup))
	must(r.t, enc.EndEncoding())
	cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		r.t.Fatalf("dispatch: %v", err)
	}
}

// rgbaTexture makes a w×h RGBA32Float texture holding px (4 floats a texel).
func (r *kernelRun) rgbaTexture(w, h int, px []float32) *engine.Texture {
	r.t.Helper()
	desc := engine.Texture2DDescriptor(engine.PixelFormatRGBA32Float, w, h, false)
	desc.Usage = engine.TextureUsageShaderRead | engine.TextureUsageShaderWrite
	tex, err := r.dev.NewTexture(desc)
	if err != nil {
		r.t.Fatal(err)
	}
	if px != nil {
		must(r.t, tex.ReplaceRegion(engine.Region{Width: w, Height: h, Depth: 1}, 0, 0, f32Bytes(px), 16*w, 0))
	}
	return tex
}

func (r *kernelRun) readTexture(tex *engine.Texture) []float32 {
	r.t.Helper()
	w, h := tex.Width(), tex.Height()
	out := make([]byte, 16*w*h)
	must(r.t, tex.GetBytes(out, 16*w, 0, engine.Region{Width: w, Height: h, Depth: 1}, 0, 0))
	return bytesF32(out)
}

func f32Bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func bytesF32(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

func u32Bytes(v ...uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func u64Bytes(v ...uint64) []byte {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], x)
	}
	return b
}

// f16Bytes encodes v as IEEE half floats (the values must be representable).
func f16Bytes(v []float32) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], f32ToF16(x))
	}
	return b
}

func bytesF16(b []byte) []float32 {
	v := make([]float32, len(b)/2)
	for i := range v {
		v[i] = f16ToF32(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return v
}

// f32ToF16 rounds to nearest even; inputs of the tests are normal halves.
func f32ToF16(f float32) uint16 {
	bits := math.Float32bits(f)
	sign := uint16(bits>>16) & 0x8000
	exp := int(bits>>23&0xff) - 127 + 15
	man := bits & 0x7fffff
	switch {
	case f == 0:
		return sign
	case exp <= 0 || exp >= 31:
		panic("f32ToF16: value outside the normal half range")
	}
	h := uint32(exp)<<10 | man>>13
	rem := man & 0x1fff
	if rem > 0x1000 || rem == 0x1000 && h&1 == 1 {
		h++
	}
	return sign | uint16(h)
}

func f16ToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	man := uint32(h & 0x3ff)
	switch {
	case exp == 0 && man == 0:
		return math.Float32frombits(sign)
	case exp == 0: // subnormal
		return float32(math.Copysign(float64(man)/1024/16384, float64(int32(sign)|1)))
	case exp == 31:
		return math.Float32frombits(sign | 0x7f800000 | man<<13)
	}
	return math.Float32frombits(sign | (exp+112)<<23 | man<<13)
}

// near reports whether got is within abs+rel*|want| of want.
func near(got, want float64, abs, rel float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= abs+rel*math.Abs(want)
}

func checkF32(t *testing.T, what string, got []float32, want []float64, abs, rel float64) {
	t.Helper()
	if len(got) < len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	bad := 0
	for i, w := range want {
		if !near(float64(got[i]), w, abs, rel) {
			if bad < 5 {
				t.Errorf("%s[%d] = %v, want %v", what, i, got[i], w)
			}
			bad++
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d of %d values wrong", what, bad, len(want))
	}
}

// ramp returns n values from lo in steps of step.
func ramp(n int, lo, step float32) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = lo + step*float32(i)
	}
	return v
}

// pixels returns w*h RGBA texels whose channels are multiples of 1/64 in
// [0, 1) (exact in half precision), distinct per texel.
func pixels(w, h int) []float32 {
	px := make([]float32, 4*w*h)
	for i := range w * h {
		px[4*i+0] = float32((i*7)%64) / 64
		px[4*i+1] = float32((i*13+5)%64) / 64
		px[4*i+2] = float32((i*29+11)%64) / 64
		px[4*i+3] = float32(32+(i*3)%32) / 64
	}
	return px
}

// mapUnary returns f applied to each value.
func mapUnary(in []float32, f func(float64) float64) []float64 {
	out := make([]float64, len(in))
	for i, x := range in {
		out[i] = f(float64(x))
	}
	return out
}

// texelMap applies f to every texel of px (4 channels a texel).
func texelMap(px []float32, f func(c [4]float64) [4]float64) []float64 {
	out := make([]float64, len(px))
	for i := 0; i < len(px); i += 4 {
		c := f([4]float64{float64(px[i]), float64(px[i+1]), float64(px[i+2]), float64(px[i+3])})
		copy(out[i:i+4], c[:])
	}
	return out
}

const (
	candleSrc   = "candle/candle-metal-kernels/src/metal_src/"
	harbethSrc  = "harbeth/Sources/Compute/"
	spirvComp   = "spirv-cross/reference/shaders-msl/comp/"
	mlxKernels  = "mlx/mlx/backend/metal/kernels/"
	halfTol     = 4e-3 // relative error of a few half-precision operations
	float32Tol  = 2e-6
	fastMathTol = 2e-5 // fast-math transcendental functions
)

// candleUnary runs one of candle's contiguous unary kernels (dim, input,
// output; each thread handles a strided subset) on float32 data.
func candleUnary(in []float32, ref func(float64) float64, tol float64) func(*testing.T, *kernelRun) {
	return func(t *testing.T, r *kernelRun) {
		n := len(in)
		r.buffer(0, u64Bytes(uint64(n)))
		r.buffer(1, f32Bytes(in))
		out := r.buffer(2, make([]byte, 4*n))
		r.dispatch(engine.Sz(n, 1, 1), engine.Size{})
		checkF32(t, "output", bytesF32(out.Contents()), mapUnary(in, ref), tol, tol)
	}
}

func candleUnaryF16(in []float32, ref func(float64) float64) func(*testing.T, *kernelRun) {
	return func(t *testing.T, r *kernelRun) {
		n := len(in)
		r.buffer(0, u64Bytes(uint64(n)))
		r.buffer(1, f16Bytes(in))
		out := r.buffer(2, make([]byte, 2*n))
		r.dispatch(engine.Sz(n, 1, 1), engine.Size{})
		checkF32(t, "output", bytesF16(out.Contents()), mapUnary(in, ref), 1e-3, 2e-3)
	}
}

// harbethFilter runs a Harbeth filter (output texture 0, input texture 1,
// float parameters in buffers 0…) on an 8×4 image.
func harbethFilter(params []float32, ref func(c [4]float64) [4]float64) func(*testing.T, *kernelRun) {
	return func(t *testing.T, r *kernelRun) {
		const w, h = 8, 4
		px := pixels(w, h)
		out := r.rgbaTexture(w, h, nil)
		r.texture(0, out)
		r.texture(1, r.rgbaTexture(w, h, px))
		for i, p := range params {
			r.buffer(i, f32Bytes([]float32{p}))
		}
		r.dispatch(engine.Sz(w, h, 1), engine.Size{})
		checkF32(t, "texels", r.readTexture(out), texelMap(px, ref), 2e-3, halfTol)
	}
}

func gelu(x float64) float64 {
	if x > 5 {
		return x
	}
	return 0.5 * x * (1 + math.Tanh(math.Sqrt(2/math.Pi)*(x+0.044715*x*x*x)))
}

func dot3(c [4]float64, w [3]float64) float64 { return c[0]*w[0] + c[1]*w[1] + c[2]*w[2] }

var corpusKernels = []corpusKernel{
	{
		name: "apple/add_arrays", file: "apple-samples/Essentials/PerformingCalculationsOnAGPU/MetalComputeBasic/add.metal",
		fn: "add_arrays",
		run: func(t *testing.T, r *kernelRun) {
			a, b := ramp(100, -3, 0.25), ramp(100, 7, -0.5)
			r.buffer(0, f32Bytes(a))
			r.buffer(1, f32Bytes(b))
			out := r.buffer(2, make([]byte, 400))
			r.dispatch(engine.Sz(100, 1, 1), engine.Size{})
			want := make([]float64, 100)
			for i := range want {
				want[i] = float64(a[i] + b[i])
			}
			checkF32(t, "result", bytesF32(out.Contents()), want, 0, 0)
		},
	},
	{
		name: "apple/grayscaleKernel",
		file: "apple-samples/MetalSampleCodeLibrary/RenderWorkflows/ProcessingATextureInAComputeFunction/Renderer/AAPLShaders.metal",
		fn:   "grayscaleKernel",
		run: func(t *testing.T, r *kernelRun) {
			const w, h = 8, 6
			px := pixels(w, h)
			r.texture(0, r.rgbaTexture(w, h, px))
			out := r.rgbaTexture(w, h, nil)
			r.texture(1, out)
			// A grid larger than the texture: the kernel returns early outside.
			r.dispatch(engine.Sz(16, 8, 1), engine.Sz(8, 8, 1))
			checkF32(t, "texels", r.readTexture(out), texelMap(px, func(c [4]float64) [4]float64 {
				g := dot3(c, [3]float64{0.2126, 0.7152, 0.0722})
				return [4]float64{g, g, g, 1}
			}), 2e-3, halfTol)
		},
	},
	{
		name: "thirty-days/add_two_values", file: "thirty-days-of-metal/06/MetalPipelines/MetalPipelines/Shaders.metal",
		fn: "add_two_values",
		run: func(t *testing.T, r *kernelRun) {
			a, b := ramp(40, 1, 1.5), ramp(40, -20, 0.75)
			r.buffer(0, f32Bytes(a))
			r.buffer(1, f32Bytes(b))
			out := r.buffer(2, make([]byte, 160))
			r.dispatch(engine.Sz(40, 1, 1), engine.Size{})
			want := make([]float64, 40)
			for i := range want {
				want[i] = float64(a[i] + b[i])
			}
			checkF32(t, "outputs", bytesF32(out.Contents()), want, 0, 0)
		},
	},
	{
		name: "kodeco/convert_mesh",
		file: "kodeco-met-materials/16-gpu-compute-programming/projects/final/Compute/Compute/Shaders/ConvertMesh.metal",
		fn:   "convert_mesh",
		run: func(t *testing.T, r *kernelRun) {
			// VertexLayout: simd_float3 position, normal (16 bytes each).
			const n = 37
			v := make([]float32, 8*n)
			for i := range v {
				v[i] = float32(i) - 100
			}
			verts := r.buffer(0, f32Bytes(v))
			total := r.buffer(1, u32Bytes(5))
			r.dispatch(engine.Sz(n, 1, 1), engine.Size{})
			want := make([]float64, len(v))
			for i := range want {
				want[i] = float64(v[i])
				if i%8 == 2 {
					want[i] = -want[i]
				}
			}
			checkF32(t, "vertices", bytesF32(verts.Contents()), want, 0, 0)
			if got := binary.LittleEndian.Uint32(total.Contents()); got != 5+n {
				t.Errorf("vertexTotal = %d, want %d", got, 5+n)
			}
		},
	},
	{
		name: "metalpetal/colorConversion", file: "metalpetal/Frameworks/MetalPetal/Shaders/ColorConversionShaders.metal",
		includes: []string{"metalpetal/Frameworks/MetalPetal/Shaders"},
		fn:       "metalpetal::yuv2rgbconvert::colorConversion",
		run: func(t *testing.T, r *kernelRun) {
			const w, h = 4, 4
			y := pixels(w, h)
			cbcr := pixels(w/2, h/2)
			r.texture(0, r.rgbaTexture(w, h, y))
			r.texture(1, r.rgbaTexture(w/2, h/2, cbcr))
			out := r.rgbaTexture(w, h, nil)
			r.texture(2, out)
			// ColorConversion: float3x3 matrix (3 columns of 16 bytes), float3 offset.
			m := [3][3]float32{{1, 1, 1}, {0, -0.344, 1.772}, {1.402, -0.714, 0}}
			off := [3]float32{-0.0625, -0.5, -0.5}
			cc := make([]float32, 16)
			for c := range 3 {
				copy(cc[4*c:4*c+3], m[c][:])
			}
			copy(cc[12:15], off[:])
			r.buffer(0, f32Bytes(cc))
			r.dispatch(engine.Sz(w, h, 1), engine.Sz(4, 4, 1))
			want := make([]float64, 4*w*h)
			for py := range h {
				for px := range w {
					i := py*w + px
					j := (py/2)*(w/2) + px/2
					in := [3]float64{float64(y[4*i]) + float64(off[0]), float64(cbcr[4*j]) + float64(off[1]), float64(cbcr[4*j+1]) + float64(off[2])}
					for row := range 3 {
						for c := range 3 {
							want[4*i+row] += float64(m[c][row]) * in[c]
						}
					}
					want[4*i+3] = 1
				}
			}
			checkF32(t, "texels", r.readTexture(out), want, 1e-6, float32Tol)
		},
	},
	{
		name: "nuomodelviewer/compute_texutre_average", file: "nuomodelviewer/ModelViewer/ViewerFoundation/Meshes/ShaderAverage.metal",
		includes: []string{"nuomodelviewer/ModelViewer/ViewerFoundation"}, defines: []string{"Metal"},
		fn: "compute_texutre_average",
		run: func(t *testing.T, r *kernelRun) {
			const w, h = 6, 5
			acc, latest := pixels(w, h), pixels(h, w)
			accTex := r.rgbaTexture(w, h, acc)
			r.texture(0, accTex)
			r.texture(1, r.rgbaTexture(w, h, latest))
			r.buffer(0, u32Bytes(4))
			r.dispatch(engine.Sz(w, h, 1), engine.Sz(4, 4, 1))
			want := make([]float64, len(acc))
			for i := range want {
				want[i] = (float64(latest[i]) + 3*float64(acc[i])) / 4
			}
			checkF32(t, "accumulated", r.readTexture(accTex), want, 1e-7, float32Tol)
		},
	},
	{
		name: "candle/affine_f32", file: candleSrc + "affine.metal", fn: "affine_f32",
		run: func(t *testing.T, r *kernelRun) {
			in := ramp(50, -4, 0.3)
			r.buffer(0, u64Bytes(50))
			r.buffer(1, f32Bytes([]float32{1.5}))
			r.buffer(2, f32Bytes([]float32{-0.25}))
			r.buffer(3, f32Bytes(in))
			out := r.buffer(4, make([]byte, 200))
			r.dispatch(engine.Sz(50, 1, 1), engine.Size{})
			checkF32(t, "output", bytesF32(out.Contents()), mapUnary(in, func(x float64) float64 { return x*1.5 - 0.25 }), 1e-6, float32Tol)
		},
	},
	{
		name: "candle/elu_f32", file: candleSrc + "affine.metal", fn: "elu_f32",
		run: func(t *testing.T, r *kernelRun) {
			in := ramp(33, -3, 0.2)
			r.buffer(0, u64Bytes(33))
			r.buffer(1, f32Bytes([]float32{0.7}))
			r.buffer(2, f32Bytes(in))
			out := r.buffer(3, make([]byte, 4*33))
			r.dispatch(engine.Sz(33, 1, 1), engine.Size{})
			checkF32(t, "output", bytesF32(out.Contents()), mapUnary(in, func(x float64) float64 {
				if x > 0 {
					return x
				}
				return 0.7 * (math.Exp(x) - 1)
			}), 1e-6, fastMathTol)
		},
	},
	{
		name: "candle/affine_f32_strided", file: candleSrc + "affine.metal", fn: "affine_f32_strided",
		run: func(t *testing.T, r *kernelRun) {
			// A 3×4 transposed view of a 4×3 matrix: dims {3, 4}, strides {1, 3}.
			in := ramp(12, 0, 1)
			r.buffer(0, u64Bytes(12))
			r.buffer(1, u64Bytes(2))
			r.buffer(2, u64Bytes(3, 4))
			r.buffer(3, u64Bytes(1, 3))
			r.buffer(4, f32Bytes([]float32{2}))
			r.buffer(5, f32Bytes([]float32{1}))
			r.buffer(6, f32Bytes(in))
			out := r.buffer(7, make([]byte, 48))
			r.dispatch(engine.Sz(12, 1, 1), engine.Size{})
			want := make([]float64, 12)
			for i := range want {
				row, col := i/4, i%4
				want[i] = 2*float64(in[row*1+col*3]) + 1
			}
			checkF32(t, "output", bytesF32(out.Contents()), want, 0, 0)
		},
	},
	{
		name: "candle/neg_f32", file: candleSrc + "unary.metal", fn: "neg_f32",
		run: candleUnary(ramp(70, -5, 0.17), func(x float64) float64 { return -x }, 0),
	},
	{
		name: "candle/silu_f32", file: candleSrc + "unary.metal", fn: "silu_f32",
		run: candleUnary(ramp(70, -5, 0.17), func(x float64) float64 { return x / (1 + math.Exp(-x)) }, fastMathTol),
	},
	{
		name: "candle/gelu_f32", file: candleSrc + "unary.metal", fn: "gelu_f32",
		run: candleUnary(ramp(70, -5, 0.17), gelu, fastMathTol),
	},
	{
		name: "candle/relu_f32", file: candleSrc + "unary.metal", fn: "relu_f32",
		run: candleUnary(ramp(70, -5, 0.17), func(x float64) float64 { return math.Max(x, 0) }, 0),
	},
	{
		name: "candle/sqrt_f16", file: candleSrc + "unary.metal", fn: "sqrt_f16",
		run: candleUnaryF16(ramp(40, 0.5, 0.25), math.Sqrt),
	},
	{
		name: "candle/copy2d_f32", file: candleSrc + "unary.metal", fn: "copy2d_f32",
		run: func(t *testing.T, r *kernelRun) {
			// Copy a 3×5 block from a source with row stride 7 into a destination of row stride 6.
			src := ramp(3*7, 0, 1)
			r.buffer(0, u64Bytes(3))
			r.buffer(1, u64Bytes(5))
			r.buffer(2, u64Bytes(7))
			r.buffer(3, u64Bytes(6))
			r.buffer(4, f32Bytes(src))
			dst := r.buffer(5, f32Bytes(ramp(18, -1, 0)))
			r.dispatch(engine.Sz(4, 8, 1), engine.Sz(4, 8, 1))
			want := make([]float64, 18)
			for i := range want {
				want[i] = -1
				if row, col := i/6, i%6; col < 5 {
					want[i] = float64(src[row*7+col])
				}
			}
			checkF32(t, "output", bytesF32(dst.Contents()), want, 0, 0)
		},
	},
	{
		name: "candle/cast_u32_f32", file: candleSrc + "cast.metal", fn: "cast_u32_f32",
		run: func(t *testing.T, r *kernelRun) {
			in := []uint32{0, 1, 7, 1 << 20, 123456789, 0xffffffff}
			r.buffer(0, u64Bytes(uint64(len(in))))
			r.buffer(1, u32Bytes(in...))
			out := r.buffer(2, make([]byte, 4*len(in)))
			r.dispatch(engine.Sz(len(in), 1, 1), engine.Size{})
			want := make([]float64, len(in))
			for i, v := range in {
				want[i] = float64(float32(v))
			}
			checkF32(t, "output", bytesF32(out.Contents()), want, 0, 0)
		},
	},
	{
		name: "candle/fill_f32", file: candleSrc + "fill.metal", fn: "fill_f32",
		run: func(t *testing.T, r *kernelRun) {
			out := r.buffer(0, f32Bytes(ramp(20, 9, 0)))
			r.buffer(1, f32Bytes([]float32{-2.5}))
			r.buffer(2, u64Bytes(13))
			r.dispatch(engine.Sz(20, 1, 1), engine.Size{})
			want := make([]float64, 20)
			for i := range want {
				want[i] = 9
				if i < 13 {
					want[i] = -2.5
				}
			}
			checkF32(t, "out", bytesF32(out.Contents()), want, 0, 0)
		},
	},
	{
		name: "mlx/vv_DivModint32", file: mlxKernels + "binary_two.metal", includes: []string{"mlx"}, fn: "vv_DivModint32",
		run: func(t *testing.T, r *kernelRun) {
			// Floor division and the remainder with the divisor's sign (Python's divmod).
			a := []int32{7, -7, 7, -7, 0, 12, -12, 5}
			b := []int32{2, 2, -2, -2, 3, 4, 5, -1}
			n := len(a)
			r.buffer(0, u32Bytes(i32u(a)...))
			r.buffer(1, u32Bytes(i32u(b)...))
			q := r.buffer(2, make([]byte, 4*n))
			m := r.buffer(3, make([]byte, 4*n))
			r.buffer(4, u32Bytes(uint32(n)))
			r.dispatch(engine.Sz(n, 1, 1), engine.Size{})
			for i := range a {
				wq := int32(math.Floor(float64(a[i]) / float64(b[i])))
				wm := a[i] - wq*b[i]
				gq := int32(binary.LittleEndian.Uint32(q.Contents()[4*i:]))
				gm := int32(binary.LittleEndian.Uint32(m.Contents()[4*i:]))
				if gq != wq || gm != wm {
					t.Errorf("divmod(%d, %d) = (%d, %d), want (%d, %d)", a[i], b[i], gq, gm, wq, wm)
				}
			}
		},
	},
	{
		name: "mlx/vvn_DivModfloat32", file: mlxKernels + "binary_two.metal", includes: []string{"mlx"}, fn: "vvn_DivModfloat32",
		run: func(t *testing.T, r *kernelRun) {
			// Two elements a thread (8 / sizeof(float)); an odd size takes the tail path.
			a := ramp(11, -5.5, 1.25)
			b := []float32{2, -2, 1.5, 3, -0.5, 4, 2.5, -3, 1, 2, -1.75}
			n := len(a)
			r.buffer(0, f32Bytes(a))
			r.buffer(1, f32Bytes(b))
			q := r.buffer(2, make([]byte, 4*n))
			m := r.buffer(3, make([]byte, 4*n))
			r.buffer(4, u32Bytes(uint32(n)))
			r.dispatch(engine.Sz((n+1)/2, 1, 1), engine.Size{})
			wq, wm := make([]float64, n), make([]float64, n)
			for i := range a {
				x, y := float64(a[i]), float64(b[i])
				wq[i] = math.Floor(x / y)
				rem := math.Mod(x, y)
				if rem != 0 && (rem < 0) != (y < 0) {
					rem += y
				}
				wm[i] = rem
			}
			checkF32(t, "quotient", bytesF32(q.Contents()), wq, 0, 0)
			checkF32(t, "remainder", bytesF32(m.Contents()), wm, 1e-6, float32Tol)
		},
	},
	{
		name: "mlx/v_Sigmoidfloat32float32", file: mlxKernels + "unary.metal", includes: []string{"mlx"}, fn: "v_Sigmoidfloat32float32",
		run: func(t *testing.T, r *kernelRun) {
			in := ramp(40, -10, 0.5)
			n := len(in)
			r.buffer(0, f32Bytes(in))
			out := r.buffer(1, make([]byte, 4*n))
			r.buffer(2, u32Bytes(uint32(n)))
			r.dispatch(engine.Sz(n, 1, 1), engine.Size{})
			checkF32(t, "out", bytesF32(out.Contents()), mapUnary(in, func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }), 1e-6, fastMathTol)
		},
	},
	{
		name: "mlx/vn_Squareint32int32", file: mlxKernels + "unary.metal", includes: []string{"mlx"}, fn: "vn_Squareint32int32",
		run: func(t *testing.T, r *kernelRun) {
			// Two elements a thread (8 / sizeof(int)), an odd size.
			in := []int32{-7, -3, 0, 1, 5, 46340, -46341, 12, 9}
			n := len(in)
			r.buffer(0, u32Bytes(i32u(in)...))
			out := r.buffer(1, make([]byte, 4*n))
			r.buffer(2, u32Bytes(uint32(n)))
			r.dispatch(engine.Sz((n+1)/2, 1, 1), engine.Size{})
			for i, x := range in {
				if got, want := int32(binary.LittleEndian.Uint32(out.Contents()[4*i:])), x*x; got != want {
					t.Errorf("out[%d] = %d, want %d (wrapping)", i, got, want)
				}
			}
		},
	},
	{
		name: "mlx/v_Selectfloat32", file: mlxKernels + "ternary.metal", includes: []string{"mlx"}, fn: "v_Selectfloat32",
		run: func(t *testing.T, r *kernelRun) {
			const n = 21
			cond := make([]byte, n)
			for i := range cond {
				cond[i] = byte(i % 3 % 2)
			}
			x, y := ramp(n, 0, 1), ramp(n, 100, -2)
			r.buffer(0, cond)
			r.buffer(1, f32Bytes(x))
			r.buffer(2, f32Bytes(y))
			out := r.buffer(3, make([]byte, 4*n))
			r.buffer(4, u32Bytes(n))
			r.dispatch(engine.Sz(n, 1, 1), engine.Size{})
			want := make([]float64, n)
			for i := range want {
				want[i] = float64(y[i])
				if cond[i] != 0 {
					want[i] = float64(x[i])
				}
			}
			checkF32(t, "d", bytesF32(out.Contents()), want, 0, 0)
		},
	},
	{
		name: "mlx/vs_Selectint32", file: mlxKernels + "ternary.metal", includes: []string{"mlx"}, fn: "vs_Selectint32",
		run: func(t *testing.T, r *kernelRun) {
			// The third operand is a scalar (CSCALAR).
			const n = 9
			cond := []byte{1, 0, 0, 1, 1, 0, 1, 0, 1}
			x := []int32{10, 11, 12, 13, 14, 15, 16, 17, 18}
			r.buffer(0, cond)
			r.buffer(1, u32Bytes(i32u(x)...))
			r.buffer(2, u32Bytes(i32u([]int32{-1})...))
			out := r.buffer(3, make([]byte, 4*n))
			r.buffer(4, u32Bytes(n))
			r.dispatch(engine.Sz(n, 1, 1), engine.Size{})
			for i := range n {
				want := int32(-1)
				if cond[i] != 0 {
					want = x[i]
				}
				if got := int32(binary.LittleEndian.Uint32(out.Contents()[4*i:])); got != want {
					t.Errorf("d[%d] = %d, want %d", i, got, want)
				}
			}
		},
	},
	{
		name: "harbeth/C7Exposure", file: harbethSrc + "Color Adjustment/C7Exposure.metal", fn: "C7Exposure",
		run: harbethFilter([]float32{0.5}, func(c [4]float64) [4]float64 {
			s := math.Pow(2, 0.5)
			return [4]float64{c[0] * s, c[1] * s, c[2] * s, c[3]}
		}),
	},
	{
		name: "harbeth/C7Sepia", file: harbethSrc + "Color Adjustment/C7Sepia.metal", fn: "C7Sepia",
		run: harbethFilter([]float32{0.75}, func(c [4]float64) [4]float64 {
			// inColor * matrix: each output channel is the dot product with a column.
			cols := [4][4]float64{{0.3588, 0.7044, 0.1368, 0}, {0.2990, 0.5870, 0.1140, 0}, {0.2392, 0.4696, 0.0912, 0}, {0, 0, 0, 1}}
			var o [4]float64
			for j := range 4 {
				s := 0.0
				for k := range 4 {
					s += c[k] * cols[j][k]
				}
				o[j] = 0.75*s + 0.25*c[j]
			}
			return o
		}),
	},
	{
		name: "harbeth/C7Posterize", file: harbethSrc + "Color Adjustment/C7Posterize.metal", fn: "C7Posterize",
		run: harbethFilter([]float32{5}, func(c [4]float64) [4]float64 {
			var o [4]float64
			for j := range 4 {
				o[j] = math.Floor(c[j]*5+0.5) / 5
			}
			return o
		}),
	},
	{
		name: "harbeth/C7Luminance", file: harbethSrc + "Utility/C7Luminance.metal", fn: "C7Luminance",
		run: harbethFilter([]float32{0.3}, func(c [4]float64) [4]float64 {
			l := dot3(c, [3]float64{0.2125, 0.7154, 0.0721})
			mix := func(x float64) float64 { return l + (x-l)*0.3 }
			return [4]float64{mix(c[0]), mix(c[1]), mix(c[2]), c[3]}
		}),
	},
	{
		name: "harbeth/C7Flip", file: harbethSrc + "Geometric Transform/C7Flip.metal", fn: "C7Flip",
		run: func(t *testing.T, r *kernelRun) {
			const w, h = 8, 4
			px := pixels(w, h)
			out := r.rgbaTexture(w, h, nil)
			r.texture(0, out)
			r.texture(1, r.rgbaTexture(w, h, px))
			r.buffer(0, f32Bytes([]float32{1})) // horizontal
			r.buffer(1, f32Bytes([]float32{0})) // not vertical
			r.dispatch(engine.Sz(w, h, 1), engine.Size{})
			want := make([]float64, len(px))
			for y := range h {
				for x := range w {
					for c := range 4 {
						want[4*(y*w+x)+c] = float64(px[4*(y*w+w-1-x)+c])
					}
				}
			}
			checkF32(t, "texels", r.readTexture(out), want, 0, 0)
		},
	},
	{
		name: "spirv-cross/basic", file: spirvComp + "basic.comp", fn: "main0",
		run: func(t *testing.T, r *kernelRun) {
			// Stream compaction: the vec4s whose dot with (1,5,6,2) exceeds 8.2,
			// in an order that depends on the atomic; compare as a set.
			const n = 64
			in := make([]float32, 4*n)
			for i := range in {
				in[i] = float32((i*37)%11) / 8
			}
			r.buffer(0, f32Bytes(in))
			out := r.buffer(1, make([]byte, 16*n))
			counter := r.buffer(2, u32Bytes(0))
			r.dispatch(engine.Sz(n, 1, 1), engine.Sz(1, 1, 1))
			var want []float32
			for i := range n {
				v := in[4*i : 4*i+4]
				if v[0]+5*v[1]+6*v[2]+2*v[3] > 8.2 {
					want = append(want, v...)
				}
			}
			cnt := int(binary.LittleEndian.Uint32(counter.Contents()))
			if cnt != len(want)/4 {
				t.Fatalf("counter = %d, want %d", cnt, len(want)/4)
			}
			got := bytesF32(out.Contents())[:4*cnt]
			if key := func(v []float32) []float64 { return sortedQuads(v) }; !equalF64(key(got), key(want)) {
				t.Errorf("compacted set differs:\n got %v\nwant %v", got, want)
			}
		},
	},
	{
		name: "spirv-cross/mod", file: spirvComp + "mod.comp", fn: "main0",
		run: func(t *testing.T, r *kernelRun) {
			// out = mod(in, out) (GLSL's floored mod), then the unsigned remainder
			// of the bit patterns, then spvSMod (SPIR-V's signed remainder) of
			// the bit patterns again, each step reading the previous result.
			x := []float32{7.5, -7.5, 3.25, -10, 100.5, -0.75, 9, 2}
			y := []float32{2, 2, -1.5, 3, 7, 0.5, -4, 0.75}
			r.buffer(0, f32Bytes(x))
			out := r.buffer(1, f32Bytes(y))
			r.dispatch(engine.Sz(2, 1, 1), engine.Sz(1, 1, 1))
			got := out.Contents()
			for i := range x {
				v := x[i] - y[i]*float32(math.Floor(float64(x[i]/y[i])))
				bx := math.Float32bits(x[i])
				vu := bx % math.Float32bits(v)
				a, b := int32(bx), int32(vu)
				rem := a - b*(a/b)
				if !(rem == 0 || (a >= 0) == (b >= 0)) {
					rem += b
				}
				if g := int32(binary.LittleEndian.Uint32(got[4*i:])); g != rem {
					t.Errorf("element %d (mod(%v, %v) = %v): got %d, want %d", i, x[i], y[i], v, g, rem)
				}
			}
		},
	},
	{
		name: "spirv-cross/dowhile", file: spirvComp + "dowhile.comp", fn: "main0",
		run: func(t *testing.T, r *kernelRun) {
			// SSBO: float4x4 mvp, float4 in_data[]; out = mvp^16 * in.
			m := [16]float32{0.5, 0.25, 0, 0, 0, 0.5, 0.25, 0, 0, 0, 1, 0, 0.125, 0, 0, 0.75} // column-major
			in := ramp(12, -1, 0.5)
			r.buffer(0, append(f32Bytes(m[:]), f32Bytes(in)...))
			out := r.buffer(1, make([]byte, 48))
			r.dispatch(engine.Sz(3, 1, 1), engine.Sz(1, 1, 1))
			want := make([]float64, 12)
			for v := range 3 {
				x := [4]float64{float64(in[4*v]), float64(in[4*v+1]), float64(in[4*v+2]), float64(in[4*v+3])}
				for range 16 {
					var y [4]float64
					for row := range 4 {
						for c := range 4 {
							y[row] += float64(m[4*c+row]) * x[c]
						}
					}
					x = y
				}
				copy(want[4*v:], x[:])
			}
			checkF32(t, "out_data", bytesF32(out.Contents()), want, 1e-6, 1e-5)
		},
	},
	{
		name: "spirv-cross/shared", file: spirvComp + "shared.comp", fn: "main0",
		run: func(t *testing.T, r *kernelRun) {
			// Each group of 4 reverses its values through threadgroup memory.
			in := ramp(16, 1, 1)
			r.buffer(0, f32Bytes(in))
			out := r.buffer(1, make([]byte, 64))
			r.dispatch(engine.Sz(16, 1, 1), engine.Sz(4, 1, 1))
			want := make([]float64, 16)
			for i := range want {
				want[i] = float64(in[i/4*4+3-i%4])
			}
			checkF32(t, "out_data", bytesF32(out.Contents()), want, 0, 0)
		},
	},
	{
		name: "spirv-cross/insert", file: spirvComp + "insert.comp", fn: "main0",
		run: func(t *testing.T, r *kernelRun) {
			out := r.buffer(0, make([]byte, 16*5))
			r.dispatch(engine.Sz(5, 1, 1), engine.Sz(1, 1, 1))
			want := make([]float64, 20)
			for i := range 5 {
				copy(want[4*i:], []float64{10, 20, 70, 90})
			}
			checkF32(t, "out_data", bytesF32(out.Contents()), want, 0, 0)
		},
	},
}

func i32u(v []int32) []uint32 {
	u := make([]uint32, len(v))
	for i, x := range v {
		u[i] = uint32(x)
	}
	return u
}

// sortedQuads returns the 4-float groups of v, sorted, flattened.
func sortedQuads(v []float32) []float64 {
	q := make([][4]float64, len(v)/4)
	for i := range q {
		for c := range 4 {
			q[i][c] = float64(v[4*i+c])
		}
	}
	sort.Slice(q, func(a, b int) bool {
		for c := range 4 {
			if q[a][c] != q[b][c] {
				return q[a][c] < q[b][c]
			}
		}
		return false
	})
	out := make([]float64, 0, len(v))
	for _, x := range q {
		out = append(out, x[:]...)
	}
	return out
}

func equalF64(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
