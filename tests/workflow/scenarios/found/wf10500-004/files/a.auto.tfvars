tags1 = { a = "9" }
