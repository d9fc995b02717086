eph = "e"
