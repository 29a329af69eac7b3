//===- TorchSelected.cpp - torch ops whose result size the data decides ---===//
//
// Written from PyTorch's documentation and ATen, not from symshape's rules:
//  - torch.nonzero(input): "of size (z x n), where z is the total number
//    of non-zero elements in the input tensor" and n its dims;
//  - torch.masked_select(input, mask): a 1-D tensor of the elements where
//    the mask is true, the two "must be broadcastable" (ATen expands both
//    with expand_outplace first): a mask element counts once per copy the
//    broadcast makes of it;
//  - torch.scalar_tensor(s, dtype, ...): a 0-d tensor holding s (a bool
//    as 1 / 0);
//  - aten::_assert_async.msg(self, msg) (TensorCompare.cpp):
//    TORCH_CHECK(is_nonzero(self), msg), and is_nonzero raises "Boolean
//    value of Tensor with no values / more than one value is ambiguous"
//    unless self has one element. A raised check stops the run cleanly.
// A count needs the contents: without them the op is unsupported (the
// oracle does not guess data).
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

namespace symshape::models::oracle {

namespace {

int64_t countNonzero(const std::vector<int64_t> &data) {
  int64_t n = 0;
  for (int64_t v : data)
    n += v != 0;
  return n;
}

bool nonzero(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  std::optional<std::vector<int64_t>> data = e.contents(0);
  if (!data || int64_t(data->size()) != product(*x))
    return e.unsupported("nonzero of a tensor whose contents are unknown");
  return e.setResult(0, {countNonzero(*data), int64_t(x->size())});
}

bool maskedSelect(Eval &e) {
  const Shape *self = e.shape(0), *mask = self ? e.shape(1) : nullptr;
  if (!mask)
    return false;
  std::optional<Shape> b = torchBroadcast(e, *self, *mask);
  if (!b)
    return false;
  std::optional<std::vector<int64_t>> data = e.contents(1);
  if (!data || int64_t(data->size()) != product(*mask))
    return e.unsupported("masked_select by a mask whose contents are unknown");
  // Each mask element is copied along the broadcast dims where the mask
  // has size 1 or no dim at all.
  int64_t copies = 1;
  for (size_t k = 0; k < b->size(); ++k) {
    size_t fromEnd = b->size() - 1 - k;
    bool missing = fromEnd >= mask->size();
    if (missing || (*mask)[mask->size() - 1 - fromEnd] == 1)
      copies *= (*b)[k];
  }
  return e.setResult(0, {countNonzero(*data) * copies});
}

bool scalarTensor(Eval &e) {
  // A bool converts to 1 / 0 in every dtype; an int only when no dtype
  // narrows it (the default float dtype keeps whether it is 0).
  std::optional<int64_t> s = e.scalar(0);
  const std::string &type = e.operandType(0).spelling;
  bool kept =
      type == "!torch.bool" || (type == "!torch.int" && torchNone(e, 1));
  if (s && kept)
    return e.setResult(0, {}, std::vector<int64_t>{*s});
  return e.setResult(0, {});
}

bool assertAsync(Eval &e) {
  const Shape *self = e.shape(0);
  if (!self)
    return false;
  if (!e.check(product(*self) == 1,
               "Boolean value of Tensor with no values or more than one "
               "value is ambiguous"))
    return false;
  std::optional<std::vector<int64_t>> data = e.contents(0);
  if (!data || data->size() != 1)
    return e.unsupported("_assert_async of a tensor whose value is unknown");
  return e.check((*data)[0] != 0, "_assert_async: the tensor is zero");
}

} // namespace

static void registerTorchSelected() {
  add("torch.aten.nonzero", nonzero);
  add("torch.aten.masked_select", maskedSelect);
  add("torch.aten.scalar_tensor", scalarTensor);
  add("torch.aten._assert_async.msg", assertAsync);
}

static const RuleFile rules(__FILE__, registerTorchSelected);

} // namespace symshape::models::oracle
