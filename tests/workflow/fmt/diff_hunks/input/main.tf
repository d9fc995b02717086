locals {
  v0 = 0
  v1 = 1
  v2 = 2
  v3 = 3
  v4 = 4
  v5 = 5
  v6 = 6
  v7 = 7
  v8 = 8
  v9 = 9
  v10 = 10
  v11 = 11
  x=1
  w0 = 0
  w1 = 1
  w2 = 2
  w3 = 3
  w4 = 4
  w5 = 5
  w6 = 6
  w7 = 7
  w8 = 8
  w9 = 9
  w10 = 10
  w11 = 11
  w12 = 12
  w13 = 13
y   =   2
}

output "o" {
value=1
}
