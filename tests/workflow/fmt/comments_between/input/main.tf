locals {
  # a hash comment
  a = 1 # trailing
  // a slash comment
  bb = 2 // trailing too
  /* a block comment */
  ccc = 3
  dddd = 4     # aligned?
  e = 5 /* block at end */
  ff = 6 # last
}

# top comment
// another
/* block
   spanning lines */
variable "x" {
  default = 1   # d
  type = number    # t
}
