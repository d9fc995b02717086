plain = "x"
