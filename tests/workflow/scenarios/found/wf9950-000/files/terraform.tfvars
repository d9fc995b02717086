zones = ["a", "b", "c"]

name1 = "beta"
