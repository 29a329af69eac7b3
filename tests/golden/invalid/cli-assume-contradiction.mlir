// RUN: check %s --assume "%a[0] == 3" --assume "%a[0] > 4"
// EXIT: 2
// Two --assume facts that contradict each other: one error naming both (and
// the function where they meet), exit 2, nothing on stdout.
func.func @f(%a: tensor<?xf32>) {
  return
}
