locals {
  a = 1
  bbbbb = {
    x = 1
    yyy = 2
  }
  cc = [
    1,
    2,
  ]
  d = "x"
  eeeeeeee = { k = "v", kk = "vv" }
  f = [1, 2]
}
