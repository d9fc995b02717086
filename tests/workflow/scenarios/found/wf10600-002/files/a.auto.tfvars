tags = { a = "9" }

zones = ["x"]

enabled = false
