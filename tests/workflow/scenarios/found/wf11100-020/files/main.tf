locals {
  combo = keys(var.tags)
}

resource "terraform_data" "a" {
  input = var.tags
}

module "nested" {
  source = "./modules/nest"
  input = "d"
}

output "summary" {
  value = terraform.workspace
  sensitive = true
}

output "ids" {
  value = module.nested.output
}

output "result" {
  value = local.combo
}
