enabled = false

size = 1
