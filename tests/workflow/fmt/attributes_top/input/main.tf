a = 1
bbb = 2

c=3
# x
dddd = 4
block {
}
e = 5
