package exec

import "unsafe"

func uintptrOf(s []uint32) uintptr {
	if len(s) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(&s[0]))
}

// words views b (whose length is a multiple of 4) as 32-bit words in host
// (little-endian) order, when its start is 4-byte aligned.
func words(b []byte) ([]uint32, bool) {
	if len(b) == 0 || uintptr(unsafe.Pointer(&b[0]))%4 != 0 {
		return nil, false
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4), true
}
