resource "terraform_data" "cache" {
  for_each = { x = "1", y = "2" }
  input = var.zones
}

resource "terraform_data" "app" {
  count = 3
  input = var.zones
  triggers_replace = [for v in terraform_data.cache : v.id]

  lifecycle {
    create_before_destroy = true
    ignore_changes = all
  }
}

module "nested" {
  source = "./modules/nest"
  count  = 1
  input = "d"
}

module "wrapper" {
  source = "./modules/wrap"
  for_each = toset(["p", "q"])
  input = "z"
}

output "ids" {
  value = terraform.workspace
}

output "value" {
  value = terraform.workspace
}

check "health" {
  assert {
    condition     = length(var.zones) > 1
    error_message = "Check health failed."
  }
}
