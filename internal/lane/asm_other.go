//go:build !amd64

package lane

// useAsm is false: the assembly kernels exist only on amd64.
const useAsm = false

// useAsmFMA is false with useAsm.
const useAsmFMA = false

func addF32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func subF32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func mulF32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func divF32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func addI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func subI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func mulI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func andI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func orI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func xorI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func xorMulI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func xorShrU32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func shlI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func shrU32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func shrI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func minF32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func clampF32x64(d, a, b, c *uint32) { panic("lane: no assembly kernels") }

func maxF32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func ltF32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func leF32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func select32x64(d, c, a, b *uint32) { panic("lane: no assembly kernels") }

func mulAddF32x64(d, a, b, c *float32) { panic("lane: no assembly kernels") }

func addMulF32x64(d, a, b, c *float32) { panic("lane: no assembly kernels") }

func mulSubF32x64(d, a, b, c *float32) { panic("lane: no assembly kernels") }

func subMulF32x64(d, a, b, c *float32) { panic("lane: no assembly kernels") }

func sqrtF32x64(d, a *float32) { panic("lane: no assembly kernels") }

func moveMasked32x64(d, s *uint32, m uint64) { panic("lane: no assembly kernels") }

func cmpLtF32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpLeF32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpEqF32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpNeF32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpLtI32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpLeI32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpEqI32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpNeI32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpLtU32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpLeU32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpEqU32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func cmpNeU32x64(a, b *uint32) uint64 { panic("lane: no assembly kernels") }

func fromBools32x64(c *uint32) uint64 { panic("lane: no assembly kernels") }

func reverse32x64(d, a *uint32) { panic("lane: no assembly kernels") }

func fmaF32x64(d, a, b, c *float32) { panic("lane: no assembly kernels") }

func negF32x64(d, a *uint32) { panic("lane: no assembly kernels") }

func absF32x64(d, a *uint32) { panic("lane: no assembly kernels") }

func notB32x64(d, a *uint32) { panic("lane: no assembly kernels") }

func i32toF32x64(d, a *uint32) { panic("lane: no assembly kernels") }

func u32toF32x64(d, a *uint32) { panic("lane: no assembly kernels") }

func vzeroupper() {}

func addrsU64x64(d, p *uint64, x *uint32, off, scale uint64) { panic("lane: no assembly kernels") }

func addrsI64x64(d, p *uint64, x *uint32, off, scale uint64) { panic("lane: no assembly kernels") }

func affineU64x64(d *uint64, x *uint32, off, scale uint64) { panic("lane: no assembly kernels") }

func affineI64x64(d *uint64, x *uint32, off, scale uint64) { panic("lane: no assembly kernels") }

func offset64x64(d, p *uint64, off uint64) { panic("lane: no assembly kernels") }

func minI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func maxI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func minU32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func maxU32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func eqF32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func neF32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func eqU32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func neU32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func sext64x64(d *uint64, a *uint32) { panic("lane: no assembly kernels") }

func ftoI32x64(d, a *uint32) { panic("lane: no assembly kernels") }

func copy32x64(d, s *uint32) { panic("lane: no assembly kernels") }

func copy64x64(d, s *uint64) { panic("lane: no assembly kernels") }

func ltI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func leI32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func ltU32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }

func leU32x64(d, a, b *uint32) { panic("lane: no assembly kernels") }
