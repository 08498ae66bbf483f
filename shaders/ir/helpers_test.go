package ir_test

import "math"

func nan() float64 { return math.NaN() }
