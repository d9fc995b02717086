locals {
  label = { env = terraform.workspace, team = "core" }
}

locals {
  combo = "pre-${terraform.workspace}"
}

resource "terraform_data" "web" {
  input = true
}

resource "terraform_data" "queue" {
  input = terraform_data.web.output
  triggers_replace = terraform_data.web.id
  depends_on = [terraform_data.web]

  lifecycle {
    ignore_changes = all
    replace_triggered_by = [terraform_data.web]
  }
}

resource "terraform_data" "db" {
  for_each = { x = "1", y = "2" }
  input = length([terraform_data.web.id])
  depends_on = [terraform_data.web]
}

module "wrapper" {
  source = "./modules/wrap"
  input = "w"
}

output "value" {
  value = { for k, v in terraform_data.db : k => v.output }
}

output "ids" {
  value = var.name
  sensitive = true
}

check "health" {
  assert {
    condition     = var.name != "beta"
    error_message = "Check health failed."
  }
}
