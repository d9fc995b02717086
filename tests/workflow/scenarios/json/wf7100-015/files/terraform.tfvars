zones = ["x"]

name = "gamma-long"
