tags = { a = "9" }

name = "gamma-long"
