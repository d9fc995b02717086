tags = { c = "3", d = "4", e = "5" }

cfg = { x = "q" }
