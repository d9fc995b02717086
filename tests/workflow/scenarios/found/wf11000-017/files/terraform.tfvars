zones = ["a", "b", "c"]

token = "xy"
