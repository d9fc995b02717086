zones = []
