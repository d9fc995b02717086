tags = { a = "9" }
