//===- StructAttrs.h - Struct attribute bodies read once --------*- C++ -*-===//
//
// The parser reads the body of a dialect attribute into typed fields when
// it is a struct of integers and integer lists, as MLIR prints the
// dimension numbers of StableHLO / MHLO:
//
//   #stablehlo.gather<offset_dims = [1], index_vector_dim = 1>
//       -> offset_dims = [1], index_vector_dim = 1
//   #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>
//       -> input_batch_dimension = 0, input_spatial_dimensions = [1, 2],
//          ... (the fields of the `raw` form)
//
// The fields land in Attribute::entries with Attribute::structured set;
// any other body leaves the attribute text only, and the op that needs it
// opaque.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_PARSER_STRUCTATTRS_H
#define SYMSHAPE_FRONTEND_PARSER_STRUCTATTRS_H

#include "symshape/frontend/Attribute.h"

#include <string_view>

namespace symshape::frontend {

/// Reads `body` (`<...>`, the brackets included) of the attribute
/// `#name<...>` into `attr`'s fields: a convolution's dimension numbers
/// when `name` ends in `.conv`, else `key = integer | [integers]` fields
/// (after an optional `raw`). Leaves `attr` as it was when the body is
/// neither.
void readStructBody(Attribute &attr, std::string_view name,
                    std::string_view body);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_PARSER_STRUCTATTRS_H
