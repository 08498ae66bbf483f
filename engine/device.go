package engine

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/rt"
	"github.com/ingot-render/ingot/internal/texel"
)

// Limits of a Device (Apple-family GPU limits, as DESIGN.md fixes them).
const (
	// MaxThreadsPerThreadgroup is maxThreadsPerThreadgroup.
	MaxThreadsPerThreadgroup = exec.MaxThreadsPerThreadgroup
	// MaxThreadgroupMemoryLength is maxThreadgroupMemoryLength in bytes.
	MaxThreadgroupMemoryLength = exec.MaxThreadgroupMemory
	// MaxBufferArguments is the number of buffer binding slots per stage.
	MaxBufferArguments = 31
	// MaxTextureArguments is the number of texture binding slots per stage.
	MaxTextureArguments = 31
	// MaxSamplerArguments is the number of sampler binding slots per stage.
	MaxSamplerArguments = 16
	// ThreadExecutionWidth is threads_per_simdgroup.
	ThreadExecutionWidth = 32
	// MaxBufferLength is the largest buffer NewBuffer accepts (1 GiB ·
	// 16 = 16 GiB, the address space of one buffer).
	MaxBufferLength = 1 << 34
)

// DeviceOptions configure NewDevice. The zero value is a sensible device.
type DeviceOptions struct {
	// Name is returned by Device.Name (default "ingot CPU").
	Name string
	// Workers is the number of goroutines a dispatch uses (default
	// GOMAXPROCS). Results never depend on it.
	Workers int
	// InstructionBudget bounds the executor instructions of each command
	// buffer, summed over its dispatches (counted per batch of lanes, loop
	// bodies and calls charged their static length; see
	// CommandBuffer.SetInstructionBudget); 0 means no limit.
	InstructionBudget int64
	// TimeBudget bounds the wall time of one command buffer from the
	// moment it starts executing; 0 means no limit.
	TimeBudget time.Duration
	// MaxCallDepth bounds shader recursion (default 64).
	MaxCallDepth int
	// Intrinsics adds executor intrinsics to every pipeline of the device;
	// they override the engine's own (texture, ray-tracing, function-table)
	// intrinsics of the same name. The device's ray-tracing intrinsics
	// (engine/rt over Device.RayTracingRegistry) are built in; replacing
	// them with another registry's hides the device's acceleration
	// structures and intersection function tables from shaders.
	Intrinsics exec.Intrinsics
}

// Device is ingot's GPU: it creates resources, libraries, pipelines and
// command queues. It is safe for concurrent use.
type Device struct {
	opts DeviceOptions

	mu       sync.Mutex
	nextAddr uint64
	buffers  map[uint64]*bufferStore // by GPU address
	textures map[uint64]*textureStore
	samplers map[uint64]*texel.Sampler
	nextID   uint64
	memGen   uint64 // bumped whenever buffers change
	memCache *memSnapshot

	constSamplers sync.Map // uint64 descriptor bits → *texel.Sampler
	intrinsics    exec.Intrinsics
	pipelines     atomic.Int64
	// passes keeps rasterizer passes for reuse by later render passes.
	passes passPool
	// arena recycles the per-draw arrays of render passes.
	arena drawArena

	// rt maps acceleration structure and intersection function table
	// resource IDs to their content for the ray-tracing intrinsics.
	rt *rt.Registry
	// vft maps visible function table resource IDs to their entries.
	vft sync.Map // uint64 → *VisibleFunctionTable
}

// memSnapshot is the buffer table and resource tables of one generation
// of the device.
type memSnapshot struct {
	gen  uint64
	bufs []exec.Buffer
	mem  *exec.Memory // the device buffers alone
	res  *resources
}

// Address space layout: buffers live above bufferBase, each aligned to
// bufferAlign with an unmapped guard gap after it, so that small overruns
// fault instead of landing in a neighbour.
const (
	bufferBase  = 1 << 32
	bufferAlign = 1 << 12
	guardGap    = 1 << 20

	// Resource IDs of textures and samplers: a tag in bits 48..55 and a
	// sequence number below. Bit 63 is reserved for constexpr sampler
	// descriptors (see shaders/stdlib.EncodeSampler).
	textureTag = uint64(0x7e) << 48
	samplerTag = uint64(0x5a) << 48
	tagMask    = uint64(0xff) << 48
)

// NewDevice returns a device with the given options.
func NewDevice(opts DeviceOptions) (*Device, error) {
	if opts.Workers < 0 {
		return nil, fmt.Errorf("engine: DeviceOptions.Workers is %d, want ≥ 0", opts.Workers)
	}
	if opts.InstructionBudget < 0 {
		return nil, fmt.Errorf("engine: DeviceOptions.InstructionBudget is %d, want ≥ 0", opts.InstructionBudget)
	}
	if opts.TimeBudget < 0 {
		return nil, fmt.Errorf("engine: DeviceOptions.TimeBudget is %v, want ≥ 0", opts.TimeBudget)
	}
	if opts.MaxCallDepth < 0 {
		return nil, fmt.Errorf("engine: DeviceOptions.MaxCallDepth is %d, want ≥ 0", opts.MaxCallDepth)
	}
	if opts.Workers == 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.Name == "" {
		opts.Name = "ingot CPU"
	}
	d := &Device{
		opts:     opts,
		nextAddr: bufferBase,
		buffers:  map[uint64]*bufferStore{},
		textures: map[uint64]*textureStore{},
		samplers: map[uint64]*texel.Sampler{},
	}
	d.intrinsics = d.textureIntrinsics()
	for name, f := range fragmentIntrinsics() {
		d.intrinsics[name] = f
	}
	d.rt = rt.NewRegistry()
	for name, f := range rt.Intrinsics(d.rt) {
		d.intrinsics[name] = f
	}
	for name, f := range d.functionTableIntrinsics() {
		d.intrinsics[name] = f
	}
	for name, f := range opts.Intrinsics {
		if f == nil {
			return nil, fmt.Errorf("engine: DeviceOptions.Intrinsics[%q] is nil", name)
		}
		d.intrinsics[name] = f
	}
	return d, nil
}

// RayTracingRegistry returns the registry the device's ray-tracing
// intrinsics resolve acceleration structures and intersection function
// tables through (filled by builds and tables; exposed for tools and for
// binding structures built with accel directly via SetHandle).
func (d *Device) RayTracingRegistry() *rt.Registry { return d.rt }

// Name returns the device's name.
func (d *Device) Name() string { return d.opts.Name }

// releaseDispatch frees the ray-traversal state a finished dispatch left
// behind (exec.Dispatch.Done).
func (d *Device) releaseDispatch(id uint64) { d.rt.ReleaseDispatch(id) }

// Workers returns the number of goroutines a dispatch uses.
func (d *Device) Workers() int { return d.opts.Workers }

// MaxThreadsPerThreadgroup returns the per-dimension and total limit of
// threads in a threadgroup (1024).
func (d *Device) MaxThreadsPerThreadgroup() [3]int {
	return [3]int{MaxThreadsPerThreadgroup, MaxThreadsPerThreadgroup, MaxThreadsPerThreadgroup}
}

// MaxThreadgroupMemoryLength returns the threadgroup memory limit (32 KB).
func (d *Device) MaxThreadgroupMemoryLength() int { return MaxThreadgroupMemoryLength }

// errReleased is returned when a released resource is used.
var errReleased = errors.New("resource was released")

// snapshot returns the device's buffer and resource tables (cached per
// generation: rebuilt only after a resource was created or released).
func (d *Device) snapshot() (*memSnapshot, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.memCache != nil && d.memCache.gen == d.memGen {
		return d.memCache, nil
	}
	s := &memSnapshot{gen: d.memGen, bufs: make([]exec.Buffer, 0, len(d.buffers))}
	for addr, b := range d.buffers {
		s.bufs = append(s.bufs, exec.Buffer{Addr: addr, Data: b.data, Name: b.label.Load().(string)})
	}
	mem, err := exec.NewMemory(s.bufs...)
	if err != nil {
		return nil, fmt.Errorf("engine: internal error building the buffer table: %w", err)
	}
	s.mem = mem
	r := &resources{dev: d, textures: make(map[uint64]*textureStore, len(d.textures)), samplers: make(map[uint64]*texel.Sampler, len(d.samplers))}
	for k, v := range d.textures {
		r.textures[k] = v
	}
	for k, v := range d.samplers {
		r.samplers[k] = v
	}
	s.res = r
	d.memCache = s
	return s, nil
}

// resources is the per-dispatch view of the texture and sampler tables
// that texture intrinsics resolve resource IDs through (exec.Dispatch.Env).
type resources struct {
	dev      *Device
	textures map[uint64]*textureStore
	samplers map[uint64]*texel.Sampler
	// fragment is set for fragment functions, whose samples without an
	// explicit level or gradient take their LOD from the 2×2 quads.
	fragment bool
	samples  int // fragment functions: the render pass's sample count
}
