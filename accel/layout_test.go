package accel

import (
	"reflect"
	"testing"
	"unsafe"
)

// Options.same reads the eight one-byte fields as one word and MaxLevels
// and WorldSpaceData on their own: the fields must lie so.
func TestOptionsSameLayout(t *testing.T) {
	ty := reflect.TypeFor[Options]()
	if ty.NumField() != 10 {
		t.Fatalf("Options has %d fields; same compares 10", ty.NumField())
	}
	for i := 0; i < 8; i++ {
		f := ty.Field(i)
		if f.Offset != uintptr(i) || f.Type.Size() != 1 {
			t.Errorf("field %s at %d, %d bytes: same reads one byte at %d", f.Name, f.Offset, f.Type.Size(), i)
		}
	}
	if f := ty.Field(8); f.Name != "MaxLevels" {
		t.Errorf("field 8 is %s: same reads MaxLevels", f.Name)
	}
	if f := ty.Field(9); f.Name != "WorldSpaceData" {
		t.Errorf("field 9 is %s: same reads WorldSpaceData", f.Name)
	}
}

// same tells apart options that differ in any one field and matches equal
// ones.
func TestOptionsSame(t *testing.T) {
	base := Options{Winding: CounterClockwise, MaxLevels: 3}
	c := base
	if !base.same(&c) {
		t.Fatal("equal options: same false")
	}
	for i := 0; i < reflect.TypeFor[Options]().NumField(); i++ {
		c := base
		f := reflect.ValueOf(&c).Elem().Field(i)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Uint8:
			f.SetUint(f.Uint() ^ 0x80)
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		default:
			t.Fatalf("field %d: kind %v", i, f.Kind())
		}
		if base.same(&c) || c.same(&base) {
			t.Errorf("options differing in field %s: same true", reflect.TypeFor[Options]().Field(i).Name)
		}
		if c.same(&c) != (c == c) {
			t.Errorf("field %s: same of a value with itself", reflect.TypeFor[Options]().Field(i).Name)
		}
	}
}

// clearHit clears the spans before and after PrimitiveData as bytes: they
// must hold no pointers, and each must stay below the compiler's 192-byte
// limit for unrolled zeroing.
func TestClearHitLayout(t *testing.T) {
	ty := reflect.TypeFor[Hit]()
	for i := 0; i < ty.NumField(); i++ {
		f := ty.Field(i)
		if f.Name == "PrimitiveData" {
			continue
		}
		if hasPointers(f.Type) {
			t.Errorf("Hit.%s holds pointers: clearHit clears it as bytes", f.Name)
		}
	}
	if hitDataOff >= 192 || hitTailLen >= 192 {
		t.Errorf("clearHit's spans %d and %d bytes: not unrolled", hitDataOff, hitTailLen)
	}
}

func hasPointers(ty reflect.Type) bool {
	switch ty.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.String, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return hasPointers(ty.Elem())
	case reflect.Struct:
		for i := 0; i < ty.NumField(); i++ {
			if hasPointers(ty.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// clearHit leaves a Hit with every byte set equal to Hit{}.
func TestClearHit(t *testing.T) {
	var h Hit
	b := (*[unsafe.Sizeof(Hit{})]byte)(unsafe.Pointer(&h))
	for i := range b {
		b[i] = 0xa5
	}
	h.PrimitiveData = []byte{1, 2, 3}
	clearHit(&h)
	if !reflect.DeepEqual(h, Hit{}) {
		t.Fatalf("clearHit left %+v", h)
	}
	for i := range b {
		if b[i] != 0 && (uintptr(i) < hitDataOff || uintptr(i) >= hitTailOff) {
			t.Fatalf("byte %d is %#x", i, b[i])
		}
	}
}
