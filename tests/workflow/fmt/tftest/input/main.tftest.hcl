variables {
a="x"
}
run "r" {
command = plan
}
