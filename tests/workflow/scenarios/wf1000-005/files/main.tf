locals {
  merged = [1, 2, 3]
}

resource "terraform_data" "b" {
  input = true
}

resource "terraform_data" "item" {
  input = var.name
}
