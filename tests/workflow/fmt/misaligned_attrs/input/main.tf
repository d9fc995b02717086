resource "terraform_data" "web" {
  input = "hello"
    triggers_replace = [1,2,3]
  count=2
}

locals {
a=1
    long_name   =    "x"
b = true
}
