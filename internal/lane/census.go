package lane

// censusOp names the float kernels that the denormal census counts
// (build tag ingot_denormcensus: census_on.go).
type censusOp uint8

const (
	cAdd censusOp = iota
	cSub
	cMul
	cDiv
	cMin
	cMax
	cFma
	cMulAdd
	cAddMul
	cMulSub
	cSubMul
	cSqrt
	cLt
	cLe
	cCmpMask
	numCensusOps
)

var censusNames = [numCensusOps]string{"add", "sub", "mul", "div", "min", "max", "fma", "muladd", "addmul", "mulsub", "submul", "sqrt", "lt", "le", "cmpmask"}
