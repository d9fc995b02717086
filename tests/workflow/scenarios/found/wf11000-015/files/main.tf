locals {
  merged = [1, 2, 3]
}

resource "terraform_data" "a" {
  input = true
}

resource "terraform_data" "a1" {
  for_each = toset(["k1", "k2", "k3"])
  input = terraform_data.a.output

  lifecycle {
    ignore_changes = [input]
  }
}

resource "terraform_data" "item" {
  input = length(terraform_data.a1)
}

resource "terraform_data" "a2" {
  count = 1
}
