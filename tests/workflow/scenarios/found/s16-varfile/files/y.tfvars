plain = "y"
