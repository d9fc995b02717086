cfg = { x = "q" }
