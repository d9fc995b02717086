locals {
  a = 1 # one
  bbbbbb = "two" # two
  c = [1, 2, 3] # three

  d = 1 # alone
  eee = 2
  f = 3 # after a line without
  # full-line comment
  g = 4 // slash
  hh = 5 /* block */ # hash after block
}
