locals {
  prefix = [1, 2, 3]
}

resource "terraform_data" "db" {
  input = local.prefix
}

resource "terraform_data" "queue" {
  input = { a = 1, b = "x" }
}

output "value" {
  value = terraform.workspace
}

output "value1" {
  value = terraform_data.db.output
}
