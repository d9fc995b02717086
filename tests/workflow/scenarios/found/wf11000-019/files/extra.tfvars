tags = { c = "3", d = "4", e = "5" }

cfg = { x = "p", y = 1 }
