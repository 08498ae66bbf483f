package ir

import "fmt"

// Kind is the type of a scalar register or memory element. Vectors,
// matrices, structs and arrays are scalarized by the lowering: a float4 is
// four F32 registers; aggregates addressed dynamically live in memory.
type Kind uint8

// Scalar kinds. Pointers are U64 addresses (see Space).
const (
	Void Kind = iota
	Bool      // 0 or 1; one byte in memory
	I8        // registers hold the value sign-extended to 32 bits
	I16
	I32
	I64
	U8 // registers hold the value zero-extended to 32 bits
	U16
	U32
	U64
	F16 // registers hold the value as a float32 rounded to binary16
	F32
	numKinds
)

var kindNames = [...]string{"void", "bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Valid reports whether k is a value kind (not Void, not out of range).
func (k Kind) Valid() bool { return k > Void && k < numKinds }

// Size returns the size in bytes of k in memory.
func (k Kind) Size() int {
	switch k {
	case Bool, I8, U8:
		return 1
	case I16, U16, F16:
		return 2
	case I32, U32, F32:
		return 4
	case I64, U64:
		return 8
	}
	return 0
}

// Bits returns the width of k in bits (Bool: 1).
func (k Kind) Bits() int {
	if k == Bool {
		return 1
	}
	return 8 * k.Size()
}

// IsFloat reports whether k is F16 or F32.
func (k Kind) IsFloat() bool { return k == F16 || k == F32 }

// IsInt reports whether k is a signed or unsigned integer kind.
func (k Kind) IsInt() bool { return k >= I8 && k <= U64 }

// IsSigned reports whether k is a signed integer kind.
func (k Kind) IsSigned() bool { return k >= I8 && k <= I64 }

// Wide reports whether registers of kind k hold 64 bits (I64, U64);
// every other kind lives in a 32-bit register.
func (k Kind) Wide() bool { return k == I64 || k == U64 }

// Space is a memory address space. Every address is a U64; its meaning
// depends on the space the load or store names:
//   - Device, Constant: a GPU address resolved through the buffer table.
//   - Threadgroup: a byte offset into the threadgroup's memory.
//   - Thread: a private address, (frame depth << 24) | byte offset, into the
//     invoking lane's own stack frame (see Alloca).
type Space uint8

// Address spaces.
const (
	Device Space = iota
	Constant
	Threadgroup
	Thread
	numSpaces
)

var spaceNames = [...]string{"device", "constant", "threadgroup", "thread"}

func (s Space) String() string {
	if int(s) < len(spaceNames) {
		return spaceNames[s]
	}
	return fmt.Sprintf("space(%d)", uint8(s))
}

// ThreadFrameShift is the bit position of the frame depth in a Thread-space
// address; offsets within a frame are below 1<<ThreadFrameShift.
const ThreadFrameShift = 24
