package engine

import "unsafe"

// recWords views the stage records rec (size bytes each) as 32-bit words
// in host order, for the word-aligned slot accesses of the fragment stage;
// ok is false when rec's start or size is not 4-byte aligned.
func recWords(rec []byte, size int) (w []uint32, ok bool) {
	if len(rec) < 4 || size%4 != 0 || uintptr(unsafe.Pointer(&rec[0]))%4 != 0 {
		return nil, false
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&rec[0])), len(rec)/4), true
}
