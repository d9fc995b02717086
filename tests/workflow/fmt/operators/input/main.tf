locals {
  a=1+2*3
  b = - 1
  c = !true
  d = var.a==var.b
  e = var.a ? 1:2
  f = [for x in var.l: x if x>0]
  g = {for k,v in var.m: k=>v}
  h = var.l[*].id
  i = var.l[0]
  j = max( 1 ,2 )
  k = max(var.l...)
  l = 1-2
  m = (1 - -2)
  n = var.a.b.c
  o = var.x != null && var.y || !var.z
  p = 10 % 3 / 2
  q = [for x in [1,2]: x]
  r = var.m["key"]
  s = 1 >= 2
  t = [ ]
  u = { }
}
