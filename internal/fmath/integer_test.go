package fmath

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// bigOf returns x as a big.Int.
func bigOf[T Integer](x T) *big.Int {
	if isSigned[T]() {
		return big.NewInt(int64(x))
	}
	return new(big.Int).SetUint64(uint64(x))
}

// satBig clamps v to T's range.
func satBig[T Integer](v *big.Int) T {
	if v.Cmp(bigOf(maxOf[T]())) > 0 {
		return maxOf[T]()
	}
	if v.Cmp(bigOf(minOf[T]())) < 0 {
		return minOf[T]()
	}
	return wrapBig[T](v)
}

// wrapBig reduces v modulo 2^width into T.
func wrapBig[T Integer](v *big.Int) T {
	w := width[T]()
	m := new(big.Int).Lsh(big.NewInt(1), w)
	r := new(big.Int).Mod(v, m) // non-negative
	return T(r.Uint64())
}

// floorShift returns floor(v / 2).
func floorHalf(v *big.Int) *big.Int { return new(big.Int).Rsh(v, 1) } // Rsh floors for negatives

// checkIntOps compares every integer function on (x, y, z) with big.Int references.
func checkIntOps[T Integer](t *testing.T, x, y, z T) {
	t.Helper()
	bx, by, bz := bigOf(x), bigOf(y), bigOf(z)
	w := width[T]()
	fail := func(op string, got, want T) {
		t.Helper()
		t.Fatalf("%T %s(%d, %d, %d) = %d, want %d", x, op, x, y, z, got, want)
	}
	if got, want := AddSat(x, y), satBig[T](new(big.Int).Add(bx, by)); got != want {
		fail("addsat", got, want)
	}
	if got, want := SubSat(x, y), satBig[T](new(big.Int).Sub(bx, by)); got != want {
		fail("subsat", got, want)
	}
	if got, want := Absdiff(x, y), wrapBig[T](new(big.Int).Abs(new(big.Int).Sub(bx, by))); got != want {
		fail("absdiff", got, want)
	}
	if got, want := Hadd(x, y), wrapBig[T](floorHalf(new(big.Int).Add(bx, by))); got != want {
		fail("hadd", got, want)
	}
	if got, want := Rhadd(x, y), wrapBig[T](floorHalf(new(big.Int).Add(new(big.Int).Add(bx, by), big.NewInt(1)))); got != want {
		fail("rhadd", got, want)
	}
	prod := new(big.Int).Mul(bx, by)
	hi := new(big.Int).Rsh(prod, w) // floor division by 2^w
	if got, want := Mulhi(x, y), wrapBig[T](hi); got != want {
		fail("mulhi", got, want)
	}
	if got, want := Madhi(x, y, z), wrapBig[T](new(big.Int).Add(hi, bz)); got != want {
		fail("madhi", got, want)
	}
	if got, want := Madsat(x, y, z), satBig[T](new(big.Int).Add(prod, bz)); got != want {
		fail("madsat", got, want)
	}
	if got, want := Max3(x, y, z), max(x, y, z); got != want {
		fail("max3", got, want)
	}
	if got, want := Min3(x, y, z), min(x, y, z); got != want {
		fail("min3", got, want)
	}
	s := []T{x, y, z}
	if s[0] > s[1] {
		s[0], s[1] = s[1], s[0]
	}
	if s[1] > s[2] {
		s[1], s[2] = s[2], s[1]
	}
	if s[0] > s[1] {
		s[0], s[1] = s[1], s[0]
	}
	if got := Median3(x, y, z); got != s[1] {
		fail("median3", got, s[1])
	}
	if got, want := AbsInt(x), wrapBig[T](new(big.Int).Abs(bx)); got != want {
		fail("abs", got, want)
	}
	if got, want := ClampInt(x, min(y, z), max(y, z)), min(max(x, min(y, z)), max(y, z)); got != want {
		fail("clamp", got, want)
	}
	// bit functions against a bit-by-bit reference
	u := ubits(x)
	var clz, ctz, pop T
	var rev uint64
	seen := false
	for i := int(w) - 1; i >= 0; i-- {
		bit := u >> uint(i) & 1
		if bit == 1 {
			seen = true
			pop++
		} else if !seen {
			clz++
		}
		rev |= bit << (w - 1 - uint(i))
	}
	for i := uint(0); i < w && u>>i&1 == 0; i++ {
		ctz++
	}
	if got := Clz(x); got != clz {
		fail("clz", got, clz)
	}
	if got := Ctz(x); got != ctz {
		fail("ctz", got, ctz)
	}
	if got := Popcount(x); got != pop {
		fail("popcount", got, pop)
	}
	if got := ReverseBits(x); got != T(rev) {
		fail("reverse_bits", got, T(rev))
	}
	sh := uint(ubits(y)) % w
	rot := u
	for range sh {
		rot = (rot<<1 | rot>>(w-1)) & (^uint64(0) >> (64 - w))
	}
	if got := Rotate(x, y); got != T(rot) {
		fail("rotate", got, T(rot))
	}
	off, n := uint(ubits(z))%w, uint(ubits(y))%(w+1)
	n = min(n, w-off)
	var ext uint64
	for i := uint(0); i < n; i++ {
		ext |= (u >> (off + i) & 1) << i
	}
	if isSigned[T]() && n > 0 && ext>>(n-1)&1 == 1 { // sign-extend
		for i := n; i < 64; i++ {
			ext |= 1 << i
		}
	}
	if got := ExtractBits(x, off, n); got != T(ext) {
		fail("extract_bits", got, T(ext))
	}
	ins := ubits(y)
	res := ubits(z)
	for i := uint(0); i < n; i++ {
		res = res&^(1<<(off+i)) | (ins>>i&1)<<(off+i)
	}
	if got := InsertBits(z, y, off, n); got != T(res) {
		fail("insert_bits", got, T(res))
	}
}

func TestIntegerExhaustive8(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 21))
	for x := range 256 {
		for y := range 256 {
			z := r.Uint32()
			checkIntOps(t, int8(x), int8(y), int8(z))
			checkIntOps(t, uint8(x), uint8(y), uint8(z))
		}
	}
}

// edgeInts returns interesting values of T mixed with random ones.
func randInt[T Integer](r *rand.Rand) T {
	switch r.IntN(6) {
	case 0:
		return maxOf[T]()
	case 1:
		return minOf[T]()
	case 2:
		return T(r.IntN(5)) - 2
	case 3:
		return maxOf[T]() - T(r.IntN(3))
	}
	return T(r.Uint64())
}

func testIntRandom[T Integer](t *testing.T, n int) {
	r := rand.New(rand.NewPCG(22, uint64(width[T]())))
	for range n {
		checkIntOps(t, randInt[T](r), randInt[T](r), randInt[T](r))
	}
}

func TestIntegerRandom(t *testing.T) {
	n := samples() / 4
	testIntRandom[int16](t, n)
	testIntRandom[uint16](t, n)
	testIntRandom[int32](t, n)
	testIntRandom[uint32](t, n)
	testIntRandom[int64](t, n)
	testIntRandom[uint64](t, n)
}

func TestMul24(t *testing.T) {
	if got := Mul24(int32(-3), int32(5)); got != -15 {
		t.Errorf("mul24(-3, 5) = %d", got)
	}
	if got := Mul24(int32(0x7fffff), int32(2)); got != 0xfffffe {
		t.Errorf("mul24(0x7fffff, 2) = %#x", got)
	}
	if got := Mul24(uint32(0x1000003), uint32(2)); got != 6 {
		t.Errorf("mul24 ignores bits above 24: got %d", got)
	}
	if got := Mad24(uint32(3), uint32(4), uint32(5)); got != 17 {
		t.Errorf("mad24(3, 4, 5) = %d", got)
	}
}

func TestIntegerLanes(t *testing.T) {
	x := []int32{1, -5, 1 << 30, -1 << 31, 0, 7}
	y := []int32{2, 9, 1 << 30, -1, 0, -7}
	dst := make([]int32, len(x))
	AddSatLanes(dst, x, y)
	SubSatLanes(dst[:0], x, y) // zero length is fine
	for i := range x {
		if dst[i] != AddSat(x[i], y[i]) {
			t.Fatalf("AddSatLanes[%d]", i)
		}
	}
	for _, c := range []struct {
		name string
		fn   func(dst, x []int32)
		s    func(int32) int32
	}{{"clz", ClzLanes[int32], Clz[int32]}, {"ctz", CtzLanes[int32], Ctz[int32]}, {"popcount", PopcountLanes[int32], Popcount[int32]}, {"reverse", ReverseBitsLanes[int32], ReverseBits[int32]}} {
		c.fn(dst, x)
		for i := range x {
			if dst[i] != c.s(x[i]) {
				t.Fatalf("%sLanes[%d]", c.name, i)
			}
		}
	}
	SubSatLanes(dst, x, y)
	for i := range x {
		if dst[i] != SubSat(x[i], y[i]) {
			t.Fatalf("SubSatLanes[%d]", i)
		}
	}
	MulhiLanes(dst, x, y)
	for i := range x {
		if dst[i] != Mulhi(x[i], y[i]) {
			t.Fatalf("MulhiLanes[%d]", i)
		}
	}
}
