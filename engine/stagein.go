package engine

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/internal/texel"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
)

// AttributeFormat is the in-memory format of a stage-input attribute
// (MTLAttributeFormat). The fetched components are converted to the
// [[stage_in]] member's type; missing components read as (0, 0, 0, 1).
type AttributeFormat int

// Attribute formats.
const (
	AttributeFormatInvalid AttributeFormat = iota
	AttributeFormatFloat
	AttributeFormatFloat2
	AttributeFormatFloat3
	AttributeFormatFloat4
	AttributeFormatHalf
	AttributeFormatHalf2
	AttributeFormatHalf3
	AttributeFormatHalf4
	AttributeFormatInt
	AttributeFormatInt2
	AttributeFormatInt3
	AttributeFormatInt4
	AttributeFormatUInt
	AttributeFormatUInt2
	AttributeFormatUInt3
	AttributeFormatUInt4
	AttributeFormatUChar4Normalized
	AttributeFormatChar4Normalized
	AttributeFormatUShort2Normalized
	AttributeFormatShort2Normalized
	AttributeFormatUShort4Normalized
	AttributeFormatShort4Normalized
	AttributeFormatUChar
	AttributeFormatUChar2
	AttributeFormatUChar3
	AttributeFormatUChar4
	AttributeFormatChar
	AttributeFormatChar2
	AttributeFormatChar3
	AttributeFormatChar4
	AttributeFormatUCharNormalized
	AttributeFormatUChar2Normalized
	AttributeFormatUChar3Normalized
	AttributeFormatCharNormalized
	AttributeFormatChar2Normalized
	AttributeFormatChar3Normalized
	AttributeFormatUShort
	AttributeFormatUShort2
	AttributeFormatUShort3
	AttributeFormatUShort4
	AttributeFormatShort
	AttributeFormatShort2
	AttributeFormatShort3
	AttributeFormatShort4
	AttributeFormatUShortNormalized
	AttributeFormatUShort3Normalized
	AttributeFormatShortNormalized
	AttributeFormatShort3Normalized
	// AttributeFormatUChar4Normalized_BGRA reads bytes B, G, R, A as (R, G, B, A).
	AttributeFormatUChar4Normalized_BGRA
	// AttributeFormatUInt1010102Normalized and AttributeFormatInt1010102Normalized
	// are one 32-bit word: R in bits 0–9, G 10–19, B 20–29, A 30–31.
	AttributeFormatUInt1010102Normalized
	AttributeFormatInt1010102Normalized
	// AttributeFormatFloatRG11B10 and AttributeFormatFloatRGB9E5 are the
	// packed float formats of the pixel formats of the same names.
	AttributeFormatFloatRG11B10
	AttributeFormatFloatRGB9E5
)

// attrFormat describes a format: components, bytes per component, and how
// to decode one.
type attrFormat struct {
	n, size int
	// kind: 'f' float32, 'h' half, 'i' signed and 'u' unsigned integers of
	// size bytes, 'U' unorm, 'S' snorm; packed into one 32-bit word: 'B'
	// BGRA unorm8, 'P' unorm 10-10-10-2, 'Q' snorm 10-10-10-2, 'R'
	// RG11B10 float, 'E' RGB9E5 float.
	kind byte
}

// bytes is the size of one attribute.
func (f attrFormat) bytes() int {
	if f.packed() {
		return 4
	}
	return f.n * f.size
}

// packed reports whether the components share one 32-bit word.
func (f attrFormat) packed() bool { return strings.IndexByte("BPQRE", f.kind) >= 0 }

// unpack decodes the four components of a packed attribute.
func (f attrFormat) unpack(b []byte) [4]float64 {
	w := binary.LittleEndian.Uint32(b)
	switch f.kind {
	case 'B':
		return [4]float64{float64(b[2]) / 255, float64(b[1]) / 255, float64(b[0]) / 255, float64(b[3]) / 255}
	case 'P':
		return [4]float64{float64(w&1023) / 1023, float64(w>>10&1023) / 1023, float64(w>>20&1023) / 1023, float64(w>>30) / 3}
	case 'Q':
		s := func(v uint32, bits uint) float64 {
			x := int32(v<<(32-bits)) >> (32 - bits)
			return max(float64(x)/float64(int32(1)<<(bits-1)-1), -1)
		}
		return [4]float64{s(w&1023, 10), s(w>>10&1023, 10), s(w>>20&1023, 10), s(w>>30, 2)}
	}
	pf := texel.RG11B10Float
	if f.kind == 'E' {
		pf = texel.RGB9E5Float
	}
	v, _ := texel.DecodeFloat(pf, b[:4])
	return [4]float64{float64(v[0]), float64(v[1]), float64(v[2]), 1}
}

var attrFormats = map[AttributeFormat]attrFormat{
	AttributeFormatFloat: {1, 4, 'f'}, AttributeFormatFloat2: {2, 4, 'f'}, AttributeFormatFloat3: {3, 4, 'f'}, AttributeFormatFloat4: {4, 4, 'f'},
	AttributeFormatHalf: {1, 2, 'h'}, AttributeFormatHalf2: {2, 2, 'h'}, AttributeFormatHalf3: {3, 2, 'h'}, AttributeFormatHalf4: {4, 2, 'h'},
	AttributeFormatInt: {1, 4, 'i'}, AttributeFormatInt2: {2, 4, 'i'}, AttributeFormatInt3: {3, 4, 'i'}, AttributeFormatInt4: {4, 4, 'i'},
	AttributeFormatUInt: {1, 4, 'u'}, AttributeFormatUInt2: {2, 4, 'u'}, AttributeFormatUInt3: {3, 4, 'u'}, AttributeFormatUInt4: {4, 4, 'u'},
	AttributeFormatUChar4Normalized: {4, 1, 'U'}, AttributeFormatChar4Normalized: {4, 1, 'S'},
	AttributeFormatUShort2Normalized: {2, 2, 'U'}, AttributeFormatShort2Normalized: {2, 2, 'S'},
	AttributeFormatUShort4Normalized: {4, 2, 'U'}, AttributeFormatShort4Normalized: {4, 2, 'S'},
	AttributeFormatUChar: {1, 1, 'u'}, AttributeFormatUChar2: {2, 1, 'u'}, AttributeFormatUChar3: {3, 1, 'u'}, AttributeFormatUChar4: {4, 1, 'u'},
	AttributeFormatChar: {1, 1, 'i'}, AttributeFormatChar2: {2, 1, 'i'}, AttributeFormatChar3: {3, 1, 'i'}, AttributeFormatChar4: {4, 1, 'i'},
	AttributeFormatUCharNormalized: {1, 1, 'U'}, AttributeFormatUChar2Normalized: {2, 1, 'U'}, AttributeFormatUChar3Normalized: {3, 1, 'U'},
	AttributeFormatCharNormalized: {1, 1, 'S'}, AttributeFormatChar2Normalized: {2, 1, 'S'}, AttributeFormatChar3Normalized: {3, 1, 'S'},
	AttributeFormatUShort: {1, 2, 'u'}, AttributeFormatUShort2: {2, 2, 'u'}, AttributeFormatUShort3: {3, 2, 'u'}, AttributeFormatUShort4: {4, 2, 'u'},
	AttributeFormatShort: {1, 2, 'i'}, AttributeFormatShort2: {2, 2, 'i'}, AttributeFormatShort3: {3, 2, 'i'}, AttributeFormatShort4: {4, 2, 'i'},
	AttributeFormatUShortNormalized: {1, 2, 'U'}, AttributeFormatUShort3Normalized: {3, 2, 'U'},
	AttributeFormatShortNormalized: {1, 2, 'S'}, AttributeFormatShort3Normalized: {3, 2, 'S'},
	AttributeFormatUChar4Normalized_BGRA: {4, 1, 'B'}, AttributeFormatUInt1010102Normalized: {4, 1, 'P'},
	AttributeFormatInt1010102Normalized: {4, 1, 'Q'}, AttributeFormatFloatRG11B10: {3, 1, 'R'}, AttributeFormatFloatRGB9E5: {3, 1, 'E'},
}

// StepFunction says how a compute stage-input layout picks the element a
// thread reads (MTLStepFunction's compute values).
type StepFunction int

// Step functions.
const (
	// StepFunctionConstant: every thread reads element 0.
	StepFunctionConstant StepFunction = iota
	// StepFunctionThreadPositionInGridX: element thread_position_in_grid.x / StepRate.
	StepFunctionThreadPositionInGridX
	// StepFunctionThreadPositionInGridY: element thread_position_in_grid.y / StepRate.
	StepFunctionThreadPositionInGridY
	// StepFunctionThreadPositionInGridXIndexed: element index[x / StepRate]
	// of the index buffer.
	StepFunctionThreadPositionInGridXIndexed
	// StepFunctionThreadPositionInGridYIndexed: element index[y / StepRate].
	StepFunctionThreadPositionInGridYIndexed
)

// AttributeDescriptor locates one [[attribute(n)]] (MTLAttributeDescriptor).
type AttributeDescriptor struct {
	Format      AttributeFormat
	Offset      int // bytes from the start of the element
	BufferIndex int // buffer binding point the attribute reads
}

// BufferLayoutDescriptor describes the elements of one stage-input buffer
// (MTLBufferLayoutDescriptor).
type BufferLayoutDescriptor struct {
	Stride       int
	StepFunction StepFunction
	StepRate     int // 0 or 1: every thread steps
}

// StageInputOutputDescriptor is the fetch description of a kernel's
// [[stage_in]] argument (MTLStageInputOutputDescriptor, set as
// ComputePipelineOptions.StageInput): the engine reads each thread's
// attributes from the bound buffers before the kernel runs.
type StageInputOutputDescriptor struct {
	// Attributes by attribute index.
	Attributes map[int]AttributeDescriptor
	// Layouts by buffer index.
	Layouts map[int]BufferLayoutDescriptor
	// IndexType and IndexBufferIndex give the index buffer of the
	// ...Indexed step functions.
	IndexType        IndexType
	IndexBufferIndex int
}

// stageFetch is the compiled fetch plan of a pipeline.
type stageFetch struct {
	record  int // bytes per thread
	members []memberFetch
	buffers []int // buffer indices read (layouts used), sorted as met
	indexed bool
	desc    StageInputOutputDescriptor
}

// memberFetch copies one attribute into a record.
type memberFetch struct {
	attr   int
	name   string
	dst    int // byte offset in the record
	comps  int // components of the member
	scalar sema.Kind
	f      AttributeFormat
	af     attrFormat // attrFormats[f]
	ad     AttributeDescriptor
	layout BufferLayoutDescriptor
}

// planStageInput checks desc against the kernel's [[stage_in]] struct.
func planStageInput(pipeline string, res *lower.Result, desc *StageInputOutputDescriptor) (*stageFetch, error) {
	return planStageFetch(stageFetchNames{method: "NewComputePipelineState", fn: pipeline, desc: "ComputePipelineOptions.StageInput", function: "kernel"}, res, desc)
}

// stageFetchNames name the method, function, descriptor field and
// function kind in a fetch plan's errors.
type stageFetchNames struct{ method, fn, desc, function string }

// planStageFetch checks desc against the [[stage_in]] struct of the
// lowered function res.
func planStageFetch(nm stageFetchNames, res *lower.Result, desc *StageInputOutputDescriptor) (*stageFetch, error) {
	pipeline := nm.method + " " + nm.fn
	var fd *lower.WrapperField
	if res.Wrapper != nil {
		for i := range res.Wrapper.Fields {
			if res.Wrapper.Fields[i].Bind == sema.BindStageIn {
				fd = &res.Wrapper.Fields[i]
			}
		}
	}
	if fd == nil {
		if desc != nil {
			return nil, fmt.Errorf("engine: %s: %s is set but the %s has no [[stage_in]] argument", pipeline, nm.desc, nm.function)
		}
		return nil, nil
	}
	if desc == nil {
		return nil, fmt.Errorf("engine: %s: the %s's [[stage_in]] argument %q needs %s", pipeline, nm.function, fd.Name, nm.desc)
	}
	t := fd.Type
	if t.Kind != sema.KStruct {
		return nil, fmt.Errorf("engine: %s: [[stage_in]] argument %q is not a struct", pipeline, fd.Name)
	}
	_, _, offs := sema.Layout(t)
	sf := &stageFetch{record: res.Wrapper.RecordSize, desc: *desc}
	seen := map[int]bool{}
	for i, f := range t.Struct.Fields {
		a := f.Attr("attribute")
		if a == nil || f.Static {
			continue
		}
		idx := int(a.IntArg(0, -1))
		ad, ok := desc.Attributes[idx]
		if !ok {
			return nil, fmt.Errorf("engine: %s: %s.Attributes has no attribute %d for member %q", pipeline, nm.desc, idx, f.Name)
		}
		if _, ok := attrFormats[ad.Format]; !ok {
			return nil, fmt.Errorf("engine: %s: %s.Attributes[%d].Format %d is not a supported format", pipeline, nm.desc, idx, ad.Format)
		}
		lay, ok := desc.Layouts[ad.BufferIndex]
		if !ok {
			return nil, fmt.Errorf("engine: %s: %s.Layouts has no layout for buffer %d (attribute %d)", pipeline, nm.desc, ad.BufferIndex, idx)
		}
		if ad.Offset < 0 || ad.BufferIndex < 0 || ad.BufferIndex >= MaxBufferArguments {
			return nil, fmt.Errorf("engine: %s: %s.Attributes[%d] has offset %d, buffer index %d", pipeline, nm.desc, idx, ad.Offset, ad.BufferIndex)
		}
		if lay.StepFunction < StepFunctionConstant || lay.StepFunction > StepFunctionThreadPositionInGridYIndexed || lay.StepRate < 0 ||
			(lay.StepFunction != StepFunctionConstant && lay.Stride <= 0) {
			return nil, fmt.Errorf("engine: %s: %s.Layouts[%d] (stride %d, step function %d, rate %d) is invalid", pipeline, nm.desc, ad.BufferIndex, lay.Stride, lay.StepFunction, lay.StepRate)
		}
		comps, scalar := 1, f.Type.Kind
		switch f.Type.Kind {
		case sema.KVector, sema.KPacked:
			comps, scalar = f.Type.N, f.Type.Elem.Kind
		case sema.KFloat, sema.KHalf, sema.KInt, sema.KUInt, sema.KShort, sema.KUShort, sema.KChar, sema.KUChar:
		default:
			return nil, fmt.Errorf("engine: %s: [[stage_in]] member %q of type %s cannot be fetched", pipeline, f.Name, f.Type)
		}
		if lay.StepFunction == StepFunctionThreadPositionInGridXIndexed || lay.StepFunction == StepFunctionThreadPositionInGridYIndexed {
			sf.indexed = true
		}
		if !seen[ad.BufferIndex] {
			seen[ad.BufferIndex] = true
			sf.buffers = append(sf.buffers, ad.BufferIndex)
		}
		sf.members = append(sf.members, memberFetch{attr: idx, name: f.Name, dst: fd.Offset + offs[i], comps: comps, scalar: scalar,
			f: ad.Format, af: attrFormats[ad.Format], ad: ad, layout: lay})
	}
	if sf.indexed && desc.IndexType != IndexTypeUInt16 && desc.IndexType != IndexTypeUInt32 {
		return nil, fmt.Errorf("engine: %s: %s.IndexType must be UInt16 or UInt32 for an indexed step function", pipeline, nm.desc)
	}
	return sf, nil
}

// stageSource is a buffer the fetch reads, captured at encoding time.
type stageSource struct {
	index int
	buf   *Buffer // nil: bytes
	bytes []byte
	off   int
}

func (s stageSource) data() []byte {
	if s.buf != nil {
		return s.buf.Contents()[s.off:]
	}
	return s.bytes
}

// stageDispatch is the stage-input work of one dispatch: the records
// buffer (bound to the kernel) and the sources it is filled from when the
// command runs, so that earlier commands' writes are seen.
type stageDispatch struct {
	plan    *stageFetch
	records exec.Buffer
	sources map[int]stageSource
	grid    [3]uint32 // threads per grid
}

// fill fetches every thread's attributes into the records.
func (s *stageDispatch) fill(kernel string) error {
	gx, gy := int(s.grid[0]), int(s.grid[1])
	n := len(s.records.Data) / max(s.plan.record, 1)
	var index []byte
	if s.plan.indexed {
		index = s.sources[s.plan.desc.IndexBufferIndex].data()
	}
	// Each member's source bytes, resolved once (not per thread).
	srcs := make([][]byte, len(s.plan.members))
	for k, m := range s.plan.members {
		srcs[k] = s.sources[m.ad.BufferIndex].data()
	}
	for r := range n {
		x, y := r%gx, (r/gx)%gy
		for k, m := range s.plan.members {
			rate := max(m.layout.StepRate, 1)
			var e int
			switch m.layout.StepFunction {
			case StepFunctionThreadPositionInGridX:
				e = x / rate
			case StepFunctionThreadPositionInGridY:
				e = y / rate
			case StepFunctionThreadPositionInGridXIndexed, StepFunctionThreadPositionInGridYIndexed:
				k := x / rate
				if m.layout.StepFunction == StepFunctionThreadPositionInGridYIndexed {
					k = y / rate
				}
				isz := 4
				if s.plan.desc.IndexType == IndexTypeUInt16 {
					isz = 2
				}
				if (k+1)*isz > len(index) {
					return fmt.Errorf("%s: stage input: thread %d reads index %d beyond the index buffer at index %d (%d bytes)", kernel, r, k, s.plan.desc.IndexBufferIndex, len(index))
				}
				if isz == 2 {
					e = int(binary.LittleEndian.Uint16(index[2*k:]))
				} else {
					e = int(binary.LittleEndian.Uint32(index[4*k:]))
				}
			}
			src := srcs[k]
			af := m.af
			at := e*m.layout.Stride + m.ad.Offset
			if at < 0 || at+af.bytes() > len(src) {
				return fmt.Errorf("%s: stage input: attribute %d (member %q) of thread %d reads bytes [%d, %d) beyond the buffer at index %d (%d bytes)",
					kernel, m.attr, m.name, r, at, at+af.bytes(), m.ad.BufferIndex, len(src))
			}
			writeMember(s.records.Data[r*s.plan.record+m.dst:], &m, af, src[at:])
		}
	}
	return nil
}

// writeMember decodes an attribute's components and stores them converted
// to the member's scalar kind.
func writeMember(dst []byte, m *memberFetch, af attrFormat, src []byte) {
	if af.kind == 'f' && m.scalar == sema.KFloat {
		// float attributes into float members: the bytes as they are.
		n := min(af.n, m.comps)
		copy(dst[:4*n], src[:4*n])
		for c := n; c < m.comps; c++ {
			v := float32(0)
			if c == 3 {
				v = 1
			}
			binary.LittleEndian.PutUint32(dst[4*c:], math.Float32bits(v))
		}
		return
	}
	for c := range m.comps {
		var fv float64
		var iv int64
		isFloat := false
		if c >= af.n {
			if c == 3 {
				fv, iv = 1, 1
			}
			isFloat = af.kind != 'i' && af.kind != 'u'
		} else if af.packed() {
			fv, isFloat = af.unpack(src)[c], true
		} else {
			b := src[c*af.size:]
			switch af.kind {
			case 'f':
				fv, isFloat = float64(math.Float32frombits(binary.LittleEndian.Uint32(b))), true
			case 'h':
				fv, isFloat = float64(fmath.HalfToFloat32(binary.LittleEndian.Uint16(b))), true
			case 'i':
				switch af.size {
				case 1:
					iv = int64(int8(b[0]))
				case 2:
					iv = int64(int16(binary.LittleEndian.Uint16(b)))
				default:
					iv = int64(int32(binary.LittleEndian.Uint32(b)))
				}
			case 'u':
				switch af.size {
				case 1:
					iv = int64(b[0])
				case 2:
					iv = int64(binary.LittleEndian.Uint16(b))
				default:
					iv = int64(binary.LittleEndian.Uint32(b))
				}
			case 'U':
				isFloat = true
				if af.size == 1 {
					fv = float64(b[0]) / 255
				} else {
					fv = float64(binary.LittleEndian.Uint16(b)) / 65535
				}
			case 'S':
				isFloat = true
				if af.size == 1 {
					fv = max(float64(int8(b[0]))/127, -1)
				} else {
					fv = max(float64(int16(binary.LittleEndian.Uint16(b)))/32767, -1)
				}
			}
		}
		if isFloat {
			iv = int64(fv)
		} else {
			fv = float64(iv)
		}
		switch m.scalar {
		case sema.KFloat:
			binary.LittleEndian.PutUint32(dst[4*c:], math.Float32bits(float32(fv)))
		case sema.KHalf:
			binary.LittleEndian.PutUint16(dst[2*c:], fmath.Float32ToHalf(float32(fv)))
		case sema.KInt, sema.KUInt:
			binary.LittleEndian.PutUint32(dst[4*c:], uint32(iv))
		case sema.KShort, sema.KUShort:
			binary.LittleEndian.PutUint16(dst[2*c:], uint16(iv))
		case sema.KChar, sema.KUChar:
			dst[c] = byte(iv)
		}
	}
}

// stageDispatch captures the stage-input sources of a dispatch and
// allocates its records.
func (e *ComputeCommandEncoder) stageDispatch(p *ComputePipelineState, grid exec.Grid) (*stageDispatch, error) {
	threads := grid.Threads
	for i := range threads {
		if threads[i] == 0 {
			threads[i] = grid.Threadgroups[i] * grid.ThreadsPerThreadgroup[i]
		}
	}
	n := uint64(threads[0]) * uint64(threads[1]) * uint64(threads[2])
	size := n * uint64(p.stage.record)
	if size > 1<<30 {
		return nil, e.fail("%s: stage input for %d threads needs %d bytes of records, more than 1 GiB", p.name, n, size)
	}
	sd := &stageDispatch{plan: p.stage, sources: map[int]stageSource{}, grid: threads}
	need := append([]int(nil), p.stage.buffers...)
	if p.stage.indexed {
		need = append(need, p.stage.desc.IndexBufferIndex)
	}
	for _, i := range need {
		if i < 0 || i >= MaxBufferArguments {
			return nil, e.fail("%s: stage input buffer index %d outside [0, %d)", p.name, i, MaxBufferArguments)
		}
		s := e.buffers[i]
		if !s.set || s.isHandle {
			return nil, e.fail("%s: missing buffer at index %d for the [[stage_in]] attributes", p.name, i)
		}
		src := stageSource{index: i, buf: s.buf, off: s.offset}
		if s.buf == nil {
			src.bytes = s.bytes.Data
		} else {
			e.cb.mu.Lock()
			e.cb.keep = append(e.cb.keep, s.buf)
			e.cb.mu.Unlock()
		}
		sd.sources[i] = src
	}
	d := e.cb.q.dev
	d.mu.Lock()
	addr := d.nextAddr
	d.nextAddr += (size+bufferAlign-1)&^(bufferAlign-1) + guardGap
	d.mu.Unlock()
	sd.records = exec.Buffer{Addr: addr, Data: make([]byte, size), ReadOnly: true, Name: "stage_in records"}
	return sd, nil
}
