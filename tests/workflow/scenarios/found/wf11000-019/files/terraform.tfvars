tags = { a = "9" }

token = "s3cret"
