name1 = "zz"
