zones = ["a", "b", "c"]

name = "beta"

enabled = false
