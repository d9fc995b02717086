zones = ["a", "b", "c"]
