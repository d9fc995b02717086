run "first" {
command=plan
assert {
condition = var.a=="x"
    error_message="bad"
}
}
