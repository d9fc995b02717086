locals {
  a = "${var.x}"
  b = "${var.x}-y"
  c = "${local.a}${local.b}"
  d = "${upper("${var.x}")}"
  e = "${ var.x }"
  f = "${
    var.x
  }"
  g = "${var.c ?
  1 : 2}"
  h = "x-${var.x}"
  i = "${(var.a)}"
  j = ["${var.x}"]
  k = "${~var.x~}"
}
