name = "zz"

name1 = "beta"
