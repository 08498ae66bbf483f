package exec

import "unsafe"

func uintptrOf(s []uint32) uintptr {
	if len(s) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(&s[0]))
}
