locals {
  combo = [1, 2, 3]
}

resource "terraform_data" "db" {
  input = ["a", "b"]
}

resource "terraform_data" "b" {
  for_each = { x = "1", y = "2" }
  input = length([terraform_data.db.id])
}

resource "terraform_data" "item" {
  input = var.name

  lifecycle {
    create_before_destroy = true
    ignore_changes = [input]
  }
}

resource "terraform_data" "imported" {
}

module "boxes" {
  source = "./modules/box"
  count  = 2
  in = var.name
  n = 0
}

output "result" {
  value = var.name
}

output "value" {
  value = var.tags
}

output "result1" {
  value = terraform_data.item.output
}

import {
  to = terraform_data.imported
  id = "import-3-id"
}
