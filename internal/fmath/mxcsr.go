package fmath

// Bits of the x86 SSE control and status register (MXCSR), for
// measurements and tests of denormal handling: see [MXCSR]. Production code
// never changes the floating-point environment (the same bits on every CPU
// are a promise of the project; a flush to zero, where one is wanted, is
// done explicitly on the values).
const (
	MXCSRInvalidFlag   uint32 = 1 << 0  // IE: an invalid operation (a NaN result) happened
	MXCSRDenormalFlag  uint32 = 1 << 1  // DE: an operand was a denormal
	MXCSRUnderflowFlag uint32 = 1 << 4  // UE: a result was tiny (denormal or flushed)
	MXCSRFlags         uint32 = 0x3f    // all six sticky exception flags
	MXCSRDenormalsZero uint32 = 1 << 6  // DAZ: denormal operands read as zero
	MXCSRDenormalMask  uint32 = 1 << 8  // DM: a denormal operand does not trap
	MXCSRUnderflowMask uint32 = 1 << 11 // UM: an underflow does not trap
	MXCSRFlushToZero   uint32 = 1 << 15 // FTZ: tiny results become zero
	MXCSRDefault       uint32 = 0x1f80  // all exceptions masked, round to nearest
)
