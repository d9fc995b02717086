enabled = false

zones = ["a", "b", "c"]
