package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/shaders/reflect"
)

// seedKnownFailures lists seed kernels ("file:kernel", or "file" for all
// of a file's kernels) that cannot run yet, with why.
var seedKnownFailures = map[string]string{
	"000_5.2.4.3_kernel_stage_in.metal:my_kernel": "the generic harness has no stage-input descriptor or companion library; TestKernelStageIn runs it",
	"000_5.2_resource_kinds.metal:resource_kinds": "the generic harness binds zeroed buffers (a null acceleration structure, argument buffer and function table); TestSeedResourceKinds runs it with every resource filled",
}

// seedCompanions are libraries that define what a seed declares extern;
// the harness links them in (ComputePipelineOptions.PreloadedLibraries).
var seedCompanions = map[string]string{
	"000_5.3_storage_class.metal": storageCompanion,
}

var flagsRE = regexp.MustCompile(`(?m)^// flags:(.*)$`)

// seedOptions turns a seed's `// flags:` line into compile options.
func seedOptions(src string) engine.CompileOptions {
	var o engine.CompileOptions
	m := flagsRE.FindStringSubmatch(src)
	if m == nil {
		return o
	}
	fs := strings.Fields(m[1])
	for i := 0; i < len(fs); i++ {
		f := fs[i]
		switch {
		case f == "-D" && i+1 < len(fs):
			i++
			o.Defines = append(o.Defines, fs[i])
		case strings.HasPrefix(f, "-std="):
			o.LanguageVersion = strings.TrimPrefix(f, "-std=")
		case strings.HasPrefix(f, "-D"):
			o.Defines = append(o.Defines, strings.TrimPrefix(f, "-D"))
		case f == "-fno-fast-math":
			o.PreciseMath = true
		}
	}
	return o
}

// TestSeedKernels runs every kernel of the valid seed examples
// (shaders/testdata/seeds) once, with every argument bound to a zeroed
// resource of the right kind and every function constant given a value.
func TestSeedKernels(t *testing.T) {
	files, _ := filepath.Glob("../shaders/testdata/seeds/*.metal")
	if len(files) == 0 {
		t.Skip("no seeds")
	}
	// One worker: with zeroed inputs many seed kernels write the same
	// addresses from every thread, a shader-level race the race detector
	// would report.
	d := newDevice(t, engine.DeviceOptions{Workers: 1, InstructionBudget: 1 << 24})
	q := d.NewCommandQueue()
	ran := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "// expect: valid") {
			continue
		}
		lib, err := d.NewLibraryWithFile(filepath.Base(file), src, seedOptions(string(src)))
		if err != nil {
			if _, known := seedKnownFailures[filepath.Base(file)]; !known {
				t.Errorf("%s: %v", file, err)
			}
			continue
		}
		for _, name := range lib.FunctionNames() {
			fn, err := lib.Function(name)
			if err != nil || fn.FunctionType() != reflect.KindKernel {
				continue
			}
			key := filepath.Base(file) + ":" + name
			var preload []*engine.Library
			if c, ok := seedCompanions[filepath.Base(file)]; ok {
				cl, err := d.NewLibraryWithFile("companion.metal", []byte(c), engine.CompileOptions{})
				if err != nil {
					t.Fatalf("%s companion: %v", key, err)
				}
				preload = append(preload, cl)
			}
			err = runSeedKernel(d, q, fn, preload)
			reason, known := seedKnownFailures[key]
			if !known {
				reason, known = seedKnownFailures[filepath.Base(file)]
			}
			switch {
			case err != nil && !known:
				t.Errorf("%s: %v", key, err)
			case err != nil:
				t.Logf("known failure %s: %v", key, err)
			case known:
				t.Errorf("%s runs now; remove it from seedKnownFailures (%s)", key, reason)
				ran++
			default:
				ran++
			}
		}
	}
	t.Logf("%d seed kernels ran", ran)
	if ran == 0 {
		t.Fatal("no seed kernel ran")
	}
}

func runSeedKernel(d *engine.Device, q *engine.CommandQueue, fn *engine.Function, preload []*engine.Library) error {
	consts := engine.NewFunctionConstantValues()
	next := 5 // binding indices given by function constants
	for _, a := range fn.Reflection().Arguments {
		if a.IndexConstant != "" {
			consts.SetConstantValueByName(a.IndexConstant, next)
			next += max(a.ArrayLength, 1)
		}
	}
	for _, fc := range fn.FunctionConstants() {
		var v any = 1
		switch fc.Type {
		case "bool":
			v = true
		case "float", "half":
			v = 1.0
		}
		if fc.Index >= 0 {
			consts.SetConstantValue(fc.Index, v)
		} else {
			consts.SetConstantValueByName(fc.Name, v)
		}
	}
	p, err := d.NewComputePipelineState(fn, consts, engine.ComputePipelineOptions{Reflection: true, PreloadedLibraries: preload})
	if err != nil {
		return err
	}
	cb := q.CommandBuffer(context.Background())
	e, err := cb.ComputeCommandEncoder()
	if err != nil {
		return err
	}
	e.SetComputePipelineState(p)
	smp, _ := d.NewSamplerState(engine.DefaultSamplerDescriptor())
	args := map[string]reflect.Argument{}
	for _, a := range p.Reflection().Arguments {
		args[a.Name] = a
	}
	for _, b := range p.Bindings() {
		if !b.Active {
			continue
		}
		base, _, _ := strings.Cut(b.Name, "[")
		switch b.Type {
		case reflect.ArgTexture:
			a, ok := args[base]
			if !ok {
				a = reflect.Argument{TextureType: b.TextureType}
			}
			e.SetTexture(seedTexture(d, a), b.Index)
		case reflect.ArgSampler:
			e.SetSamplerState(smp, b.Index)
		case reflect.ArgImageblock:
			e.SetImageblockWidth(32, 2)
		case reflect.ArgThreadgroupMemory:
			e.SetThreadgroupMemoryLength(max(args[base].ThreadgroupMemorySize, 16)*64, b.Index)
		default:
			buf, _ := d.NewBuffer(1 << 16)
			e.SetBuffer(buf, 0, b.Index)
		}
	}
	tg := engine.Sz(32, 1, 1)
	if r := fn.Reflection().RequiredThreadsPerThreadgroup; len(r) > 0 {
		tg = engine.Sz(r[0], 1, 1)
		if len(r) > 1 {
			tg.Height = r[1]
		}
		if len(r) > 2 {
			tg.Depth = r[2]
		}
	}
	if m := p.MaxTotalThreadsPerThreadgroup(); tg.Width*tg.Height*tg.Depth > m {
		tg = engine.Sz(m, 1, 1)
	}
	if err := e.DispatchThreads(engine.Sz(64, 1, 1), tg); err != nil {
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

// seedTexture makes a small zeroed texture of the argument's type.
func seedTexture(d *engine.Device, a reflect.Argument) *engine.Texture {
	desc := engine.TextureDescriptor{PixelFormat: engine.PixelFormatRGBA32Float, Width: 64, Height: 64,
		Usage: engine.TextureUsageShaderRead | engine.TextureUsageShaderWrite}
	switch a.TextureDataType {
	case "int", "short", "char":
		desc.PixelFormat = engine.PixelFormatRGBA32Uint + 1 // RGBA32Sint
	case "uint", "ushort", "uchar":
		desc.PixelFormat = engine.PixelFormatRGBA32Uint
	}
	if a.IsDepthTexture {
		desc.PixelFormat = engine.PixelFormatDepth32Float
	}
	switch a.TextureType {
	case "texture1d":
		desc.TextureType, desc.Height = engine.TextureType1D, 1
	case "texture1d_array":
		desc.TextureType, desc.Height, desc.ArrayLength = engine.TextureType1DArray, 1, 2
	case "texture2d_array", "depth2d_array":
		desc.TextureType, desc.ArrayLength = engine.TextureType2DArray, 2
	case "texture3d":
		desc.TextureType, desc.Height, desc.Depth = engine.TextureType3D, 4, 4
	case "texturecube", "depthcube":
		desc.TextureType, desc.Width, desc.Height = engine.TextureTypeCube, 8, 8
	case "texturecube_array", "depthcube_array":
		desc.TextureType, desc.Width, desc.Height, desc.ArrayLength = engine.TextureTypeCubeArray, 8, 8, 2
	case "texture2d_ms", "depth2d_ms":
		desc.TextureType, desc.SampleCount = engine.TextureType2DMultisample, 4
	case "texture_buffer":
		desc.TextureType, desc.Height = engine.TextureTypeTextureBuffer, 1
	default:
		desc.TextureType = engine.TextureType2D
	}
	t, err := d.NewTexture(desc)
	if err != nil {
		return nil
	}
	return t
}
