package engine

import (
	"fmt"

	"github.com/ingot-render/ingot/internal/texel"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/reflect"
)

// TileRenderPipelineColorAttachmentDescriptor is the format of one colour
// attachment a tile function sees
// (MTLTileRenderPipelineColorAttachmentDescriptor).
type TileRenderPipelineColorAttachmentDescriptor struct {
	PixelFormat PixelFormat
}

// TileRenderPipelineDescriptor describes a tile render pipeline
// (MTLTileRenderPipelineDescriptor): a kernel or a fragment function run
// per tile of a render pass by DispatchThreadsPerTile.
type TileRenderPipelineDescriptor struct {
	Label string
	// TileFunction is the kernel or fragment function run per tile. A
	// kernel runs as one threadgroup per tile; a fragment function (a
	// fragment-based tile function) runs once per pixel of the dispatch's
	// threadsPerTile at the tile's origin, or once per sample when it is
	// sample-rate, in 2×2 quads, reading and writing the pixel's implicit
	// imageblock ([[color(n)]] inputs and outputs, written without blending
	// into the covered samples) and explicit imageblock ([[imageblock_data]]).
	TileFunction *Function
	// Constants specialize the tile function (nil: none).
	Constants *FunctionConstantValues
	// RasterSampleCount is the pass's sample count (0 means 1).
	RasterSampleCount int
	// ColorAttachments are the formats of the pass's colour attachments;
	// they must equal the pass's.
	ColorAttachments [MaxColorAttachments]TileRenderPipelineColorAttachmentDescriptor
	// ThreadgroupSizeMatchesTileSize promises that every dispatch's
	// threadsPerTile is the pass's tile size (checked at the dispatch).
	ThreadgroupSizeMatchesTileSize bool
	// MaxTotalThreadsPerThreadgroup lowers the pipeline's thread limit
	// (0: the function's or 1024).
	MaxTotalThreadsPerThreadgroup int
}

// TileRenderPipelineState is a compiled tile render pipeline; bind it with
// RenderCommandEncoder.SetTileRenderPipelineState.
type TileRenderPipelineState struct {
	dev   *Device
	label string
	name  string // the tile function's
	// kernel is a kernel-based pipeline's function, frag a fragment-based
	// one's (its fragment stage and layout; no vertex stage): one is nil.
	kernel     *ComputePipelineState
	frag       *RenderPipelineState
	maxThreads int
	samples    int
	colors     [MaxColorAttachments]PixelFormat
	matches    bool
	// ibSize is the largest explicit imageblock element of the function
	// (0: none), implicit the implicit imageblock arguments' largest T.
	ibSize, implicit int
}

// Label returns the pipeline's label.
func (p *TileRenderPipelineState) Label() string { return p.label }

// MaxTotalThreadsPerThreadgroup returns the pipeline's thread limit.
func (p *TileRenderPipelineState) MaxTotalThreadsPerThreadgroup() int { return p.maxThreads }

// ThreadgroupSizeMatchesTileSize returns the descriptor's promise.
func (p *TileRenderPipelineState) ThreadgroupSizeMatchesTileSize() bool { return p.matches }

// ImageblockSampleLength returns the size in bytes of one sample of the
// tile function's explicit imageblock (0: it uses none): the least
// RenderPassDescriptor.ImageblockSampleLength it needs.
func (p *TileRenderPipelineState) ImageblockSampleLength() int { return p.ibSize }

// ImageblockMemoryLength returns the explicit imageblock memory of one
// tile of the given size (a valid tile size) at the pipeline's sample
// count.
func (p *TileRenderPipelineState) ImageblockMemoryLength(tile Size) (int, error) {
	switch [3]int{tile.Width, tile.Height, tile.Depth} {
	case [3]int{16, 16, 1}, [3]int{32, 16, 1}, [3]int{32, 32, 1}:
	default:
		return 0, fmt.Errorf("engine: ImageblockMemoryLength: %d × %d × %d is not a tile size (16 × 16, 32 × 16 or 32 × 32, depth 1)", tile.Width, tile.Height, tile.Depth)
	}
	return p.ibSize * p.samples * tile.Width * tile.Height, nil
}

// NewTileRenderPipelineState compiles a tile render pipeline (MTLDevice
// newRenderPipelineStateWithTileDescriptor). The tile function is a kernel
// or a fragment function; the [[color(n)]] of a kernel's implicit
// imageblock members or of a fragment function's colour inputs and outputs
// must name colour attachments the descriptor gives a format. A fragment
// function's other rules (no [[stencil]] output, §5.2.3.5; no [[stage_in]]
// or primitive inputs; see sema.Program.CheckTileFragment) are errors at
// their source positions.
func (d *Device) NewTileRenderPipelineState(desc *TileRenderPipelineDescriptor) (*TileRenderPipelineState, error) {
	const m = "NewTileRenderPipelineState"
	if desc == nil {
		return nil, fmt.Errorf("engine: %s: descriptor is nil", m)
	}
	if desc.TileFunction == nil {
		return nil, fmt.Errorf("engine: %s: TileFunction is nil", m)
	}
	s := desc.RasterSampleCount
	switch s {
	case 0:
		s = 1
	case 1, 2, 4, 8:
	default:
		return nil, fmt.Errorf("engine: %s: RasterSampleCount is %d, want 1, 2, 4 or 8", m, s)
	}
	if fn := desc.TileFunction; fn.lib.dev != d {
		return nil, fmt.Errorf("engine: %s: TileFunction %s belongs to another device", m, fn.Name())
	}
	p := &TileRenderPipelineState{dev: d, label: desc.Label, name: desc.TileFunction.Name(), samples: s, matches: desc.ThreadgroupSizeMatchesTileSize}
	for i, ca := range desc.ColorAttachments {
		f := ca.PixelFormat
		if f != texel.Invalid && (f.IsDepth() || f.IsStencil()) {
			return nil, fmt.Errorf("engine: %s: ColorAttachments[%d].PixelFormat %v is a depth/stencil format", m, i, f)
		}
		p.colors[i] = f
	}
	switch k := desc.TileFunction.FunctionType(); k {
	case reflect.KindKernel:
	case reflect.KindFragment:
		if err := d.fragmentTilePipeline(m, desc, p); err != nil {
			return nil, err
		}
		return p, nil
	default:
		return nil, fmt.Errorf("engine: %s: TileFunction %s is a %s function, want a kernel or fragment function", m, p.name, k)
	}
	k, err := d.NewComputePipelineState(desc.TileFunction, desc.Constants, ComputePipelineOptions{Label: desc.Label, MaxTotalThreadsPerThreadgroup: desc.MaxTotalThreadsPerThreadgroup})
	if err != nil {
		return nil, fmt.Errorf("engine: %s: TileFunction: %w", m, err)
	}
	p.kernel, p.maxThreads = k, k.maxThreads
	if k.stage != nil {
		return nil, fmt.Errorf("engine: %s: tile function %s has a [[stage_in]] argument", m, k.name)
	}
	for _, b := range k.bindings {
		if b.kind != lower.BindImageblock || !b.enabled {
			continue
		}
		if b.implicit == nil {
			p.ibSize = max(p.ibSize, b.size)
			continue
		}
		p.implicit = max(p.implicit, b.implicit.Size)
		for _, mb := range b.implicit.Members {
			if p.colors[mb.Color] == texel.Invalid {
				return nil, fmt.Errorf("engine: %s: tile function %s: argument %q member %q is [[color(%d)]], but ColorAttachments[%d].PixelFormat is invalid", m, k.name, b.name, mb.Name, mb.Color, mb.Color)
			}
		}
	}
	return p, nil
}
