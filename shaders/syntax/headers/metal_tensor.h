// ingot's <metal_tensor>: execution scopes, extents, tensor descriptors and cooperative tensors of
// Metal 4, written for ingot from the documented API. metal::tensor itself is rejected at its use (its
// element type carries an address space, which ingot's template arguments do not).
namespace metal {
constant constexpr size_t dynamic_extent = size_t(-1);

// Execution scopes of tensor operations.
struct execution_thread {
  static constexpr constant int __simdgroups = 0;
};
struct execution_simdgroup {
  static constexpr constant int __simdgroups = 1;
};
template <int N> struct execution_simdgroups {
  static_assert(N > 0, "execution_simdgroups needs at least one SIMD-group");
  static constexpr constant int __simdgroups = N;
};
template <typename T> struct __is_execution_scope { static constexpr constant bool value = false; };
template <> struct __is_execution_scope<execution_thread> { static constexpr constant bool value = true; };
template <> struct __is_execution_scope<execution_simdgroup> { static constexpr constant bool value = true; };
template <int N> struct __is_execution_scope<execution_simdgroups<N>> { static constexpr constant bool value = true; };

template <typename IndexType, size_t... Extents> struct extents {
  using index_type = IndexType;
  static constexpr size_t rank() { return sizeof...(Extents); }
};
template <typename IndexType, size_t Rank> struct __dextents_of {
  static_assert(Rank >= 1 && Rank <= 4, "dextents: ingot supports ranks 1 to 4");
};
template <typename IndexType> struct __dextents_of<IndexType, 1> { using type = extents<IndexType, dynamic_extent>; };
template <typename IndexType> struct __dextents_of<IndexType, 2> { using type = extents<IndexType, dynamic_extent, dynamic_extent>; };
template <typename IndexType> struct __dextents_of<IndexType, 3> { using type = extents<IndexType, dynamic_extent, dynamic_extent, dynamic_extent>; };
template <typename IndexType> struct __dextents_of<IndexType, 4> { using type = extents<IndexType, dynamic_extent, dynamic_extent, dynamic_extent, dynamic_extent>; };
template <typename IndexType, size_t Rank> using dextents = typename __dextents_of<IndexType, Rank>::type;

// Tensor descriptors.
struct tensor_handle {};
struct tensor_inline {};
struct tensor_offset {};

template <typename T> struct __tensor_unsupported { static constexpr constant bool value = false; };
template <typename ElementType, typename Extents, typename Descriptor = tensor_handle> struct tensor {
  static_assert(__tensor_unsupported<ElementType>::value,
                "metal::tensor is not supported by ingot (tensors need address-space element types); use cooperative tensors of a tensor operation");
};

// A cooperative tensor: the elements of a Rows x Cols tile that one thread
// of the operation's execution scope holds, in ingot's layout Layout.
template <typename ElementType, typename Extents, typename Layout> struct cooperative_tensor {
  using element_type = ElementType;
  using extents_type = Extents;
  using layout_type = Layout;
  ElementType __elems[Layout::capacity];
  thread ElementType& operator[](int i) thread { return __elems[i]; }
  const thread ElementType& operator[](int i) const thread { return __elems[i]; }
  uint16_t get_capacity() const thread { return uint16_t(Layout::capacity); }
  bool get_mask(int i) const thread { return i >= 0 && i < Layout::capacity; }
  int2 get_multidimensional_index(int i) const thread { return Layout::__coord(__metal_get_thread_index_in_simdgroup(ushort()), i); }
};
template <typename T> struct __is_cooperative_tensor { static constexpr constant bool value = false; };
template <typename E, typename X, typename L> struct __is_cooperative_tensor<cooperative_tensor<E, X, L>> { static constexpr constant bool value = true; };

// ingot's layout of a Rows x Cols tile (multiples of 16) over the 32
// threads of a SIMD-group: 16 x 16 fragments in row-major order, 8
// elements of each per thread; thread l holds rows r0 and r0 + 8 and
// columns c0 .. c0 + 3 of a fragment, r0 = (l >> 4) * 4 + ((l >> 1) & 3),
// c0 = (((l >> 3) & 1) * 2 + (l & 1)) * 4.
template <int Rows, int Cols> struct __frag16_layout {
  static_assert(Rows > 0 && Cols > 0 && Rows % 16 == 0 && Cols % 16 == 0,
                "ingot's cooperative tensors need tile dimensions that are multiples of 16");
  static constexpr constant int capacity = (Rows / 16) * (Cols / 16) * 8;
  // __coord returns (column, row) of element i of thread lane.
  static int2 __coord(int lane, int i) {
    int frag = i / 8, j = i % 8;
    int r0 = (lane >> 4) * 4 + ((lane >> 1) & 3);
    int c0 = (((lane >> 3) & 1) * 2 + (lane & 1)) * 4;
    return int2((frag % (Cols / 16)) * 16 + c0 + j % 4, (frag / (Cols / 16)) * 16 + r0 + (j / 4) * 8);
  }
};
} // namespace metal
