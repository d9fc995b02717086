name1 = "beta"
