package engine

import (
	"context"
	_ "embed"
	"encoding/binary"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/internal/fmath"
)

//go:embed bench_kernels.metal
var benchSource string

// Sizes of the benchmark problems.
const (
	benchSaxpyN    = 16 << 20 // floats
	benchPhongN    = 1 << 20  // normals
	benchMandelW   = 1024
	benchMandelIt  = 256
	benchReduceN   = 16 << 20 // floats
	benchConvW     = 1024
	benchReduceTG  = 256
	benchReducePer = 4 * benchReduceTG // floats per threadgroup
)

// The engine's benchmark cases are not part of its API: `ingot bench`
// and the tests get them from internal/benchkit's registry.
func init() { benchkit.AddSource(benchCases) }

// benchCases returns the engine's benchmark cases for `ingot bench` and
// `go test -bench`: each runs an MSL kernel through the whole engine
// (command buffer, encoder, dispatch on the executor) against a
// hand-written scalar Go version of the same work in the same run.
func benchCases() []benchkit.Case {
	var cs []benchkit.Case
	for _, sp := range benchSpecs {
		cs = append(cs, benchkit.Case{Name: sp.name, Unit: sp.unit, PerOp: sp.perOp, Baseline: sp.baseline,
			Ingot: func(b *testing.B, workers int) { benchLoop(b, workers, sp.ingot) },
			Native: func(b *testing.B) {
				step := sp.native()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					step()
				}
			}})
	}
	return append(append(cs, rasterBenchCases()...), meshBenchCases()...)
}

// benchSpec is one benchmark: the engine's setup (returning one run of the
// work) and the native setup (likewise).
type benchSpec struct {
	name, unit string
	perOp      float64
	ingot      func(bd *benchDevice) (func() error, error)
	native     func() func()
	baseline   string // what native is (benchkit.Case.Baseline)
}

var benchSpecs = []benchSpec{
	{"engine/saxpy", "Melem/s", benchSaxpyN, setupSaxpy, nativeSaxpySetup, "scalar Go loop"},
	{"engine/blinn-phong", "Mnormals/s", benchPhongN, setupPhong, nativePhongSetup, "scalar Go, same fast pow"},
	{"engine/mandelbrot", "Mpixels/s", benchMandelW * benchMandelW, setupMandel, nativeMandelSetup, "scalar Go loop"},
	{"engine/reduce", "Melem/s", benchReduceN, setupReduce, nativeReduceSetup, "scalar Go, 8 accumulators"},
	{"engine/convolve", "Mpixels/s", benchConvW * benchConvW,
		func(bd *benchDevice) (func() error, error) { return setupConvolve(bd, "convolve_bilinear") }, nativeConvolveSetup,
		"scalar Go 3×3 loop"},
	{"engine/convolve9", "Mpixels/s", benchConvW * benchConvW,
		func(bd *benchDevice) (func() error, error) { return setupConvolve(bd, "convolve3x3") }, nativeConvolveSetup,
		"scalar Go 3×3 loop"},
}

// pairedRatio runs the engine and native versions of benchmark name
// alternately, rounds times each, and returns the ratio of their total
// times (engine/native): on a loaded machine this is steadier than timing
// each side separately.
func pairedRatio(name string, workers, rounds int) (ratio float64, ingotNs, nativeNs float64, err error) {
	for _, sp := range benchSpecs {
		if sp.name != name {
			continue
		}
		bd, err := benchState.device(workers)
		if err != nil {
			return 0, 0, 0, err
		}
		step, err := sp.ingot(bd)
		if err != nil {
			return 0, 0, 0, err
		}
		nat := sp.native()
		if err := step(); err != nil {
			return 0, 0, 0, err
		}
		nat()
		var ti, tn time.Duration
		for range rounds {
			t0 := time.Now()
			nat()
			t1 := time.Now()
			if err := step(); err != nil {
				return 0, 0, 0, err
			}
			ti += time.Since(t1)
			tn += t1.Sub(t0)
		}
		return float64(ti) / float64(tn), float64(ti.Nanoseconds()) / float64(rounds), float64(tn.Nanoseconds()) / float64(rounds), nil
	}
	return 0, 0, 0, fmt.Errorf("engine: no benchmark %q", name)
}

// benchNames lists the engine's benchmark names.
func benchNames() []string {
	var ns []string
	for _, sp := range benchSpecs {
		ns = append(ns, sp.name)
	}
	return ns
}

// benchEnv holds a device per worker count and the shared inputs, built
// once per process.
type benchEnv struct {
	mu      sync.Mutex
	devices map[int]*benchDevice
}

type benchDevice struct {
	dev    *Device
	q      *CommandQueue
	lib    *Library
	pipes  map[string]*ComputePipelineState
	bufs   map[string]*Buffer
	tex    *Texture
	smp    *SamplerState // nearest
	linear *SamplerState
}

var benchState = benchEnv{devices: map[int]*benchDevice{}}

func (e *benchEnv) device(workers int) (*benchDevice, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if bd := e.devices[workers]; bd != nil {
		return bd, nil
	}
	dev, err := NewDevice(DeviceOptions{Workers: workers})
	if err != nil {
		return nil, err
	}
	lib, err := dev.NewLibraryWithFile("bench_kernels.metal", []byte(benchSource), CompileOptions{})
	if err != nil {
		return nil, err
	}
	bd := &benchDevice{dev: dev, q: dev.NewCommandQueue(), lib: lib, pipes: map[string]*ComputePipelineState{}, bufs: map[string]*Buffer{}}
	e.devices[workers] = bd
	return bd, nil
}

func (bd *benchDevice) pipeline(name string) (*ComputePipelineState, error) {
	if p := bd.pipes[name]; p != nil {
		return p, nil
	}
	fn, err := bd.lib.Function(name)
	if err != nil {
		return nil, err
	}
	p, err := bd.dev.NewComputePipelineState(fn, nil, ComputePipelineOptions{})
	if err != nil {
		return nil, err
	}
	bd.pipes[name] = p
	return p, nil
}

// buffer returns the named buffer, creating it from init on first use.
func (bd *benchDevice) buffer(name string, init func() []byte) (*Buffer, error) {
	if b := bd.bufs[name]; b != nil {
		return b, nil
	}
	b, err := bd.dev.NewBufferWithBytes(init())
	if err != nil {
		return nil, err
	}
	bd.bufs[name] = b
	return b, nil
}

// run encodes one dispatch and waits for it.
func (bd *benchDevice) run(p *ComputePipelineState, threads, tg Size, bind func(e *ComputeCommandEncoder) error) error {
	cb := bd.q.CommandBuffer(context.Background())
	e, err := cb.ComputeCommandEncoder()
	if err != nil {
		return err
	}
	if err := e.SetComputePipelineState(p); err != nil {
		return err
	}
	if err := bind(e); err != nil {
		return err
	}
	if err := e.DispatchThreads(threads, tg); err != nil {
		return err
	}
	if err := e.EndEncoding(); err != nil {
		return err
	}
	if err := cb.Commit(); err != nil {
		return err
	}
	return cb.WaitUntilCompleted()
}

// benchLoop sets up a benchmark once, then times b.N runs.
func benchLoop(b *testing.B, workers int, setup func(bd *benchDevice) (func() error, error)) {
	bd, err := benchState.device(workers)
	if err != nil {
		b.Fatal(err)
	}
	step, err := setup(bd)
	if err != nil {
		b.Fatal(err)
	}
	if err := step(); err != nil { // warm up: compile caches, worker pools
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := step(); err != nil {
			b.Fatal(err)
		}
	}
}

func f32bytes(v []float32) []byte {
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 4*len(v))
}

func bytesF32(b []byte) []float32 {
	if len(b) < 4 {
		return nil
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(&b[0])), len(b)/4)
}

// Inputs, deterministic and shared by the engine and native versions.

func saxpyInput() (x, y []float32) {
	x, y = make([]float32, benchSaxpyN), make([]float32, benchSaxpyN)
	for i := range x {
		x[i] = float32(i%1000) * 0.001
		y[i] = float32(i%777) * 0.01
	}
	return x, y
}

const benchSaxpyA = 1.5

func setupSaxpy(bd *benchDevice) (func() error, error) {
	p, err := bd.pipeline("saxpy")
	if err != nil {
		return nil, err
	}
	x, y := saxpyInput()
	bx, err := bd.buffer("saxpy.x", func() []byte { return f32bytes(x) })
	if err != nil {
		return nil, err
	}
	by, err := bd.buffer("saxpy.y", func() []byte { return f32bytes(y) })
	if err != nil {
		return nil, err
	}
	var a [4]byte
	binary.LittleEndian.PutUint32(a[:], math.Float32bits(benchSaxpyA))
	return func() error {
		return bd.run(p, Sz(benchSaxpyN, 1, 1), Sz(256, 1, 1), func(e *ComputeCommandEncoder) error {
			e.SetBuffer(bx, 0, 0)
			e.SetBuffer(by, 0, 1)
			return e.SetBytes(a[:], 2)
		})
	}, nil
}

func nativeSaxpySetup() func() {
	x, y := saxpyInput()
	return func() {
		nativeSaxpy(benchSaxpyA, x, y)
	}
}

// nativeSaxpy is y = a·x + y in scalar Go.
func nativeSaxpy(a float32, x, y []float32) {
	y = y[:len(x)]
	for i, v := range x {
		y[i] = a*v + y[i]
	}
}

// phongLight is the Light struct of the kernel (float3 members are 16
// bytes): dir @0, halfv @16, diffuse @32, specular @48, shininess @64.
type phongLight struct {
	dir, halfv, diffuse, specular [3]float32
	shininess                     float32
}

var benchLight = phongLight{
	dir: [3]float32{0.267261, 0.534522, 0.801784}, halfv: [3]float32{0.0, 0.447214, 0.894427},
	diffuse: [3]float32{0.8, 0.6, 0.4}, specular: [3]float32{0.5, 0.5, 0.5}, shininess: 24,
}

func (l phongLight) bytes() []byte {
	b := make([]byte, 80)
	for k, v := range [][3]float32{l.dir, l.halfv, l.diffuse, l.specular} {
		for c := range 3 {
			binary.LittleEndian.PutUint32(b[16*k+4*c:], math.Float32bits(v[c]))
		}
	}
	binary.LittleEndian.PutUint32(b[64:], math.Float32bits(l.shininess))
	return b
}

// phongNormals returns n float3 normals laid out as MSL float3 (16 bytes).
func phongNormals() []float32 {
	v := make([]float32, 4*benchPhongN)
	for i := 0; i < benchPhongN; i++ {
		t := float64(i) * 0.000173
		v[4*i] = float32(math.Sin(t * 3))
		v[4*i+1] = float32(math.Cos(t*5)) + 0.1
		v[4*i+2] = float32(math.Sin(t*7)) + 1.2
	}
	return v
}

func setupPhong(bd *benchDevice) (func() error, error) {
	p, err := bd.pipeline("blinn_phong")
	if err != nil {
		return nil, err
	}
	nb, err := bd.buffer("phong.normals", func() []byte { return f32bytes(phongNormals()) })
	if err != nil {
		return nil, err
	}
	out, err := bd.buffer("phong.out", func() []byte { return make([]byte, 16*benchPhongN) })
	if err != nil {
		return nil, err
	}
	light := benchLight.bytes()
	return func() error {
		return bd.run(p, Sz(benchPhongN, 1, 1), Sz(256, 1, 1), func(e *ComputeCommandEncoder) error {
			e.SetBuffer(nb, 0, 0)
			e.SetBuffer(out, 0, 1)
			return e.SetBytes(light, 2)
		})
	}, nil
}

func nativePhongSetup() func() {
	n := phongNormals()
	out := make([]float32, 4*benchPhongN)
	return func() {
		nativePhong(&benchLight, n, out)
	}
}

// nativePhong is the Blinn-Phong kernel in scalar Go (float32, the same
// fast pow as the shader).
func nativePhong(l *phongLight, normals, out []float32) {
	for i := 0; i+3 < len(normals); i += 4 {
		x, y, z := normals[i], normals[i+1], normals[i+2]
		r := 1 / float32(math.Sqrt(float64(x*x+y*y+z*z)))
		x, y, z = x*r, y*r, z*r
		ndl := max(x*l.dir[0]+y*l.dir[1]+z*l.dir[2], 0)
		ndh := max(x*l.halfv[0]+y*l.halfv[1]+z*l.halfv[2], 0)
		spec := fmath.FastPow(ndh, l.shininess)
		out[i] = l.diffuse[0]*ndl + l.specular[0]*spec
		out[i+1] = l.diffuse[1]*ndl + l.specular[1]*spec
		out[i+2] = l.diffuse[2]*ndl + l.specular[2]*spec
		out[i+3] = 1
	}
}

func setupMandel(bd *benchDevice) (func() error, error) {
	p, err := bd.pipeline("mandelbrot")
	if err != nil {
		return nil, err
	}
	out, err := bd.buffer("mandel.out", func() []byte { return make([]byte, 4*benchMandelW*benchMandelW) })
	if err != nil {
		return nil, err
	}
	var it [4]byte
	binary.LittleEndian.PutUint32(it[:], benchMandelIt)
	return func() error {
		return bd.run(p, Sz(benchMandelW, benchMandelW, 1), Sz(64, 4, 1), func(e *ComputeCommandEncoder) error {
			e.SetBuffer(out, 0, 0)
			return e.SetBytes(it[:], 1)
		})
	}, nil
}

func nativeMandelSetup() func() {
	out := make([]uint32, benchMandelW*benchMandelW)
	return func() {
		nativeMandel(out, benchMandelW, benchMandelW, benchMandelIt)
	}
}

// nativeMandel is the Mandelbrot kernel in scalar Go.
func nativeMandel(out []uint32, w, h int, maxIter uint32) {
	for py := 0; py < h; py++ {
		cy := -1.25 + 2.5*(float32(py)+0.5)/float32(h)
		for px := 0; px < w; px++ {
			cx := -2.0 + 2.5*(float32(px)+0.5)/float32(w)
			var x, y float32
			var n uint32
			for n < maxIter && x*x+y*y <= 4 {
				xt := x*x - y*y + cx
				y = 2*x*y + cy
				x = xt
				n++
			}
			out[py*w+px] = n
		}
	}
}

func reduceInput() []float32 {
	v := make([]float32, benchReduceN)
	for i := range v {
		v[i] = float32(i%1024) * (1.0 / 1024)
	}
	return v
}

func setupReduce(bd *benchDevice) (func() error, error) {
	p, err := bd.pipeline("reduce_sum")
	if err != nil {
		return nil, err
	}
	in, err := bd.buffer("reduce.in", func() []byte { return f32bytes(reduceInput()) })
	if err != nil {
		return nil, err
	}
	groups := benchReduceN / benchReducePer
	partial, err := bd.buffer("reduce.partial", func() []byte { return make([]byte, 4*groups) })
	if err != nil {
		return nil, err
	}
	return func() error {
		err := bd.run(p, Sz(benchReduceN/4, 1, 1), Sz(benchReduceTG, 1, 1), func(e *ComputeCommandEncoder) error {
			e.SetBuffer(in, 0, 0)
			return e.SetBuffer(partial, 0, 1)
		})
		if err != nil {
			return err
		}
		var sum float32
		for _, v := range bytesF32(partial.Contents()) {
			sum += v
		}
		benchSink = sum
		return nil
	}, nil
}

var benchSink float32

func nativeReduceSetup() func() {
	v := reduceInput()
	return func() {
		benchSink = nativeReduce(v)
	}
}

// nativeReduce sums v in scalar Go the way a competent Go programmer
// would: unrolled by eight into independent accumulators, so the adds are
// not one dependency chain.
func nativeReduce(v []float32) float32 {
	var s [8]float32
	i := 0
	for ; i+8 <= len(v); i += 8 {
		c := v[i : i+8 : i+8]
		s[0] += c[0]
		s[1] += c[1]
		s[2] += c[2]
		s[3] += c[3]
		s[4] += c[4]
		s[5] += c[5]
		s[6] += c[6]
		s[7] += c[7]
	}
	for ; i < len(v); i++ {
		s[0] += v[i]
	}
	return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]))
}

// convImage returns the RGBA8 source image of the convolution.
func convImage() []byte {
	img := make([]byte, 4*benchConvW*benchConvW)
	for i := range img {
		img[i] = byte((i*7 + i/4096*13) & 0xff)
	}
	return img
}

// setupConvolve prepares kernel (convolve_bilinear: four bilinear taps;
// convolve3x3: nine nearest taps) on a 1024×1024 RGBA8 texture.
func setupConvolve(bd *benchDevice, kernel string) (func() error, error) {
	p, err := bd.pipeline(kernel)
	if err != nil {
		return nil, err
	}
	if bd.tex == nil {
		tex, err := bd.dev.NewTexture(Texture2DDescriptor(PixelFormatRGBA8Unorm, benchConvW, benchConvW, false))
		if err != nil {
			return nil, err
		}
		if err := tex.ReplaceRegion(Region{Width: benchConvW, Height: benchConvW, Depth: 1}, 0, 0, convImage(), 4*benchConvW, 0); err != nil {
			return nil, err
		}
		sd := DefaultSamplerDescriptor()
		smp, err := bd.dev.NewSamplerState(sd)
		if err != nil {
			return nil, err
		}
		sd.MinFilter, sd.MagFilter = SamplerMinMagFilterLinear, SamplerMinMagFilterLinear
		lin, err := bd.dev.NewSamplerState(sd)
		if err != nil {
			return nil, err
		}
		bd.tex, bd.smp, bd.linear = tex, smp, lin
	}
	smp := bd.smp
	if kernel == "convolve_bilinear" {
		smp = bd.linear
	}
	out, err := bd.buffer("conv.out", func() []byte { return make([]byte, 16*benchConvW*benchConvW) })
	if err != nil {
		return nil, err
	}
	return func() error {
		return bd.run(p, Sz(benchConvW, benchConvW, 1), Sz(64, 4, 1), func(e *ComputeCommandEncoder) error {
			e.SetTexture(bd.tex, 0)
			e.SetSamplerState(smp, 0)
			return e.SetBuffer(out, 0, 0)
		})
	}, nil
}

func nativeConvolveSetup() func() {
	img := convImage()
	out := make([]float32, 4*benchConvW*benchConvW)
	return func() {
		nativeConvolve(img, benchConvW, benchConvW, out)
	}
}

// nativeConvolve is the 3×3 Gaussian of an RGBA8 image with clamp-to-edge
// addressing in scalar Go.
func nativeConvolve(img []byte, w, h int, out []float32) {
	wt := [3]float32{0.25, 0.5, 0.25}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var acc [4]float32
			for j := -1; j <= 1; j++ {
				yy := min(max(y+j, 0), h-1)
				for i := -1; i <= 1; i++ {
					xx := min(max(x+i, 0), w-1)
					k := wt[i+1] * wt[j+1] * (1.0 / 255)
					p := img[4*(yy*w+xx) : 4*(yy*w+xx)+4 : 4*(yy*w+xx)+4]
					acc[0] += k * float32(p[0])
					acc[1] += k * float32(p[1])
					acc[2] += k * float32(p[2])
					acc[3] += k * float32(p[3])
				}
			}
			copy(out[4*(y*w+x):], acc[:])
		}
	}
}

// workerScaling runs benchmark name on 1 and on 2 workers alternately,
// rounds times each, and returns the speed-up of 2 workers over 1 (time
// with 1 worker / time with 2).
func workerScaling(name string, rounds int) (float64, error) {
	var steps [2]func() error
	for _, sp := range benchSpecs {
		if sp.name != name {
			continue
		}
		for i := range steps {
			bd, err := benchState.device(i + 1)
			if err != nil {
				return 0, err
			}
			if steps[i], err = sp.ingot(bd); err != nil {
				return 0, err
			}
			if err := steps[i](); err != nil {
				return 0, err
			}
		}
		var t [2]time.Duration
		for range rounds {
			for i, step := range steps {
				t0 := time.Now()
				if err := step(); err != nil {
					return 0, err
				}
				t[i] += time.Since(t0)
			}
		}
		return float64(t[0]) / float64(t[1]), nil
	}
	return 0, fmt.Errorf("engine: no benchmark %q", name)
}
