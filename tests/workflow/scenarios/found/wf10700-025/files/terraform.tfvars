tags = { a = "9" }

zones = ["a", "b", "c"]
