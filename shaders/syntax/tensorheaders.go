package syntax

import _ "embed" // the tensor headers are MSL files of headers/

// The tensor part of Metal 4: <metal_tensor> (execution scopes, extents,
// tensor descriptors, cooperative tensors) and Apple's
// <MetalPerformancePrimitives/MetalPerformancePrimitives.h> (the
// mpp::tensor_ops::matmul2d operation), written in MSL from Apple's
// documentation of the API. Cooperative tensors have ingot's own layout
// (the API leaves it to the implementation); matmul2d::run on cooperative
// tensors is plain MSL (SIMD-group shuffles and a loop), so it lowers and
// runs like any other code. metal::tensor itself, whose element type
// carries an address space (tensor<device half, dextents<int, 2>>), is
// rejected at its use with a static_assert: ingot's template arguments
// carry no address space.

//go:embed headers/metal_tensor.h
var metalTensorHeader string

//go:embed headers/MetalPerformancePrimitives.h
var mppHeader string
