locals {
  a = [
  {
  b = 1
  },
  ]
  c = max(
  1,
  2)
  d = { e = [
    1,
    2
  ] }
  f = [[
  1
  ]]
  g = jsonencode({
  h = 1
  ii = [
  2
  ]
  })
}
