locals {
  prefix = { env = terraform.workspace, team = "core" }
}

resource "terraform_data" "a" {
  input = 42
}

resource "terraform_data" "web" {
  for_each = { x = "1", y = "2" }
  input = "${each.key}=${each.value}"
}

module "wrapper" {
  source = "./modules/wrap"
  count  = 1
  input = { a = 1 }
}

module "wrapper1" {
  source = "./modules/wrap"
  for_each = toset(["p", "q"])
  input = "w"
}

output "out" {
  value = { for k, v in terraform_data.web : k => v.output }
}

output "ids" {
  value = { for k, m in module.wrapper1 : k => m.output }

  precondition {
    condition     = length(jsonencode({ for k, m in module.wrapper1 : k => m.output })) > 0
    error_message = "The precondition failed."
  }
}

output "value" {
  value = local.prefix
}
