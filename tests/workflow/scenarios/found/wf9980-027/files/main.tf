locals {
  label = { env = terraform.workspace, team = "core" }
}

resource "terraform_data" "cache" {
  count = var.size
  input = var.cfg
}

resource "terraform_data" "db" {
  input = length(terraform_data.cache)
}

module "boxes" {
  source = "./modules/box"
  count  = 1
  in = "k"
  n = 2
}

output "summary" {
  value = terraform_data.db.id
  sensitive = true
}

output "result" {
  value = var.size
}

output "out" {
  value = terraform_data.db.id
}
