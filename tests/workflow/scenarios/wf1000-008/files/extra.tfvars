name = "gamma-long"
