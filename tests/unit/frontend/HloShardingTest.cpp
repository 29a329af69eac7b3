//===- HloShardingTest.cpp - XLA's `mhlo.sharding` text forms -------------===//
//
// The forms HloSharding::Print writes (openxla/xla, hlo_sharding.cc and
// tile_assignment.cc), as the GSPMD custom calls read them; every other
// form is refused (the op reading it is then opaque).
//
//===----------------------------------------------------------------------===//

#include "parser/AttrReaders.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;

TEST_CASE("HloSharding: the leaf forms", "[hlo-sharding]") {
  using K = HloSharding::Kind;
  CHECK(readHloSharding("{replicated}")->kind == K::Replicated);
  CHECK(readHloSharding("{manual}")->kind == K::Manual);
  CHECK(readHloSharding("{maximal device=3}")->kind == K::Maximal);

  std::optional<HloSharding> iota = readHloSharding("{devices=[1,8]<=[8]}");
  REQUIRE(iota);
  CHECK(iota->kind == K::Tiled);
  CHECK(iota->tiles == std::vector<int64_t>{1, 8});
  CHECK(iota->dataRank() == 2);

  std::optional<HloSharding> transposed =
      readHloSharding("{devices=[4,2]<=[2,4]T(1,0)}");
  REQUIRE(transposed);
  CHECK(transposed->tiles == std::vector<int64_t>{4, 2});

  std::optional<HloSharding> listed = readHloSharding("{devices=[2,2]0,2,1,3}");
  REQUIRE(listed);
  CHECK(listed->dataRank() == 2);

  std::optional<HloSharding> replicate = readHloSharding(
      "{devices=[1,1,4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}");
  REQUIRE(replicate);
  CHECK(replicate->lastTileDimReplicate);
  CHECK(replicate->dataRank() == 4);
  CHECK(!replicate->manualSubgroup());

  std::optional<HloSharding> subgroups = readHloSharding(
      "{devices=[2,1,2,2]<=[8] last_tile_dims={manual, replicated}}");
  REQUIRE(subgroups);
  CHECK(subgroups->dataRank() == 2);
  CHECK(subgroups->manualSubgroup());
}

TEST_CASE("HloSharding: tuples", "[hlo-sharding]") {
  std::optional<HloSharding> tuple =
      readHloSharding("{{replicated}, {devices=[2,1]<=[2]}, {manual}}");
  REQUIRE(tuple);
  CHECK(tuple->kind == HloSharding::Kind::Tuple);
  REQUIRE(tuple->elements.size() == 3);
  CHECK(tuple->elements[1].tiles == std::vector<int64_t>{2, 1});
  std::optional<HloSharding> empty = readHloSharding("{}");
  REQUIRE(empty);
  CHECK(empty->elements.empty());
}

TEST_CASE("HloSharding: forms not read", "[hlo-sharding]") {
  for (const char *text : {
           "{unknown}",
           "{unreduced}",
           "{replicated metadata={op_name=\"a\"}}",
           "{devices=[2,2]<=[3]}",         // 4 tiles, 3 devices
           "{devices=[2,2]0,1,2}",         // 4 tiles, 3 ids
           "{devices=[2]<=[2]T(1,0)}",     // permutation of another rank
           "{devices=[2,2]<=[2,2]T(0,0)}", // not a permutation
           "{devices=[0,2]<=[0]}",         // an empty tile dim
           "{devices=[2]<=[2] last_tile_dim_replicate last_tile_dims={manual}}",
           "{devices=[2,2]<=[4] last_tile_dims={maximal}}",
           "{devices=[2]<=[2] shard_as 1}",
           "{devices=[2]<=[2]} trailing",
           "devices=[2]<=[2]",
       })
    CHECK_FALSE(readHloSharding(text));
}
