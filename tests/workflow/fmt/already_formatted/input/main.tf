resource "terraform_data" "a" {
  input = "x"

  lifecycle {
    create_before_destroy = true
  }
}

locals {
  a    = 1
  long = 2
}
