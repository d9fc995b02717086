enabled = false
