locals {
  label = { env = terraform.workspace, team = "core" }
}

resource "terraform_data" "item" {
  input = 42
}

resource "terraform_data" "item1" {
  input = { a = 1, b = "x" }

  lifecycle {
    replace_triggered_by = [terraform_data.item]
  }
}

resource "terraform_data" "app" {
  input = var.tags1

  lifecycle {
    ignore_changes = [input]
  }
}

resource "terraform_data" "web" {
  input = terraform_data.item1.id

  lifecycle {
    create_before_destroy = true
  }
}

module "boxes" {
  source = "./modules/box"
  in = "m"
  n = 2
}

output "ids" {
  value = module.boxes.ids
  sensitive = true
}

output "summary" {
  value = var.zones
}

output "result" {
  value = var.tags1
}
