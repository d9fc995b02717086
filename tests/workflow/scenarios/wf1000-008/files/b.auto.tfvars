name = "zz"
