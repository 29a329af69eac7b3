//===- DifferentialTest.cpp - symshape's static errors vs mlir-opt-16 -----===//
//
// Two cases, each judged by Judge.h against a real mlir-opt-16 run:
//
//  - generated: batches of random test.broadcastable functions from fixed
//    seeds, every batch judged as symshape runs by default and every other
//    batch with --strict as well; prints the counts per class and requires
//    each class to be well populated;
//  - fixed: seed 000's own examples, and reduced programs of discrepancies
//    the generated case found, so they stay reproducible by name.
//
// Without mlir-opt-16 on PATH both fail, saying how to install it.
//
//===----------------------------------------------------------------------===//

#include "Judge.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <iostream>

using namespace symshape::differential;

namespace {

constexpr unsigned kBatches = 20;
constexpr unsigned kProgramsPerBatch = 100;
constexpr uint32_t kFirstSeed = 1600;

/// Batches judged with --strict as well: every other one.
bool judgedStrict(unsigned batch) { return batch % 2 == 1; }

void requireMlirOpt() {
  if (!mlirOptAvailable())
    FAIL("mlir-opt-16 is not on PATH; install the mlir-16-tools package "
         "(`bash .ci/install-deps`, see README) to run the differential test");
}

/// Runs mlir-opt on `batch`, then symshape in each mode of `modes`.
void judge(const Batch &batch, std::initializer_list<bool> modes,
           Tally &tally) {
  MlirOptRun run = runMlirOpt(batch.text);
  std::string broken = checkMlirOptRun(batch, run);
  if (!broken.empty())
    FAIL(broken);
  for (bool strict : modes) {
    broken = judgeBatch(batch, run, strict, tally);
    if (!broken.empty())
      FAIL(broken);
  }
}

/// Fails once per discrepancy: all of them with SYMSHAPE_DIFFERENTIAL_ALL
/// set in the environment, else the first 20.
void reportDiscrepancies(const Tally &tally) {
  size_t shown = std::getenv("SYMSHAPE_DIFFERENTIAL_ALL") ? SIZE_MAX : 20;
  for (size_t i = 0; i < tally.discrepancies.size() && i < shown; ++i)
    FAIL_CHECK(tally.discrepancies[i]);
  CHECK(tally.discrepancies.empty());
}

Shape ranked(std::vector<int64_t> dims) { return Shape{true, std::move(dims)}; }
Shape unranked() { return Shape{false, {}}; }

/// `@name(%a0: operands[0], ...)` with one operand per argument, all i32.
Program fixed(std::string name, std::vector<Shape> operands, Shape result) {
  Program program;
  program.name = std::move(name);
  for (Shape &operand : operands) {
    program.operands.push_back(program.arguments.size());
    program.arguments.push_back(std::move(operand));
    program.argumentElements.push_back("i32");
  }
  program.result = std::move(result);
  program.resultElement = "i32";
  return program;
}

constexpr int64_t Q = kDynamic;

} // namespace

TEST_CASE("symshape's static errors match mlir-opt-16's on generated programs",
          "[differential]") {
  requireMlirOpt();
  auto start = std::chrono::steady_clock::now();
  Tally tally;
  for (unsigned b = 0; b < kBatches; ++b) {
    uint32_t seed = kFirstSeed + b;
    Batch batch = makeBatch(
        "seed " + std::to_string(seed),
        generatePrograms(seed, kProgramsPerBatch, "b" + std::to_string(b)));
    if (judgedStrict(b))
      judge(batch, {false, true}, tally);
    else
      judge(batch, {false}, tally);
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();

  std::cout << "differential: " << kBatches * kProgramsPerBatch << " programs, "
            << tally.cases << " cases (program x mode), " << seconds << " s\n";
  for (Class cls : {Class::AgreeAccept, Class::AgreeReject, Class::RankAbove,
                    Class::InferredOne, Class::StrictDynamic, Class::NoOperands,
                    Class::ModelError})
    std::cout << "  " << className(cls) << ": " << tally.counts[cls] << "\n";
  std::cout << "  discrepancies: " << tally.discrepancies.size() << "\n";

  reportDiscrepancies(tally);
  CHECK(tally.counts[Class::ModelError] == 0);
  CHECK(tally.counts[Class::AgreeAccept] >= 200);
  CHECK(tally.counts[Class::AgreeReject] >= 200);
  CHECK(tally.counts[Class::RankAbove] >= 50);
  CHECK(tally.counts[Class::InferredOne] >= 30);
  CHECK(tally.counts[Class::StrictDynamic] >= 20);
}

TEST_CASE("symshape's static errors match mlir-opt-16's on fixed programs",
          "[differential]") {
  requireMlirOpt();
  std::vector<Program> programs = {
      // Seed 000's correct uses.
      fixed("ok_exact", {ranked({1, 2}), ranked({1, 2})}, ranked({1, 2})),
      fixed("ok_dynamic", {ranked({Q}), ranked({Q})}, ranked({Q})),
      fixed("ok_broadcast", {ranked({1}), ranked({4})}, ranked({4})),
      fixed("ok_relaxed", {ranked({4})}, ranked({Q})),
      fixed("ok_expand", {ranked({4}), ranked({2, 3, 4})}, ranked({2, 3, 4})),
      fixed("ok_unranked_result", {ranked({2})}, unranked()),
      fixed("ok_unranked_operands", {unranked(), unranked()}, ranked({2})),
      // Seed 000's incorrect uses: both reject, then (a), (c) with
      // --strict, both reject, (b).
      fixed("bad_operands", {ranked({3}), ranked({2})}, ranked({Q})),
      fixed("bad_rank", {ranked({3}), ranked({3})}, ranked({1, 3})),
      fixed("bad_dynamic", {ranked({Q}), ranked({Q})}, ranked({4})),
      fixed("bad_static", {ranked({2}), ranked({2})}, ranked({4})),
      fixed("bad_one", {ranked({1}), ranked({1})}, ranked({4})),
      // Seed 000 wants an operand; mlir-opt-16 accepts none: (d).
      fixed("no_operands", {}, ranked({2})),
      // SPEC 3: an unranked operand allows a higher-rank result.
      fixed("unranked_higher", {ranked({3}), unranked()}, ranked({2, 3})),
      // Seed 000 discards unranked operands before inferring. An earlier
      // lowering read them as `?` columns: no error for (b) or for 0 vs 1,
      // and --strict errors on a static 1 (seeds 1601, 1603, 1605, 1606).
      fixed("unranked_zero", {ranked({0}), unranked()}, ranked({1})),
      fixed("unranked_one_equal", {ranked({1}), unranked()}, ranked({1})),
      fixed("unranked_one_four", {ranked({1}), unranked()}, ranked({4})),
      fixed("unranked_two_three", {ranked({2}), unranked()}, ranked({3})),
  };
  Tally tally;
  judge(makeBatch("fixed programs", std::move(programs)), {false, true}, tally);
  reportDiscrepancies(tally);
  // They show every class but the impossible one.
  for (Class cls :
       {Class::AgreeAccept, Class::AgreeReject, Class::RankAbove,
        Class::InferredOne, Class::StrictDynamic, Class::NoOperands}) {
    INFO(className(cls));
    CHECK(tally.counts[cls] > 0);
  }
  CHECK(tally.counts[Class::ModelError] == 0);
}
