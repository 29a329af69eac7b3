// RUN: check %s
// EXIT: 2
// A dialect type's body is skipped by bracket matching: '(' closed by ']'.
func.func @f(%a: !foo.bar<(1, 2]>) {
  return
}
