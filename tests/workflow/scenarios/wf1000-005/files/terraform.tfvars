name = "beta"
