// Package sema type-checks MSL: it resolves names, types every
// expression, resolves overloads (address spaces included), evaluates
// constant expressions, lays out types exactly as Metal does, and enforces
// the rules of MSL spec chapter 5 for qualified (entry-point) functions.
//
// # Entry point
//
//	fset := diag.NewFileSet()
//	diags := diag.NewList(fset)
//	file := syntax.ParseFile(fset, name, src, opts, diags)
//	prog := sema.Check(fset, file, &sema.Config{FastMath: true}, diags)
//
// Check never stops at the first error and never panics on bad input (an
// internal failure becomes an "internal" diagnostic); every error has a
// stable Code and an exact position. An erroneous expression gets the
// Invalid type, which silently satisfies every later check, so errors do
// not cascade. Types sema does not model (the less common members of
// handle types such as intersection_query internals, sparse texture
// results, simdgroup_matrix operations) get Unknown, which is likewise
// accepted without diagnostics.
//
// # Types
//
// A *Type is interned: identical types are the same pointer (struct, enum
// and opaque types are identical when they are the same declaration), so
// compare types with ==. Kind classifies a type; the constructors are
// Vec, Packed, Mat, ArrayOf, PointerTo, RefTo, AtomicOf, TextureOf,
// PixelOf and OpaqueOf, and the predeclared scalars are Bool, Char, UChar,
// Short, UShort, Int, UInt, Long, ULong, Half, BFloat, Float, SizeT,
// PtrDiffT and Void. Pointers and references carry their address space
// (Type.Space) and the const/volatile qualification of the pointee.
// Textures carry shape (Tex), component type (Elem) and Access. Ray
// tracing, mesh, imageblock and other handle templates are KOpaque with
// their template arguments in Type.Opaque.Args.
//
// Layout(t) returns size, alignment and (for structs) member offsets per
// MSL: float3 is 16 bytes aligned to 16, packed_float3 12 bytes aligned to
// 4, matrices are arrays of padded column vectors, bool is one byte,
// pointers and resource handles are 8 bytes.
//
// ImplicitConversion(from, to, opts) gives the C++/MSL conversion and its
// Rank (exact, promotion, conversion, user-defined, none): scalars convert
// freely (bfloat only to float), scalars splat to vectors, vectors never
// convert implicitly to another element type or width, packed vectors and
// their aligned vectors convert both ways, pointers may only add
// qualifiers and never change address space. CommonScalar,
// BinaryOperandType and MatrixMulType give the usual arithmetic
// conversions and the operator result types. Value, ConvertValue,
// EvalBinary and EvalUnary evaluate constants with MSL wrap-around,
// shift-count masking, and half/bfloat rounding. Constant expressions
// include literals, enumerators, constexpr and const-initialized
// variables, template value parameters, sizeof/alignof, vector
// constructors and swizzles of constants, and calls of constexpr
// functions whose bodies are made of constant declarations, if/else and
// returns.
//
// The metal_stdlib functions are declared as generic signatures in
// builtinTable ("F clamp(F, F, F)", see Builtin); Builtins(ns, name)
// returns them and MatchBuiltin/MatchFunc/Resolve implement overload
// resolution with C++ ranking. Unqualified math functions resolve to the
// metal::fast (Config.FastMath) or metal::precise variant; the chosen
// namespace is recorded in Builtin.NS.
//
// # The checked program
//
// Program.Functions lists every qualified function — kernel, vertex,
// fragment, visible, stitchable, intersection, object, mesh — in
// declaration order; each explicit template instantiation
// (`template [[host_name("x")]] kernel void f<int>(device int*);`) is its
// own Function with TemplArgs set. Program.Lookup finds one by host name
// or qualified name ("outer::inner::functionB"). A Function holds:
//
//   - Kind, Name (namespace-qualified), HostName ([[host_name]] or Name),
//     TemplArgs, Result, Pos;
//   - the function attributes: Patch, MaxTotalThreadsPerThreadgroup,
//     RequiredThreadsPerThreadgroup, MaxTotalThreadgroupsPerMeshGrid,
//     UserAnnotation (inherited from the template unless the
//     instantiation overrides it), Intersection (primitive and tags),
//     EarlyFragmentTests, and all attributes in Attrs;
//   - Params: each with its declared Type, Space, Access, Bind (buffer,
//     texture, sampler, threadgroup, stage_in, builtin, payload,
//     imageblock, imageblock_data, color, mesh, mesh_grid_properties),
//     Index (explicit, or assigned in declaration order per resource group
//     skipping taken slots; arguments with [[function_constant]] get an
//     index but reserve none), IndexConst (an index given by a function
//     constant), Count (slots used by arrays of textures/samplers),
//     FuncConst (the condition of an optional argument), Builtin (the
//     built-in attribute name), and, for [[stage_in]], StageIn: each member
//     with its path, [[attribute(n)]] index, [[user]] name, function
//     constant condition and byte offset; Used tells whether the body
//     refers to the argument;
//   - FuncConsts: the function constants the function depends on (body,
//     called helpers, optional arguments, stage_in members, binding
//     indices; derived constants pull in their operands);
//   - Func: the checked *Func with its body.
//
// Program.FuncConsts lists the function constants (Name, Index, Type;
// Index -1 and Init set for derived ones such as `constant bool c = a &&
// b;`). Program.Globals lists program-scope variables (Value holds the
// constant value of constant/constexpr ones). Program.Funcs lists every
// function body that was checked (helpers, methods, each template
// instance) for lowering.
//
// # Expression information
//
// Each checked body has its own *Info (Func.Info); program-scope
// expressions (global initializers, function-constant expressions,
// attribute arguments, array sizes) are in Program.Info. Template
// instances have separate Infos, because the same syntax node has
// different types in each. Info.Exprs maps every expression node to an
// *ExprInfo:
//
//   - Type (references stripped), LValue, Const and Space of the
//     designated object;
//   - Value: the constant value, when the expression is constant;
//   - Var (a NameExpr's variable; Var.Member marks an implicit this->
//     field), Field (a MemberExpr's struct field), Swizzle (component
//     indices of v.xzy);
//   - Func or Builtin: the resolved callee of a call (also of overloaded
//     operators and constructors);
//   - Conv: the implicit conversion to apply to this expression's value
//     where it is used (argument, assignment, initializer, return value,
//     binary operand); nil when none;
//   - IsType and Construct for type names and constructions/casts.
//
// Info.Vars maps local VarDecls and ParamDecls to their *Var, and
// Info.Types maps written TypeExprs to resolved types.
//
// A lambda (Metal 3.2) is checked as its own *Func (ExprInfo.Func of the
// LambdaExpr, also listed in Program.Funcs) whose body Info refers to the
// enclosing function's Vars for captured variables; the LambdaExpr has a
// function type, so calls through the variable holding it are typed.
// Functions declared `auto` get the type of their first return value.
// Function and class templates are checked per instantiation only: a
// template nobody instantiates is not checked.
//
// # Rules enforced (spec chapter 5)
//
// Return types of qualified functions (kernel/object/mesh return void;
// vertex returns void, float4 or a struct with a float4 [[position]];
// outputs cannot hold packed vectors, matrices, structs, pointers;
// vertex functions writing memory return void), [[early_fragment_tests]]
// only on fragment functions and without depth/stencil outputs, qualified
// functions not calling each other directly (visible ones excepted),
// unique binding indices per resource group and their ranges, automatic
// index assignment, one [[stage_in]] (members scalar/vector with
// [[attribute(n)]]), built-in attribute types and the matching-type rules
// of §5.2.3.6, [[payload]] once and in the right address space, unique
// [[host_name]]s, no `static` locals in qualified functions, function
// constant indices 0..65535 and scalar/vector types, no function named
// main, intersection inputs/outputs allowed only with the matching
// primitive type and tags (tables 5.10/5.11), interpolation qualifiers,
// imageblock rules (no [[color]] in explicit imageblocks, view matching
// and aliasing, raster order groups, alias_implicit_imageblock_color),
// program-scope binding consistency (§5.9), plus the C++ subset rules of
// chapter 1 (no double, virtual functions, derived classes,
// dynamic_cast, thread_local; lambdas need Metal 3.2). Where Apple's
// compiler accepts what the text forbids, ingot does too: noexcept is
// ignored and read_write texture locals are allowed (docs/msl-compat.md).
package sema
