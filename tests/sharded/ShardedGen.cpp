//===- ShardedGen.cpp - Sharded programs as JAX prints them ---------------===//
//
// One shape of program, the tensor-parallel layer of a shard_map (as in
// the corpus's jit_loss_fsdp): x [B, D] sharded [{"x"}, {"y"}], w [D, H]
// sharded [{"y"}, {}]; the body multiplies its local parts ([b, d] x
// [d, H]: partial sums over y) and combines them over the y groups with
// one of:
//
//   psum          all_reduce                          -> [b, H]
//   psum_scatter  reduce_scatter dim 1, all_gather dim 1 -> [b, H]
//   ragged        all_reduce, all_to_all 1->0 and 0->1 -> [b, H]
//
// then optionally a collective_permute over the x groups and a tanh. The
// body returns [b, H] and out_shardings [{"x"}, {}] make it [B, H].
//
//===----------------------------------------------------------------------===//

#include "ShardedGen.h"

#include <random>

namespace symshape::sharded {

namespace {

constexpr int64_t kDyn = -1; ///< a `?` dim

std::string dim(int64_t a) { return a == kDyn ? "?" : std::to_string(a); }

std::string t(int64_t a, int64_t b) {
  return "tensor<" + dim(a) + "x" + dim(b) + "xf32>";
}

/// Devices are numbered x-major over the mesh [x=X, y=Y] (what
/// use_global_device_ids means here): groups along y are rows of ids
/// x*Y + j, groups along x columns i*Y + y.
std::string groups(int64_t X, int64_t Y, bool alongY) {
  int64_t count = alongY ? X : Y, size = alongY ? Y : X;
  std::string out = "dense<[";
  for (int64_t g = 0; g < count; ++g) {
    out += g ? ", [" : "[";
    for (int64_t k = 0; k < size; ++k)
      out += (k ? ", " : "") + std::to_string(alongY ? g * Y + k : k * Y + g);
    out += "]";
  }
  return out + "]> : tensor<" + std::to_string(count) + "x" +
         std::to_string(size) + "xi64>";
}

struct Writer {
  std::string body;
  int next = 0;
  int channel = 1;
  std::string handle() {
    return "channel_handle = #stablehlo.channel_handle<handle = " +
           std::to_string(channel++) + ", type = 1>";
  }
  std::string fresh() { return "%" + std::to_string(next++); }
};

const char *kReducer = "      ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
                       "        %s = stablehlo.add %a, %b : tensor<f32>\n"
                       "        stablehlo.return %s : tensor<f32>\n";

} // namespace

ShardedProgram generateSharded(uint64_t seed, bool planted, bool dynamic) {
  std::mt19937_64 rng(seed * 7919 + (planted ? 1 : 0) + (dynamic ? 2 : 0));
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  ShardedProgram p;
  p.seed = seed;
  p.planted = planted;
  const int64_t xs[] = {1, 2, 4}, ys[] = {2, 4};
  int64_t X = xs[pick(0, 2)], Y = ys[pick(0, 1)];
  int64_t b = 2 * pick(1, 4), d = 8 * pick(1, 4), h = 4 * pick(1, 8);
  int64_t B = X * b, D = Y * d, H = Y * h;
  int style = int(pick(0, 2)); // psum, psum_scatter, ragged
  bool permute = pick(0, 1) == 1, activation = pick(0, 1) == 1;
  // Planted: a batch its manual axes do not divide, or a reduce_scatter
  // over a dim its group size does not divide.
  // (A dynamic batch is never planted: it is whatever the caller passes.)
  bool plantBatch = planted && !dynamic && X > 1 && pick(0, 1) == 0;
  bool plantScatter = planted && !plantBatch;
  if (plantBatch)
    B = X * b + pick(1, X - 1);
  if (plantScatter) {
    style = 1;
    H = Y * h + pick(1, Y - 1);
  }
  int64_t Hout = plantScatter ? Y * h : H; // the scattered result, gathered
  p.dynamic = dynamic;
  if (dynamic)
    p.sizes["%arg0[0]"] = B;
  // The batch as written: global, local, and gathered over y by all_to_all.
  int64_t tB = dynamic ? kDyn : B, tb = dynamic ? kDyn : b,
          tbY = dynamic ? kDyn : b * Y;
  Writer w;
  std::string &s = w.body;
  std::string c = w.fresh();
  s += "    " + c + " = sdy.sharding_constraint %arg0 <@mesh, [{\"x\"}, " +
       "{\"y\"}]> : " + t(tB, D) + "\n";
  std::string mc = w.fresh();
  if (dynamic && X > 1) { // the global batch must be a multiple of x
    p.expectedResult = mc;
    p.expectedCondition = "%arg0[0] mod " + std::to_string(X) + " != 0";
  }
  if (plantBatch) {
    p.plantedResult = mc;
    p.plantedWhat =
        "batch " + std::to_string(B) + " over x=" + std::to_string(X);
  }
  std::string outSharding =
      plantScatter ? "[{\"x\"}, {\"y\"}]" : "[{\"x\"}, {}]";
  s +=
      "    " + mc + " = sdy.manual_computation(" + c +
      ", %arg1) in_shardings=[<@mesh, [{\"x\"}, {\"y\"}]>, <@mesh, [{\"y\"}, " +
      "{}]>] out_shardings=[<@mesh, " + outSharding +
      ">] manual_axes={\"x\", \"y\"} (%arg2: " + t(tb, d) +
      ", %arg3: " + t(d, H) + ") {\n";
  std::string v = w.fresh();
  s += "      " + v + " = stablehlo.dot_general %arg2, %arg3, " +
       "contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (" +
       t(tb, d) + ", " + t(d, H) + ") -> " + t(tb, H) + "\n";
  auto allReduce = [&](const std::string &in, int64_t cols) {
    std::string r = w.fresh();
    s += "      " + r + " = \"stablehlo.all_reduce\"(" + in + ") <{" +
         w.handle() + ", replica_groups = " + groups(X, Y, true) +
         ", use_global_device_ids}> ({\n" + kReducer + "      }) : (" +
         t(tb, cols) + ") -> " + t(tb, cols) + "\n";
    p.features.push_back("all_reduce");
    return r;
  };
  if (style == 0) {
    v = allReduce(v, H);
  } else if (style == 1) {
    std::string r = w.fresh();
    if (plantScatter) {
      p.plantedResult = r;
      p.plantedWhat = "reduce_scatter of " + std::to_string(H) + " over " +
                      std::to_string(Y);
    }
    s += "      " + r + " = \"stablehlo.reduce_scatter\"(" + v + ") <{" +
         w.handle() + ", replica_groups = " + groups(X, Y, true) +
         ", scatter_dimension = 1 : i64, use_global_device_ids}> ({\n" +
         kReducer + "      }) : (" + t(tb, H) + ") -> " + t(tb, H / Y) + "\n";
    p.features.push_back("reduce_scatter");
    v = r;
    if (!plantScatter) {
      std::string g = w.fresh();
      s += "      " + g + " = \"stablehlo.all_gather\"(" + v +
           ") <{all_gather_dim = 1 : i64, " + w.handle() +
           ", replica_groups = " + groups(X, Y, true) +
           ", use_global_device_ids}> : (" + t(tb, H / Y) + ") -> " + t(tb, H) +
           "\n";
      p.features.push_back("all_gather");
      v = g;
    }
  } else {
    v = allReduce(v, H);
    std::string a = w.fresh(), back = w.fresh();
    s += "      " + a + " = \"stablehlo.all_to_all\"(" + v +
         ") <{concat_dimension = 0 : i64, " + w.handle() +
         ", replica_groups = " + groups(X, Y, true) +
         ", split_count = " + std::to_string(Y) +
         " : i64, split_dimension = 1 : i64}> : (" + t(tb, H) + ") -> " +
         t(tbY, H / Y) + "\n";
    s += "      " + back + " = \"stablehlo.all_to_all\"(" + a +
         ") <{concat_dimension = 1 : i64, " + w.handle() +
         ", replica_groups = " + groups(X, Y, true) +
         ", split_count = " + std::to_string(Y) +
         " : i64, split_dimension = 0 : i64}> : (" + t(tbY, H / Y) + ") -> " +
         t(tb, H) + "\n";
    p.features.push_back("all_to_all");
    v = back;
  }
  int64_t cols = plantScatter ? h : H;
  if (permute && X > 1) {
    std::string r = w.fresh();
    std::string pairs = "dense<[";
    for (int64_t k = 0; k < X * Y; ++k)
      pairs += (k ? ", [" : "[") + std::to_string(k) + ", " +
               std::to_string((k + Y) % (X * Y)) + "]";
    pairs += "]> : tensor<" + std::to_string(X * Y) + "x2xi64>";
    s += "      " + r + " = \"stablehlo.collective_permute\"(" + v + ") <{" +
         w.handle() + ", source_target_pairs = " + pairs + "}> : (" +
         t(tb, cols) + ") -> " + t(tb, cols) + "\n";
    p.features.push_back("collective_permute");
    v = r;
  }
  if (activation) {
    std::string r = w.fresh();
    s += "      " + r + " = stablehlo.tanh " + v + " : " + t(tb, cols) + "\n";
    v = r;
  }
  s += "      sdy.return " + v + " : " + t(tb, cols) + "\n";
  s += "    } : (" + t(tB, D) + ", " + t(D, H) + ") -> " + t(tB, Hout) + "\n";
  s += "    return " + mc + " : " + t(tB, Hout) + "\n";
  std::string head = "module @jit_layer attributes {mhlo.num_partitions = " +
                     std::to_string(X * Y) +
                     " : i32, mhlo.num_replicas = 1 : i32} {\n"
                     "  sdy.mesh @mesh = <[\"x\"=" +
                     std::to_string(X) + ", \"y\"=" + std::to_string(Y) +
                     "]>\n"
                     "  func.func public @main(%arg0: " +
                     t(tB, D) +
                     " {sdy.sharding = #sdy.sharding<@mesh, [{\"x\"}, "
                     "{\"y\"}]>}, %arg1: " +
                     t(D, H) +
                     " {sdy.sharding = #sdy.sharding<@mesh, [{\"y\"}, {}]>}) "
                     "-> (" +
                     t(tB, Hout) +
                     " {jax.result_info = \"result\", sdy.sharding = "
                     "#sdy.sharding<@mesh, " +
                     outSharding + ">}) {\n";
  p.text = head + s + "  }\n}\n";
  return p;
}

namespace {

/// The `mhlo.sharding` HloSharding::Print writes for a mesh [x=X, y=Y]
/// (devices x-major) whose axes shard the tensor dims as `axes` says ('x',
/// 'y' or '0' per dim), replicated over an axis that shards none.
std::string hloSharding(int64_t X, int64_t Y, const std::string &axes) {
  int64_t tx = 1, ty = 1;
  std::string tiles;
  for (char a : axes) {
    int64_t n = a == 'x' ? X : a == 'y' ? Y : 1;
    if (a == 'x')
      tx = X;
    if (a == 'y')
      ty = Y;
    tiles += (tiles.empty() ? "" : ",") + std::to_string(n);
  }
  int64_t N = X * Y, used = tx * ty;
  if (used == 1)
    return "{replicated}";
  if (used == N) // tiles in device order when x comes first
    return "{devices=[" + tiles + "]<=[" + std::to_string(N) + "]}";
  // One axis tiles, the other replicates (the last tile dim).
  int64_t rep = N / used;
  std::string iota =
      tx > 1 ? "<=[" + std::to_string(N) + "]"
             : "<=[" + std::to_string(X) + "," + std::to_string(Y) + "]T(1,0)";
  return "{devices=[" + tiles + "," + std::to_string(rep) + "]" + iota +
         " last_tile_dim_replicate}";
}

} // namespace

ShardedProgram generateGspmd(uint64_t seed, bool planted) {
  std::mt19937_64 rng(seed * 104729 + (planted ? 1 : 0));
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  ShardedProgram p;
  p.seed = seed;
  p.planted = planted;
  p.gspmd = true;
  const int64_t xs[] = {1, 2, 4}, ys[] = {2, 4};
  int64_t X = xs[pick(0, 2)], Y = ys[pick(0, 1)], N = X * Y;
  int64_t b = 2 * pick(1, 4), d = 8 * pick(1, 4), h = 4 * pick(1, 8);
  int64_t D = Y * d, H = Y * h;
  // Clean: an uneven batch is padded (ceil(B / X) = b rows per device).
  int64_t B = X * b - (X > 1 && pick(0, 1) ? pick(1, X - 1) : 0);
  bool scatter = pick(0, 1) == 1, activation = pick(0, 1) == 1;
  // Planted: a shard of floor(B / X) rows for an uneven batch, or a full
  // size the shards do not make.
  bool plantShard = planted && X > 1 && pick(0, 1) == 0;
  bool plantFull = planted && !plantShard;
  int64_t shardB = b, fullB = B, fullH = H;
  if (plantShard) {
    B = X * b + pick(1, X - 1); // ceil(B / X) is b + 1, not the shard b
    fullB = X * b;              // what the b rows make back
  }
  if (plantFull && X > 1)
    fullB = B + X; // ceil(fullB / X) = b + 1
  else if (plantFull)
    fullH = H + 1; // replicated: the full size is the shard's
  std::string xs0 = hloSharding(X, Y, "xy"), ws = hloSharding(X, Y, "y0"),
              outs = hloSharding(X, Y, "x0");
  auto cc = [](const std::string &r, const std::string &target,
               const std::string &in, const std::string &sharding,
               const std::string &from, const std::string &to) {
    return "    " + r + " = stablehlo.custom_call @" + target + "(" + in +
           ") {backend_config = \"\", mhlo.sharding = \"" + sharding +
           "\"} : (" + from + ") -> " + to + "\n";
  };
  std::string m;
  m += cc("%0", "Sharding", "%arg0", xs0, t(B, D), t(B, D));
  m +=
      cc("%1", "SPMDFullToShardShape", "%0", "{manual}", t(B, D), t(shardB, d));
  m += cc("%2", "Sharding", "%arg1", ws, t(D, H), t(D, H));
  m += cc("%3", "SPMDFullToShardShape", "%2", "{manual}", t(D, H), t(d, H));
  m += "    %4 = call @shmap_body(%1, %3) : (" + t(shardB, d) + ", " + t(d, H) +
       ") -> " + t(shardB, H) + "\n";
  m += cc("%5", "Sharding", "%4", "{manual}", t(shardB, H), t(shardB, H));
  m += cc("%6", "SPMDShardToFullShape", "%5", outs, t(shardB, H),
          t(fullB, fullH));
  m += "    return %6 : " + t(fullB, fullH) + "\n";
  if (plantShard) {
    p.plantedResult = "%1";
    p.plantedWhat = "shard " + std::to_string(shardB) + " of batch " +
                    std::to_string(B) + " over x=" + std::to_string(X);
  } else if (plantFull) {
    p.plantedResult = "%6";
    p.plantedWhat = "full " + std::to_string(fullB) + "x" +
                    std::to_string(fullH) + " from shard " + std::to_string(b) +
                    "x" + std::to_string(H);
  }
  // The body: local partial sums [b, H] combined over the y groups.
  Writer w;
  std::string &s = w.body;
  std::string v = w.fresh();
  s += "    " + v + " = stablehlo.dot_general %arg0, %arg1, " +
       "contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (" +
       t(b, d) + ", " + t(d, H) + ") -> " + t(b, H) + "\n";
  std::string reducer = "    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):\n"
                        "      %r = stablehlo.add %arg2, %arg3 : tensor<f32>\n"
                        "      stablehlo.return %r : tensor<f32>\n";
  std::string r = w.fresh();
  if (scatter) {
    s += "    " + r + " = \"stablehlo.reduce_scatter\"(" + v + ") <{" +
         w.handle() + ", replica_groups = " + groups(X, Y, true) +
         ", scatter_dimension = 1 : i64, use_global_device_ids}> ({\n" +
         reducer + "    }) : (" + t(b, H) + ") -> " + t(b, H / Y) + "\n";
    std::string g = w.fresh();
    s += "    " + g + " = \"stablehlo.all_gather\"(" + r +
         ") <{all_gather_dim = 1 : i64, " + w.handle() +
         ", replica_groups = " + groups(X, Y, true) +
         ", use_global_device_ids}> : (" + t(b, H / Y) + ") -> " + t(b, H) +
         "\n";
    p.features = {"reduce_scatter", "all_gather"};
    r = g;
  } else {
    s += "    " + r + " = \"stablehlo.all_reduce\"(" + v + ") <{" + w.handle() +
         ", replica_groups = " + groups(X, Y, true) +
         ", use_global_device_ids}> ({\n" + reducer + "    }) : (" + t(b, H) +
         ") -> " + t(b, H) + "\n";
    p.features = {"all_reduce"};
  }
  if (activation) {
    std::string a = w.fresh();
    s += "    " + a + " = stablehlo.tanh " + r + " : " + t(b, H) + "\n";
    r = a;
  }
  s += "    return " + r + " : " + t(b, H) + "\n";
  p.text = "module @jit_layer attributes {mhlo.num_partitions = " +
           std::to_string(N) +
           " : i32, mhlo.num_replicas = 1 : i32} {\n"
           "  func.func public @main(%arg0: " +
           t(B, D) + " {mhlo.sharding = \"" + xs0 + "\"}, %arg1: " + t(D, H) +
           " {mhlo.sharding = \"" + ws + "\"}) -> (" + t(fullB, fullH) +
           " {jax.result_info = \"\"}) {\n" + m +
           "  }\n  func.func private @shmap_body(%arg0: " + t(b, d) +
           ", %arg1: " + t(d, H) + ") -> (" + t(b, H) +
           " {jax.result_info = \"[('x',), None]\"}) {\n" + s + "  }\n}\n";
  return p;
}

} // namespace symshape::sharded
