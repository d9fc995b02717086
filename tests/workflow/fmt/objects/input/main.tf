locals {
  o = {
    a = 1
    bb = 2
    "quoted key" = 3
    ccc: 4
    nested = {
      x = 1
        yy = { z = 1 }
    }
  }
  t = [
  { a = 1 },
      {
        b = 2
      },
  ]
}
