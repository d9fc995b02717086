zones = ["x"]
