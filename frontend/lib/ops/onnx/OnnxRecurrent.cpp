//===- OnnxRecurrent.cpp - ONNX LSTM, GRU and RNN
//--------------------------===//
//
// From the ONNX operator docs (LSTM-22, GRU-22, RNN-22), with G gates (LSTM
// 4, GRU 3, RNN 1), D directions (2 for `direction = "bidirectional"`, else
// 1) and H = hidden_size (when absent: R's last dim):
//   X [seq, batch, input] (layout 0) or [batch, seq, input] (layout 1);
//   W [D, G*H, input], R [D, G*H, H], B [D, 2*G*H], sequence_lens [batch],
//   initial_h (and LSTM's initial_c) [D, batch, H] (layout 1: [batch, D,
//   H]), LSTM's P [D, 3*H];
//   Y [seq, D, batch, H] (layout 1: [batch, seq, D, H]), Y_h (and LSTM's
//   Y_c) like initial_h.
// Optional inputs left out are not checked; outputs left out are only
// declared. ReverseSequence-10: the input's shape (rank >= 2), batch_axis
// and time_axis "one of 1 (default), or 0" and "one of 0 (default), or 1",
// sequence_lens of shape [batch_size].
//
//===----------------------------------------------------------------------===//

#include "OnnxNeuralCommon.h"

namespace symshape::frontend {

namespace {

/// Input `i`, when present, has the dims `want` (each an `equal`).
bool requireDims(OpContext &c, size_t i, const std::vector<TermId> &want,
                 const std::string &what) {
  if (onnxAbsent(c, i))
    return true;
  std::optional<std::vector<TermId>> dims = onnxInputDims(c, i);
  if (!dims)
    return false;
  if (dims->size() != want.size()) {
    c.error(what + " has rank " + std::to_string(dims->size()) + ", expected " +
            std::to_string(want.size()));
    return false;
  }
  for (size_t d = 0; d < want.size(); ++d)
    if (!onnxRequireEqual(c, (*dims)[d], want[d],
                          "dim " + std::to_string(d) + " of " + what +
                              " and its expected size"))
      return false;
  return true;
}

template <int Gates> void lowerRecurrent(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> r = x ? onnxInputDims(c, 2) : x;
  if (!r)
    return;
  if (x->size() != 3 || r->size() != 3)
    return c.error("X and R must have rank 3");
  std::string direction = onnxString(c, "direction").value_or("forward");
  if (direction != "forward" && direction != "reverse" &&
      direction != "bidirectional")
    return c.opaque("direction '" + direction + "' is not understood");
  int64_t layout = onnxInt(c, "layout").value_or(0);
  if (layout != 0 && layout != 1)
    return c.opaque("layout " + std::to_string(layout) + " is not understood");
  TermId dirs = c.constant(direction == "bidirectional" ? 2 : 1);
  TermId seq = (*x)[layout == 0 ? 0 : 1], batch = (*x)[layout == 0 ? 1 : 0],
         input = (*x)[2];
  std::optional<int64_t> hiddenAttr = onnxInt(c, "hidden_size");
  TermId hidden = hiddenAttr ? c.constant(*hiddenAttr) : (*r)[2];
  TermId gates = c.mul(c.constant(Gates), hidden);
  if (!requireDims(c, 1, {dirs, gates, input}, "W") ||
      !requireDims(c, 2, {dirs, gates, hidden}, "R") ||
      !requireDims(c, 3, {dirs, c.mul(c.constant(2), gates)}, "B") ||
      !requireDims(c, 4, {batch}, "sequence_lens"))
    return;
  std::vector<TermId> state = layout == 0
                                  ? std::vector<TermId>{dirs, batch, hidden}
                                  : std::vector<TermId>{batch, dirs, hidden};
  if (!requireDims(c, 5, state, "initial_h"))
    return;
  if (Gates == 4 &&
      (!requireDims(c, 6, state, "initial_c") ||
       !requireDims(c, 7, {dirs, c.mul(c.constant(3), hidden)}, "P")))
    return;
  setOnnxOutput(c, 0,
                layout == 0 ? std::vector<TermId>{seq, dirs, batch, hidden}
                            : std::vector<TermId>{batch, seq, dirs, hidden});
  for (size_t out = 1; out < c.numResults(); ++out)
    setOnnxOutput(c, out, state);
}

/// onnx.ReverseSequence-10.
void lowerReverseSequence(OpContext &c) {
  std::optional<std::vector<TermId>> x = onnxInputDims(c, 0);
  std::optional<std::vector<TermId>> lens = x ? onnxInputDims(c, 1) : x;
  if (!lens)
    return;
  if (x->size() < 2)
    return c.error("the input has rank " + std::to_string(x->size()) +
                   ": ReverseSequence needs rank >= 2");
  int64_t batch = onnxInt(c, "batch_axis").value_or(1);
  int64_t time = onnxInt(c, "time_axis").value_or(0);
  if ((batch != 0 && batch != 1) || (time != 0 && time != 1) || batch == time)
    return c.error("batch_axis " + std::to_string(batch) + " and time_axis " +
                   std::to_string(time) + ": one must be 0, the other 1");
  if (lens->size() != 1)
    return c.error("sequence_lens has rank " + std::to_string(lens->size()) +
                   ": it must be [batch_size]");
  if (!onnxRequireEqual(c, (*lens)[0], (*x)[size_t(batch)],
                        "the sizes " + onnxDimName(c, 1, 0) +
                            " of sequence_lens and the batch " +
                            onnxDimName(c, 0, size_t(batch))))
    return;
  setOnnxOutput(c, 0, std::move(*x));
}

} // namespace

const std::vector<OnnxRule> &onnxRecurrentRules() {
  static const std::vector<OnnxRule> rules = {
      {"LSTM", lowerRecurrent<4>,
       "Y [seq, D, batch, H], Y_h / Y_c [D, batch, H] (layout 1: batch "
       "first); W, R, B, initial states and P of the sizes X and H give"},
      {"GRU", lowerRecurrent<3>,
       "Y [seq, D, batch, H], Y_h [D, batch, H] (layout 1: batch first); "
       "W, R, B, initial_h of the sizes X and H give"},
      {"RNN", lowerRecurrent<1>,
       "Y [seq, D, batch, H], Y_h [D, batch, H] (layout 1: batch first); "
       "W, R, B, initial_h of the sizes X and H give"},
      {"ReverseSequence", lowerReverseSequence,
       "the input's shape; sequence_lens [batch_size]"},
  };
  return rules;
}

} // namespace symshape::frontend
