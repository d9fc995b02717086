name1 = "gamma-long"
