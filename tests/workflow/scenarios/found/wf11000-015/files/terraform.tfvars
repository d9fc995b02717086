token = "s3cret"
