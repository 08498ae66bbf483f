package engine

import (
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"

	"github.com/ingot-render/ingot/internal/texel"
)

// TextureDescriptor describes a texture (MTLTextureDescriptor): type,
// pixel format, size, mip levels, array length, sample count and usage.
// Zero Height, Depth, MipmapLevelCount, ArrayLength and SampleCount mean 1.
type TextureDescriptor = texel.Descriptor

// PixelFormat is a Metal pixel format (MTLPixelFormat raw values).
type PixelFormat = texel.PixelFormat

// TextureType is a Metal texture type (MTLTextureType raw values).
type TextureType = texel.TextureType

// TextureUsage is a set of MTLTextureUsage bits.
type TextureUsage = texel.Usage

// Region is a box of texels (MTLRegion).
type Region = texel.Region

// Common pixel formats (every MTLPixelFormat value is accepted; see
// ParsePixelFormat for the others).
const (
	PixelFormatR8Unorm         = texel.R8Unorm
	PixelFormatR32Float        = texel.R32Float
	PixelFormatR32Uint         = texel.R32Uint
	PixelFormatR32Sint         = texel.R32Sint
	PixelFormatRG32Float       = texel.RG32Float
	PixelFormatRGBA8Unorm      = texel.RGBA8Unorm
	PixelFormatRGBA8Unorm_sRGB = texel.RGBA8Unorm_sRGB
	PixelFormatBGRA8Unorm      = texel.BGRA8Unorm
	PixelFormatRGBA16Float     = texel.RGBA16Float
	PixelFormatRGBA32Float     = texel.RGBA32Float
	PixelFormatRGBA32Uint      = texel.RGBA32Uint
	PixelFormatDepth32Float    = texel.Depth32Float
	PixelFormatRGBA8Uint       = texel.RGBA8Uint
	PixelFormatRGBA8Snorm      = texel.RGBA8Snorm
	PixelFormatBGRA8Unorm_sRGB = texel.BGRA8Unorm_sRGB
	PixelFormatRGB10A2Unorm    = texel.RGB10A2Unorm
	PixelFormatRG11B10Float    = texel.RG11B10Float
	PixelFormatR16Float        = texel.R16Float
	PixelFormatRG16Float       = texel.RG16Float
	PixelFormatDepth16Unorm    = texel.Depth16Unorm
	PixelFormatStencil8        = texel.Stencil8

	PixelFormatDepth32Float_Stencil8 = texel.Depth32Float_Stencil8
	PixelFormatDepth24Unorm_Stencil8 = texel.Depth24Unorm_Stencil8
)

// Texture types.
const (
	TextureType1D                 = texel.Type1D
	TextureType1DArray            = texel.Type1DArray
	TextureType2D                 = texel.Type2D
	TextureType2DArray            = texel.Type2DArray
	TextureType2DMultisample      = texel.Type2DMultisample
	TextureTypeCube               = texel.TypeCube
	TextureTypeCubeArray          = texel.TypeCubeArray
	TextureType3D                 = texel.Type3D
	TextureType2DMultisampleArray = texel.Type2DMultisampleArray
	TextureTypeTextureBuffer      = texel.TypeTextureBuffer
)

// Storage modes (MTLStorageMode). A memoryless texture lives only in the
// tiles of the render passes it is an attachment of: it may not be loaded
// or stored (load action clear or dontCare, store action dontCare or
// multisampleResolve into another texture), bound to shaders, or read or
// written by the CPU; it costs no device memory traffic.
const (
	StorageModeShared     = texel.StorageShared
	StorageModeManaged    = texel.StorageManaged
	StorageModePrivate    = texel.StoragePrivate
	StorageModeMemoryless = texel.StorageMemoryless
)

// StorageMode is MTLStorageMode.
type StorageMode = texel.StorageMode

// Texture usages.
const (
	TextureUsageUnknown      = texel.UsageUnknown
	TextureUsageShaderRead   = texel.UsageShaderRead
	TextureUsageShaderWrite  = texel.UsageShaderWrite
	TextureUsageRenderTarget = texel.UsageRenderTarget
)

// ParsePixelFormat returns the pixel format with the given Metal name
// ("RGBA8Unorm", with or without the "MTLPixelFormat" prefix).
func ParsePixelFormat(name string) (PixelFormat, error) { return texel.ParseFormat(name) }

// Texture2DDescriptor returns the descriptor of a 2D texture, with a full
// mip chain when mipmapped.
func Texture2DDescriptor(f PixelFormat, width, height int, mipmapped bool) TextureDescriptor {
	return texel.Texture2DDescriptor(f, width, height, mipmapped)
}

// textureStore is what the device's resource table holds for a texture.
type textureStore struct {
	tex   *texel.Texture
	typ   texel.TextureType
	label atomic.Value // string
}

// Texture is formatted image memory (MTLTexture) with a resource ID that
// shaders can read from argument buffers.
type Texture struct {
	dev *Device
	st  *textureStore
	id  uint64
}

// NewTexture allocates a zeroed texture (MTLDevice newTextureWithDescriptor);
// an invalid descriptor is an error naming the field.
func (d *Device) NewTexture(desc TextureDescriptor) (*Texture, error) {
	if desc.StorageMode > StorageModeMemoryless {
		return nil, fmt.Errorf("engine: NewTexture: StorageMode %d is not a storage mode", desc.StorageMode)
	}
	if desc.StorageMode == StorageModeMemoryless && desc.Usage&^TextureUsageRenderTarget != 0 {
		return nil, fmt.Errorf("engine: NewTexture: StorageMode memoryless needs Usage RenderTarget alone (a memoryless texture is only a render attachment), not %#x", desc.Usage)
	}
	t, err := texel.New(desc)
	if err != nil {
		return nil, fmt.Errorf("engine: NewTexture: %w", err)
	}
	return d.addTexture(t), nil
}

func (d *Device) addTexture(t *texel.Texture) *Texture {
	st := &textureStore{tex: t, typ: t.Type()}
	st.label.Store("")
	d.mu.Lock()
	d.nextID++
	id := textureTag | d.nextID
	d.textures[id] = st
	d.memGen++
	d.mu.Unlock()
	tx := &Texture{dev: d, st: st, id: id}
	runtime.AddCleanup(tx, func(id uint64) { d.removeResource(id) }, id)
	return tx
}

func (d *Device) removeResource(id uint64) {
	d.mu.Lock()
	delete(d.textures, id)
	delete(d.samplers, id)
	d.memGen++
	d.mu.Unlock()
}

// GPUResourceID returns the texture's resource ID (MTLTexture
// gpuResourceID), the value a texture member of an argument buffer holds.
func (t *Texture) GPUResourceID() uint64 { return t.id }

// Descriptor returns the texture's descriptor with defaults filled in.
func (t *Texture) Descriptor() TextureDescriptor { return t.st.tex.Descriptor() }

// TextureType returns the texture's type.
func (t *Texture) TextureType() TextureType { return t.st.typ }

// PixelFormat returns the texture's pixel format.
func (t *Texture) PixelFormat() PixelFormat { return t.st.tex.Format() }

// Width returns the width of mip level 0.
func (t *Texture) Width() int { return t.st.tex.Width(0) }

// Height returns the height of mip level 0.
func (t *Texture) Height() int { return t.st.tex.Height(0) }

// Depth returns the depth of mip level 0.
func (t *Texture) Depth() int { return t.st.tex.Depth(0) }

// MipmapLevelCount returns the number of mip levels.
func (t *Texture) MipmapLevelCount() int { return t.st.tex.MipLevels() }

// ArrayLength returns the number of array layers.
func (t *Texture) ArrayLength() int { return t.st.tex.ArrayLength() }

// Label returns the texture's debug label.
func (t *Texture) Label() string { return t.st.label.Load().(string) }

// SetLabel sets the texture's debug label.
func (t *Texture) SetLabel(s string) { t.st.label.Store(s) }

// ReplaceRegion copies texel bytes from src into region r of mip level
// lod of slice (array layer, cube face or layer·6+face), as MTLTexture
// replaceRegion: rows bytesPerRow apart, 3D images bytesPerImage apart.
func (t *Texture) ReplaceRegion(r Region, lod, slice int, src []byte, bytesPerRow, bytesPerImage int) error {
	if t.memoryless() {
		return fmt.Errorf("engine: Texture.ReplaceRegion: %w", errMemoryless)
	}
	if err := t.st.tex.ReplaceRegion(r, lod, slice, src, bytesPerRow, bytesPerImage); err != nil {
		return fmt.Errorf("engine: Texture.ReplaceRegion: %w", err)
	}
	return nil
}

// GetBytes copies region r of mip level lod of slice into dst, as
// MTLTexture getBytes.
func (t *Texture) GetBytes(dst []byte, bytesPerRow, bytesPerImage int, r Region, lod, slice int) error {
	if t.memoryless() {
		return fmt.Errorf("engine: Texture.GetBytes: %w", errMemoryless)
	}
	if err := t.st.tex.GetBytes(dst, bytesPerRow, bytesPerImage, r, lod, slice); err != nil {
		return fmt.Errorf("engine: Texture.GetBytes: %w", err)
	}
	return nil
}

// StorageMode returns the texture's storage mode.
func (t *Texture) StorageMode() StorageMode { return t.st.tex.Descriptor().StorageMode }

func (t *Texture) memoryless() bool { return t != nil && t.StorageMode() == StorageModeMemoryless }

// errMemoryless is the error of CPU or shader access to a memoryless
// texture.
var errMemoryless = errors.New("the texture is memoryless: its contents exist only in render pass tiles")

// Release removes the texture from the device's resource table now;
// shaders using its resource ID fault afterwards.
func (t *Texture) Release() { t.dev.removeResource(t.id) }
